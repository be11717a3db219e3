import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiSpeech } from './openai-speech.ts';

let close: (() => Promise<void>) | null = null;
afterEach(async () => close?.());

/** A local speech server whose every answer `reply` writes; returns its /v1 base URL. */
async function serve(reply: (res: ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => reply(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
}

describe('the OpenAI-compatible speech client', () => {
  it('gives up after its time limit with a reason', async () => {
    const baseUrl = await serve(() => undefined); // never answers
    const speech = createOpenAiSpeech({ baseUrl, apiKey: undefined, voice: 'alloy' }, { timeoutMs: 200 });
    await expect(speech.synthesise('Hello')).rejects.toMatchObject({ status: 504, message: 'Speech service failed: no answer within 0.2 s' });
  });

  it('refuses an answer that is not audio', async () => {
    const baseUrl = await serve((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Login</h1>'));
    const speech = createOpenAiSpeech({ baseUrl, apiKey: 'k', voice: 'alloy' });
    await expect(speech.synthesise('Hello')).rejects.toMatchObject({ status: 502, message: 'Speech service failed: the server sent text/html, not audio' });
  });

  it('refuses audio larger than its bound', async () => {
    const baseUrl = await serve((res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.alloc(2048)));
    const speech = createOpenAiSpeech({ baseUrl, apiKey: 'k', voice: 'alloy' }, { maxBytes: 1024 });
    await expect(speech.synthesise('Hello')).rejects.toMatchObject({ status: 502, message: 'Speech service failed: the audio is too large' });
  });
});
