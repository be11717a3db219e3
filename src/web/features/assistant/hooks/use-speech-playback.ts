import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchSpeech } from '../api.ts';
import { speechText } from '../speech-text.ts';

export interface SpeechPlayback {
  /** False once a playback has failed: the speaker controls hide (doc 1 §4, §8). */
  supported: boolean;
  /** The key of the message being spoken (or fetched for speaking), if any. */
  speakingKey: string | null;
  speak: (key: string, answer: string) => void;
  stop: () => void;
}

interface Playing {
  key: string;
  audio: HTMLAudioElement | null;
  url: string | null;
  abort: AbortController;
}

/**
 * Spoken answers: POST /api/text-to-speech with the first sentences of the answer, played from an object
 * URL. The audio is stopped and its URL released on end, on error and on stop; a failed playback marks
 * speech unsupported and stops silently.
 */
export function useSpeechPlayback(): SpeechPlayback {
  const [supported, setSupported] = useState(true);
  const [speakingKey, setSpeakingKey] = useState<string | null>(null);
  const playing = useRef<Playing | null>(null);

  const release = useCallback((p: Playing | null) => {
    if (!p) return;
    p.abort.abort();
    if (p.audio) {
      p.audio.onended = null;
      p.audio.onerror = null;
      p.audio.pause();
      p.audio.removeAttribute('src');
    }
    if (p.url) URL.revokeObjectURL(p.url);
  }, []);

  const stop = useCallback(() => {
    release(playing.current);
    playing.current = null;
    setSpeakingKey(null);
  }, [release]);

  const fail = useCallback(
    (p: Playing, error: unknown) => {
      if (playing.current !== p) return;
      // A browser refusing to autoplay is a policy, not a broken feature: only that attempt stops.
      const autoplayBlocked = error instanceof DOMException && error.name === 'NotAllowedError';
      if (!autoplayBlocked) setSupported(false);
      stop();
    },
    [stop],
  );

  const speak = useCallback(
    (key: string, answer: string) => {
      stop();
      const text = speechText(answer);
      if (!text) return;
      const p: Playing = { key, audio: null, url: null, abort: new AbortController() };
      playing.current = p;
      setSpeakingKey(key);
      fetchSpeech(text, p.abort.signal)
        .then((blob) => {
          if (playing.current !== p) return;
          p.url = URL.createObjectURL(blob);
          const audio = new Audio(p.url);
          p.audio = audio;
          audio.onended = () => {
            if (playing.current === p) stop();
          };
          audio.onerror = () => fail(p, audio.error);
          return audio.play();
        })
        .catch((error: unknown) => fail(p, error));
    },
    [fail, stop],
  );

  useEffect(() => () => release(playing.current), [release]);

  return { supported, speakingKey, speak, stop };
}
