/**
 * The slice of the Web Speech API the assistant uses. TypeScript's DOM library does not declare the
 * recognition class itself, so it is described here.
 */
export interface RecognitionResultEvent {
  readonly results: ArrayLike<ArrayLike<{ readonly transcript: string }>>;
}

export interface RecognitionErrorEvent {
  readonly error: string;
}

export interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

type RecognitionConstructor = new () => Recognition;

/** window.SpeechRecognition, or Chrome's prefixed one; null where the browser has neither. */
export function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

/** The first alternative of the first result (non-continuous, one alternative). */
export function transcriptOf(event: RecognitionResultEvent): string {
  const first = event.results[0]?.[0];
  return first?.transcript ?? '';
}
