import type { Config } from '../../config.ts';
import { SpeechError, type SpeechProvider } from './speech-provider.ts';

export interface OpenAiSpeechOptions {
  timeoutMs?: number;
  /** Larger answers are refused: 400 characters of speech is well under a megabyte of WAV. */
  maxBytes?: number;
}

const FAILED = 'Speech service failed';

/** A media type we pass through as audio; anything else (an HTML or JSON error page) is a failure. */
const isAudio = (type: string) => /^audio\//i.test(type) || /^application\/octet-stream/i.test(type);

/**
 * An OpenAI-compatible `POST {base}/audio/speech` (OpenAI, or a local server speaking the same API):
 * WAV is asked for, and whatever audio comes back is passed through with its own content type.
 */
export function createOpenAiSpeech(tts: NonNullable<Config['tts']>, options: OpenAiSpeechOptions = {}): SpeechProvider {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const url = `${tts.baseUrl.replace(/\/+$/, '')}/audio/speech`;

  return {
    name: `OpenAI-compatible speech at ${new URL(tts.baseUrl).host}`,
    async synthesise(text) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(tts.apiKey ? { authorization: `Bearer ${tts.apiKey}` } : {}) },
          body: JSON.stringify({ model: 'tts-1', input: text, voice: tts.voice, response_format: 'wav' }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
        throw new SpeechError(timedOut ? 504 : 502, timedOut ? `${FAILED}: no answer within ${timeoutMs / 1000} s` : `${FAILED}: the server could not be reached`);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new SpeechError(502, `${FAILED}: the server answered ${res.status}`);
      }
      const contentType = res.headers.get('content-type') ?? 'audio/wav';
      if (!isAudio(contentType)) {
        await res.body?.cancel();
        throw new SpeechError(502, `${FAILED}: the server sent ${contentType.split(';')[0]}, not audio`);
      }
      if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
        await res.body?.cancel();
        throw new SpeechError(502, `${FAILED}: the audio is too large`);
      }
      let bytes: Buffer;
      try {
        bytes = Buffer.from(await res.arrayBuffer());
      } catch {
        throw new SpeechError(502, `${FAILED}: the audio did not arrive whole`);
      }
      if (bytes.length === 0 || bytes.length > maxBytes) throw new SpeechError(502, `${FAILED}: ${bytes.length === 0 ? 'no audio came back' : 'the audio is too large'}`);
      return { bytes, contentType };
    },
    async warm() {},
    async close() {},
  };
}
