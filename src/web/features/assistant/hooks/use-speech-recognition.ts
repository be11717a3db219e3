import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { ASSISTANT_MESSAGES } from '../../../../shared/assistant.ts';
import { cooldownLeft, initialVoiceState, voiceReducer, type VoiceState } from '../voice.ts';
import { recognitionConstructor, transcriptOf, type Recognition } from './speech-recognition-api.ts';

export interface SpeechRecognitionControls {
  state: VoiceState;
  /** Set when the user asked for the microphone where the browser has no recognition. */
  unsupportedNotice: string | null;
  /** Milliseconds left of the cooldown between voice questions, counted down live. */
  cooldownMs: number;
  start: () => void;
  stop: () => void;
  /** A question from the voice flow was sent: processing until `answered`. */
  questionSent: () => void;
  answered: () => void;
}

/**
 * Browser speech recognition (doc 1 §4, §5, §8): en-US, non-continuous, one alternative, final results
 * only. Each recognised phrase is handed to `onTranscript`; the caller decides what it means.
 */
export function useSpeechRecognition(onTranscript: (transcript: string) => void): SpeechRecognitionControls {
  const [state, dispatch] = useReducer(voiceReducer, initialVoiceState);
  const [unsupportedNotice, setUnsupportedNotice] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const recognition = useRef<Recognition | null>(null);
  const handler = useRef(onTranscript);
  useEffect(() => {
    handler.current = onTranscript;
  }, [onTranscript]);

  const cooldownMs = cooldownLeft(state.lastQueryAt, now);
  // Tick while the cooldown runs, so the countdown (and the microphone) updates itself.
  useEffect(() => {
    if (state.lastQueryAt === null || cooldownLeft(state.lastQueryAt, Date.now()) === 0) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (cooldownLeft(state.lastQueryAt, Date.now()) === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [state.lastQueryAt]);

  const stop = useCallback(() => {
    const current = recognition.current;
    recognition.current = null;
    current?.abort();
    dispatch({ type: 'stopped' });
  }, []);

  const start = useCallback(() => {
    const Ctor = recognitionConstructor();
    if (!Ctor) {
      setUnsupportedNotice(ASSISTANT_MESSAGES.speechUnsupported);
      return;
    }
    recognition.current?.abort();
    const r = new Ctor();
    r.lang = 'en-US';
    r.continuous = false;
    r.interimResults = false;
    r.maxAlternatives = 1;
    r.onresult = (event) => {
      if (recognition.current !== r) return;
      const transcript = transcriptOf(event).trim();
      if (transcript) handler.current(transcript);
    };
    r.onerror = (event) => {
      if (recognition.current !== r) return;
      dispatch({ type: 'error', code: event.error });
    };
    r.onend = () => {
      if (recognition.current !== r) return;
      recognition.current = null;
      dispatch({ type: 'ended' });
    };
    recognition.current = r;
    try {
      r.start();
      dispatch({ type: 'listen' });
    } catch {
      recognition.current = null;
      dispatch({ type: 'start-failed' });
    }
  }, []);

  const questionSent = useCallback(() => {
    const at = Date.now();
    setNow(at);
    dispatch({ type: 'question', at });
  }, []);
  const answered = useCallback(() => dispatch({ type: 'answered' }), []);

  useEffect(() => () => recognition.current?.abort(), []);

  return { state, unsupportedNotice, cooldownMs, start, stop, questionSent, answered };
}
