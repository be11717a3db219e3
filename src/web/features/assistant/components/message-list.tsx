import type { ChatMessage } from '../../../../shared/assistant.ts';
import type { SpeechPlayback } from '../hooks/use-speech-playback.ts';
import { ChatMessageView } from './chat-message.tsx';
import { PendingAnswer } from './pending-answer.tsx';

export const messageKey = (message: ChatMessage, index: number) => `${index}-${message.timestamp}`;

export interface MessageListProps {
  messages: readonly ChatMessage[];
  pending: boolean;
  playback: SpeechPlayback;
  onRetry: (index: number) => void;
  /** Asks a topic offered by a clarifying answer. */
  onChoose: (question: string) => void;
}

/** The conversation so far, then the loading indicator while a question is pending. */
export function MessageList({ messages, pending, playback, onRetry, onChoose }: MessageListProps) {
  if (messages.length === 0 && !pending) return null;
  return (
    <ol className="grid gap-4" aria-label="Conversation" data-testid="message-list">
      {messages.map((message, index) => {
        const key = messageKey(message, index);
        // Only real answers are read aloud; errors and the limit warning are not.
        const speakable = message.type === 'ai' && !message.isError && message.confidence !== undefined && playback.supported;
        return (
          <ChatMessageView
            key={key}
            message={message}
            speaker={
              speakable
                ? { speaking: playback.speakingKey === key, onSpeak: () => playback.speak(key, message.text), onStop: playback.stop }
                : null
            }
            onRetry={message.isError ? () => onRetry(index) : null}
            retryDisabled={pending}
            onChoose={onChoose}
            chooseDisabled={pending}
          />
        );
      })}
      {pending && <PendingAnswer />}
    </ol>
  );
}
