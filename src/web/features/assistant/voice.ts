import { ASSISTANT_MESSAGES, isEndOfConversation, VOICE_COOLDOWN_MS } from '../../../shared/assistant.ts';

/** The spoken commands (doc 1 §4); the microphone's tooltip names them. */
const START_PHRASE = 'start listening';
const STOP_PHRASE = 'stop listening';
export const VOICE_HELP = `Ask by voice. Say "${START_PHRASE}" to listen again, "${STOP_PHRASE}" to stop, or "goodbye" to start a new conversation.`;

export type VoiceStatus = 'idle' | 'listening' | 'processing';

export interface VoiceState {
  status: VoiceStatus;
  /** The last recognition error, with a Try Again action beside it. */
  error: string | null;
  /** When the last voice question was sent (ms), for the cooldown between voice queries. */
  lastQueryAt: number | null;
}

export const initialVoiceState: VoiceState = { status: 'idle', error: null, lastQueryAt: null };

export type VoiceEvent =
  | { type: 'listen' }
  | { type: 'start-failed' }
  | { type: 'error'; code: string }
  | { type: 'ended' }
  | { type: 'stopped' }
  | { type: 'question'; at: number }
  | { type: 'answered' };

/**
 * What happened, in words, for the Web Speech API's error codes (doc 1 §8's "no speech", and issue 16:
 * a pilot seeing "Error: not-allowed" does not know the browser blocked the microphone or how to allow it).
 */
export const VOICE_ERROR_TEXTS: Readonly<Record<string, string>> = {
  'not-allowed':
    'The browser blocked the microphone for this site. To allow it, click the lock or site-settings icon in the address bar, set Microphone to Allow, then press Try Again. You can also type your question.',
  'service-not-allowed': 'Voice input is turned off in this browser. Allow speech recognition in its settings, or type your question.',
  'audio-capture': 'No microphone was found. Connect one (or check it is not used by another app), then press Try Again. You can also type your question.',
  network: 'Speech recognition needs an internet connection and could not reach its service. Check your connection, then press Try Again.',
  'language-not-supported': 'Voice input does not support this language in this browser. Please type your question.',
};

function recognitionErrorText(code: string): string {
  if (code === 'no-speech') return ASSISTANT_MESSAGES.noSpeech;
  return VOICE_ERROR_TEXTS[code] ?? 'Voice input stopped unexpectedly. Press Try Again, or type your question.';
}

/** idle → listening → processing (a question was sent) → idle once it is answered (doc 1 §4). */
export function voiceReducer(state: VoiceState, event: VoiceEvent): VoiceState {
  switch (event.type) {
    case 'listen':
      return state.status === 'processing' ? state : { ...state, status: 'listening', error: null };
    case 'start-failed':
      return { ...state, status: 'idle', error: ASSISTANT_MESSAGES.speechStartFailed };
    case 'error':
      // "aborted" is our own stop(), not something to report.
      if (event.code === 'aborted') return state.status === 'listening' ? { ...state, status: 'idle' } : state;
      return { ...state, status: state.status === 'processing' ? 'processing' : 'idle', error: recognitionErrorText(event.code) };
    case 'ended':
    case 'stopped':
      return state.status === 'listening' ? { ...state, status: 'idle' } : state;
    case 'question':
      return { status: 'processing', error: null, lastQueryAt: event.at };
    case 'answered':
      return state.status === 'processing' ? { ...state, status: 'idle' } : state;
  }
}

/** Milliseconds left before another voice question may be sent (0 when free). */
export function cooldownLeft(lastQueryAt: number | null, now: number, cooldownMs = VOICE_COOLDOWN_MS): number {
  if (lastQueryAt === null) return 0;
  return Math.max(0, lastQueryAt + cooldownMs - now);
}

export type TranscriptAction = 'ignore' | 'start' | 'stop' | 'end-conversation' | 'ask';

const normalise = (t: string) => t.toLowerCase().replace(/[.,!?]/g, '').replace(/\s+/g, ' ').trim();

/** What a recognised phrase asks for: a command, the end of the conversation, or a question. */
export function transcriptAction(transcript: string): TranscriptAction {
  const t = normalise(transcript);
  if (t === '') return 'ignore';
  if (t === START_PHRASE) return 'start';
  if (t === STOP_PHRASE) return 'stop';
  if (isEndOfConversation(t)) return 'end-conversation';
  return 'ask';
}
