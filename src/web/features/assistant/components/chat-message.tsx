import { Bot, RotateCcw, Square, User, Volume2 } from 'lucide-react';
import type { ChatMessage } from '../../../../shared/assistant.ts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/utils.ts';
import { usePaymentsConfigured } from '../../billing/index.ts';
import { withoutSourcesBlock, withoutTopicList } from '../answer-text.ts';
import { LIMIT_PREFIX } from '../query-errors.ts';
import { AnswerBody } from './answer-body.tsx';
import { AnswerSources } from './answer-sources.tsx';
import { ConfidenceBadge } from './confidence-badge.tsx';
import { TopicChoices } from './topic-choices.tsx';

export interface SpeakerControl {
  speaking: boolean;
  onSpeak: () => void;
  onStop: () => void;
}

export interface ChatMessageViewProps {
  message: ChatMessage;
  /** The speaker button of an answer; absent where speech is unsupported. */
  speaker?: SpeakerControl | null;
  /** The Try Again action of an error message. */
  onRetry?: (() => void) | null;
  retryDisabled?: boolean;
  /** Asks one of the closest topics a clarifying answer offers. */
  onChoose?: ((question: string) => void) | null;
  chooseDisabled?: boolean;
}

const time = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
};

/** The answer's text without what is shown apart: its sources' block, or the topics offered as choices. */
function shownText(message: ChatMessage): string {
  const text = message.sources?.length ? withoutSourcesBlock(message.text) : message.text;
  return message.choices?.length ? withoutTopicList(text) : text;
}

/** One turn of the chat: the pilot's question on the right, the assistant's answer on the left. */
export function ChatMessageView({ message, speaker = null, onRetry = null, retryDisabled = false, onChoose = null, chooseDisabled = false }: ChatMessageViewProps) {
  const mine = message.type === 'user';
  const limit = !mine && message.text.startsWith(LIMIT_PREFIX);
  const error = !mine && message.isError === true;
  // With payments on, the limit message links to the plans (ADR 0040).
  const paymentsOn = usePaymentsConfigured();
  return (
    <li className={cn('flex min-w-0 gap-2 sm:gap-3', mine && 'flex-row-reverse')} data-testid={mine ? 'user-message' : 'ai-message'} data-error={error || undefined} data-limit={limit || undefined}>
      <span
        className={cn(
          'mt-1 flex size-8 shrink-0 items-center justify-center rounded-full',
          mine ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground',
        )}
        aria-hidden
      >
        {mine ? <User className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div
        className={cn(
          'grid min-w-0 max-w-[85%] gap-2 rounded-2xl px-4 py-3 text-sm shadow-sm',
          mine && 'rounded-tr-sm bg-primary text-primary-foreground',
          !mine && 'rounded-tl-sm border bg-card text-card-foreground',
          error && 'border-destructive/50 bg-destructive/5',
          limit && 'border-warning/60 bg-warning/10',
        )}
      >
        <span className="sr-only">{mine ? 'You said:' : 'Assistant said:'}</span>
        {mine || error || limit ? (
          // overflow-wrap anywhere: a long unbroken question (a pasted link, 1,000 x's) wraps instead of widening the chat.
          <p className={cn('whitespace-pre-wrap leading-relaxed wrap-anywhere', error && 'text-destructive')} data-testid="message-text">
            {message.text}
            {limit && paymentsOn && (
              <>
                {' '}
                <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline" data-testid="limit-see-plans">
                  See plans
                </Link>
              </>
            )}
          </p>
        ) : (
          <AnswerBody text={shownText(message)} />
        )}
        {!mine && message.sources && <AnswerSources sources={message.sources} />}
        {!mine && message.choices && <TopicChoices choices={message.choices} onChoose={onChoose} disabled={chooseDisabled} />}
        {!mine && (message.confidence !== undefined || speaker || onRetry) && (
          <div className="flex flex-wrap items-center gap-2">
            {message.confidence !== undefined && <ConfidenceBadge confidence={message.confidence} />}
            {onRetry && (
              <Button variant="outline" size="sm" onClick={onRetry} disabled={retryDisabled} data-testid="retry-query">
                <RotateCcw aria-hidden />
                Try Again
              </Button>
            )}
            {speaker && (
              <Button
                variant="ghost"
                size="icon"
                className="ml-auto size-8"
                aria-label={speaker.speaking ? 'Stop reading the answer aloud' : 'Read the answer aloud'}
                title={speaker.speaking ? 'Stop reading aloud' : 'Read aloud'}
                data-testid="speak-answer"
                onClick={speaker.speaking ? speaker.onStop : speaker.onSpeak}
              >
                {speaker.speaking ? <Square aria-hidden /> : <Volume2 aria-hidden />}
              </Button>
            )}
          </div>
        )}
        <time dateTime={message.timestamp} className={cn('text-[11px]', mine ? 'text-primary-foreground' : 'text-muted-foreground')}>
          {time(message.timestamp)}
        </time>
      </div>
    </li>
  );
}
