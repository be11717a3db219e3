import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, QueryResponse } from '../../../../shared/assistant.ts';
import { TIER_KEY } from '../../account/index.ts';
import { DRONES_KEY } from '../../drones/public-data.ts';
import { LOGBOOK_KEYS } from '../../flight-logs/index.ts';
import { postQuery, QUERIES_KEY, resetConversation } from '../api.ts';
import { browserStore, loadConversation, saveConversation } from '../conversation-storage.ts';
import { queryFailure } from '../query-errors.ts';

const now = () => new Date().toISOString();

export interface SendOptions {
  /** Called with the answer and its index once it arrives (the voice flow speaks it). */
  onAnswered?: (message: ChatMessage, index: number) => void;
  /** Called when the question settles, answered or not. */
  onSettled?: () => void;
}

export interface Conversation {
  messages: ChatMessage[];
  isPending: boolean;
  /** Ask a question; blank text, or a question while one is pending, is ignored. Returns whether it was sent. */
  send: (question: string, options?: SendOptions) => boolean;
  /** Resend the question an error message answered (its Try Again button). */
  retry: (errorIndex: number) => void;
  /** Reset the server's context (failure only logged) and clear the list (doc 1 §4). */
  newConversation: () => void;
}

/**
 * The home chat (doc 1 §4, §7, §8): the conversation kept in localStorage, questions sent to POST
 * /api/query, and the answer or the spec's error message appended.
 */
export function useConversation(userId: string | null): Conversation {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>(() => loadConversation(browserStore(), userId));
  // The list as of the last change, so callbacks never work on a stale render's copy.
  const latest = useRef(messages);
  // Two clicks in one frame see the same render: the question in flight is guarded by a ref.
  const inFlight = useRef(false);
  // A new conversation started while a question was pending must not receive its answer.
  const generation = useRef(0);

  useEffect(() => saveConversation(browserStore(), messages, userId), [messages, userId]);

  const replace = useCallback((next: ChatMessage[]) => {
    latest.current = next;
    setMessages(next);
  }, []);
  const append = useCallback((message: ChatMessage) => replace([...latest.current, message]), [replace]);

  // mutate is stable, so send and retry keep their identity across renders.
  const { mutate, isPending } = useMutation({ mutationFn: postQuery });

  const refreshAfterAnswer = useCallback(
    (response: QueryResponse) => {
      const refreshes = [queryClient.invalidateQueries({ queryKey: TIER_KEY }), queryClient.invalidateQueries({ queryKey: QUERIES_KEY })];
      if (response.context.droneContext) refreshes.push(queryClient.invalidateQueries({ queryKey: DRONES_KEY }));
      if (response.context.flightLogContext) refreshes.push(queryClient.invalidateQueries({ queryKey: LOGBOOK_KEYS.all }));
      void Promise.all(refreshes);
    },
    [queryClient],
  );

  const ask = useCallback(
    (question: string, options: SendOptions = {}) => {
      if (!userId) return;
      inFlight.current = true;
      const asked = generation.current;
      mutate(
        { question, userId },
        {
          onSuccess: (response) => {
            refreshAfterAnswer(response);
            if (asked !== generation.current) return;
            const answer: ChatMessage = {
              type: 'ai',
              text: response.answer,
              timestamp: now(),
              confidence: response.context.confidence,
              sources: response.context.sources,
              // Only a clarifying answer offers topics; an older server sends none.
              ...(response.context.choices?.length ? { choices: response.context.choices } : {}),
            };
            const index = latest.current.length;
            append(answer);
            options.onAnswered?.(answer, index);
          },
          onError: (error) => {
            // The count the server holds may have moved (after a 403 the limit certainly has been reached).
            void queryClient.invalidateQueries({ queryKey: TIER_KEY });
            if (asked !== generation.current) return;
            const failure = queryFailure(error);
            append({ type: 'ai', text: failure.text, timestamp: now(), ...(failure.limitReached ? {} : { isError: true }) });
          },
          onSettled: () => {
            inFlight.current = false;
            options.onSettled?.();
          },
        },
      );
    },
    [append, mutate, queryClient, refreshAfterAnswer, userId],
  );

  const send = useCallback(
    (text: string, options?: SendOptions) => {
      const question = text.trim();
      if (!question || !userId || inFlight.current) return false;
      append({ type: 'user', text: question, timestamp: now() });
      ask(question, options);
      return true;
    },
    [append, ask, userId],
  );

  const retry = useCallback(
    (errorIndex: number) => {
      if (inFlight.current) return;
      const question = latest.current.slice(0, errorIndex).findLast((m) => m.type === 'user')?.text;
      if (!question) return;
      replace(latest.current.filter((_, i) => i !== errorIndex));
      ask(question);
    },
    [ask, replace],
  );

  const newConversation = useCallback(() => {
    generation.current += 1;
    replace([]);
    if (!userId) return;
    resetConversation(userId).catch((error: unknown) => console.warn('Could not reset the conversation on the server', error));
  }, [replace, userId]);

  return { messages, isPending, send, retry, newConversation };
}
