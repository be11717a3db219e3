import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let alice: SignedInUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await createUser(t, 'alice');
});
afterAll(async () => t.close());

const speak = (app: TestApp, payload: unknown, user: SignedInUser | null = alice) =>
  app.app.inject({ method: 'POST', url: '/api/text-to-speech', headers: { origin: TEST_ORIGIN, ...(user?.headers ?? {}) }, payload: payload as object });

/** A sentence a pilot might hear, repeated to exactly `length` characters. */
const answer = (length: number) =>
  'Check the propellers, the battery and the compass before every flight, and keep the drone in sight. '.repeat(10).slice(0, length).trimEnd().padEnd(length, 'x');

interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  dataBytes: number;
  seconds: number;
}

/** Reads a RIFF/WAVE file's fmt and data chunks (whatever else it carries between them). */
function parseWav(bytes: Buffer): WavInfo {
  expect(bytes.toString('latin1', 0, 4)).toBe('RIFF');
  expect(bytes.toString('latin1', 8, 12)).toBe('WAVE');
  let fmt: Omit<WavInfo, 'dataBytes' | 'seconds'> | null = null;
  let dataBytes = -1;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      expect(bytes.readUInt16LE(at + 8)).toBe(1); // PCM
      fmt = { channels: bytes.readUInt16LE(at + 10), sampleRate: bytes.readUInt32LE(at + 12), bitsPerSample: bytes.readUInt16LE(at + 22) };
    }
    if (id === 'data') {
      dataBytes = Math.min(size, bytes.length - at - 8);
      break;
    }
    at += 8 + size + (size % 2);
  }
  if (!fmt) throw new Error('no fmt chunk');
  const bytesPerSecond = fmt.sampleRate * fmt.channels * (fmt.bitsPerSample / 8);
  return { ...fmt, dataBytes, seconds: dataBytes / bytesPerSecond };
}

describe('POST /api/text-to-speech (embedded synthesiser)', () => {
  it('answers 401 signed out', async () => {
    const res = await speak(t, { text: 'Hello' }, null);
    expect(res.statusCode).toBe(401);
  });

  it('refuses empty or blank text with a plain-text reason', async () => {
    for (const payload of [{ text: '' }, { text: '   ' }, {}]) {
      const res = await speak(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Text is required');
    }
  });

  it('refuses 401 characters with "Text can be at most 400 characters" as plain text', async () => {
    const res = await speak(t, { text: answer(401) });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('Text can be at most 400 characters');
  });

  it('answers a malformed body as plain text too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/text-to-speech',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', ...alice.headers },
      payload: '{"text":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body.length).toBeGreaterThan(0);
  });

  it('speaks a 200-character answer as a WAV of plausible length', async () => {
    const res = await speak(t, { text: answer(200) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const wav = parseWav(res.rawPayload);
    expect(wav).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    // 200 characters are some 30 words: well over 0.5 s of speech, and under a minute.
    expect(wav.seconds).toBeGreaterThan(0.5);
    expect(wav.seconds).toBeGreaterThan(5);
    expect(wav.seconds).toBeLessThan(60);
    // Not silence: the samples move.
    const data = res.rawPayload.subarray(res.rawPayload.length - wav.dataBytes);
    let peak = 0;
    for (let i = 0; i + 1 < data.length; i += 2) peak = Math.max(peak, Math.abs(data.readInt16LE(i)));
    expect(peak).toBeGreaterThan(1000);
  });

  it('takes 400 characters and answers calls made at once (serialised in the synthesiser)', async () => {
    const [long, ...short] = await Promise.all([speak(t, { text: `  ${answer(400)}  ` }), speak(t, { text: 'Ready.' }), speak(t, { text: 'Landing now.' })]);
    for (const res of [long, ...short]) {
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(parseWav(res.rawPayload).seconds).toBeGreaterThan(0.3);
    }
    expect(parseWav(long.rawPayload).seconds).toBeGreaterThan(parseWav(short[0].rawPayload).seconds);
  });
});

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A local OpenAI-compatible speech server; `answer` decides each reply. */
async function startSpeechServer(answer: (res: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('POST /api/text-to-speech rate limit', () => {
  it('is limited per user, and the refusal is plain text', async () => {
    const limited = await createTestApp({ RATE_LIMIT_WRITES: '1' }, {}, { database: t.database });
    try {
      expect((await speak(limited, { text: '' })).statusCode).toBe(400);
      const res = await speak(limited, { text: '' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toMatch(/rate limit/i);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/text-to-speech (configured OpenAI-compatible server)', () => {
  const AUDIO = Buffer.from('ID3 fake mp3 bytes from the speech server');

  it('sends the text with the bearer key and voice, and passes the audio through with its content type', async () => {
    const server = await startSpeechServer((res) => res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(AUDIO));
    const remote = await createTestApp({ TTS_BASE_URL: server.url, TTS_API_KEY: 'tts-test-key', TTS_VOICE: 'nova' }, {}, { database: t.database });
    try {
      const res = await speak(remote, { text: '  Clear skies, light wind.  ' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.rawPayload.equals(AUDIO)).toBe(true);
      expect(server.received).toHaveLength(1);
      const [call] = server.received;
      expect(call).toMatchObject({ method: 'POST', url: '/v1/audio/speech' });
      expect(call!.headers.authorization).toBe('Bearer tts-test-key');
      expect(call!.body).toEqual({ model: 'tts-1', input: 'Clear skies, light wind.', voice: 'nova', response_format: 'wav' });
    } finally {
      await remote.close();
      await server.close();
    }
  });

  it('answers a non-OK status with a plain-text reason when the server fails', async () => {
    const server = await startSpeechServer((res) => res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"boom"}'));
    const remote = await createTestApp({ TTS_BASE_URL: server.url, TTS_API_KEY: 'tts-test-key' }, {}, { database: t.database });
    try {
      const res = await speak(remote, { text: 'Hello pilot' });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBe(502);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(res.body).toBe('Speech service failed: the server answered 500');
      expect(server.received).toHaveLength(1);
    } finally {
      await remote.close();
      await server.close();
    }
  });

  it('fails with a plain-text reason when the server cannot be reached', async () => {
    const server = await startSpeechServer((res) => res.end());
    await server.close();
    const remote = await createTestApp({ TTS_BASE_URL: server.url }, {}, { database: t.database });
    try {
      const res = await speak(remote, { text: 'Hello pilot' });
      expect(res.statusCode).toBe(502);
      expect(res.body).toBe('Speech service failed: the server could not be reached');
    } finally {
      await remote.close();
    }
  });
});
