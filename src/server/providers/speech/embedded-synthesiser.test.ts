import { afterEach, describe, expect, it } from 'vitest';
import { createEmbeddedSynthesiser } from './embedded-synthesiser.ts';
import type { SpeechProvider } from './speech-provider.ts';

let synth: SpeechProvider | null = null;
afterEach(async () => synth?.close());

describe('the embedded synthesiser', () => {
  it('refuses new work as busy (503) once its queue is full, and still answers what it took', async () => {
    synth = createEmbeddedSynthesiser({ maxPending: 1 });
    const first = synth.synthesise('One job at a time.');
    await expect(synth.synthesise('Too many.')).rejects.toMatchObject({ status: 503, message: 'Speech service is busy, please try again shortly' });
    const audio = await first;
    expect(audio.contentType).toBe('audio/wav');
    expect(audio.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('fails a call not answered in time (and stops the thread) rather than hanging', async () => {
    synth = createEmbeddedSynthesiser({ timeoutMs: 1 });
    await expect(synth.synthesise('Too slow for one millisecond.')).rejects.toMatchObject({ status: 500, message: 'Speech synthesis failed: no answer within 0.001 s' });
    // A fresh thread is started for the next call; it fails the same way here, but answers rather than hangs.
    await expect(synth.synthesise('Again.')).rejects.toMatchObject({ status: 500 });
  });

  it('fails the calls still waiting when it is closed', async () => {
    synth = createEmbeddedSynthesiser();
    const waiting = expect(synth.synthesise('Interrupted.')).rejects.toMatchObject({ status: 500, message: 'Speech synthesis failed: the server is shutting down' });
    await synth.close();
    await waiting;
  });
});
