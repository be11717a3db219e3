import type { Config } from '../../config.ts';
import { createEmbeddedSynthesiser } from './embedded-synthesiser.ts';
import { createOpenAiSpeech } from './openai-speech.ts';

export interface SpeechAudio {
  bytes: Buffer;
  /** The audio's media type: audio/wav from the embedded synthesiser, whatever a configured server sends. */
  contentType: string;
}

/** One text-to-speech engine: the embedded Flite, or an OpenAI-compatible server when TTS_BASE_URL is set. */
export interface SpeechProvider {
  readonly name: string;
  synthesise(text: string): Promise<SpeechAudio>;
  /** Gets ready in the background so the first pilot does not pay for it (a no-op for a remote server). */
  warm(): Promise<void>;
  close(): Promise<void>;
}

/** A synthesis that failed; the route answers `status` with `message` as plain text (spec doc 1 §7). */
export class SpeechError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function createSpeechProvider(tts: Config['tts']): SpeechProvider {
  return tts ? createOpenAiSpeech(tts) : createEmbeddedSynthesiser();
}
