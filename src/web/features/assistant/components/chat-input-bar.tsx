import { LoaderCircle, Mic, MicOff, RotateCcw, Send, SquarePen } from 'lucide-react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { QUESTION_MAX } from '../../../../shared/assistant.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/utils.ts';
import { VOICE_HELP, type VoiceStatus } from '../voice.ts';

export interface VoiceControlsState {
  status: VoiceStatus;
  /** The recognition error of doc 1 §8, offered with Try Again. */
  error: string | null;
  /** "Speech recognition is not supported in this browser", once the microphone was asked for. */
  unsupportedNotice: string | null;
  cooldownMs: number;
  onMicrophone: () => void;
  onRetry: () => void;
}

export interface ChatInputBarProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  /** A question is pending or a voice question is processing: nothing can be sent. */
  blocked: boolean;
  onNewConversation: () => void;
  canStartOver: boolean;
  voice: VoiceControlsState;
}

function VoiceStatusLine({ voice }: { voice: VoiceControlsState }) {
  const seconds = Math.ceil(voice.cooldownMs / 1000);
  let content: ReactNode = null;
  if (voice.status === 'listening') content = <span className="text-primary">Listening… ask your question.</span>;
  else if (voice.status === 'processing') content = <span>Processing your voice question…</span>;
  else if (voice.error)
    content = (
      <>
        <span className="text-destructive" data-testid="voice-error">
          {voice.error}
        </span>
        <Button variant="outline" size="sm" className="h-7" onClick={voice.onRetry} data-testid="voice-retry">
          <RotateCcw aria-hidden />
          Try Again
        </Button>
      </>
    );
  else if (voice.unsupportedNotice)
    content = (
      <span className="text-destructive" data-testid="voice-unsupported">
        {voice.unsupportedNotice}
      </span>
    );
  else if (seconds > 0) content = <span>Next voice question in {seconds} s.</span>;
  return (
    <div role="status" aria-live="polite" className={cn('flex flex-wrap items-center gap-2 text-xs text-muted-foreground', content === null && 'sr-only')} data-testid="voice-status">
      {content}
    </div>
  );
}

/** The sticky input bar (doc 1 §2): text or voice question, send, and a new conversation. */
export function ChatInputBar({ value, onChange, onSubmit, blocked, onNewConversation, canStartOver, voice }: ChatInputBarProps) {
  const input = useRef<HTMLInputElement>(null);
  const wasBlocked = useRef(blocked);
  // Back to typing once the answer is in (the field is disabled while a question is pending).
  useEffect(() => {
    if (wasBlocked.current && !blocked && document.activeElement === document.body) input.current?.focus();
    wasBlocked.current = blocked;
  }, [blocked]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked && value.trim()) onSubmit();
  };
  const listening = voice.status === 'listening';
  const micLabel = listening ? 'Stop listening' : 'Start listening (ask by voice)';

  return (
    <div className="sticky bottom-0 z-20 -mx-4 border-t bg-background/95 px-4 pt-3 pb-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:-mx-6 sm:px-6" data-testid="chat-input-bar">
      <VoiceStatusLine voice={voice} />
      <form onSubmit={submit} className="mt-1 flex items-center gap-2" aria-label="Ask the assistant">
        <Button
          variant="ghost"
          size="icon"
          onClick={onNewConversation}
          disabled={!canStartOver}
          aria-label="New conversation"
          title="New conversation"
          data-testid="new-conversation"
        >
          <SquarePen aria-hidden />
        </Button>
        <Input
          ref={input}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={listening ? 'Listening…' : 'Ask about flying, setup, repairs or the rules…'}
          aria-label="Your question"
          maxLength={QUESTION_MAX}
          disabled={blocked}
          data-testid="question-input"
          className="h-11"
          autoComplete="off"
        />
        <Button
          variant={listening ? 'destructive' : 'outline'}
          size="icon"
          className={cn('size-11', listening && 'animate-pulse')}
          onClick={voice.onMicrophone}
          disabled={(blocked && !listening) || voice.status === 'processing' || (voice.cooldownMs > 0 && !listening)}
          aria-label={micLabel}
          title={`${micLabel}. ${VOICE_HELP}`}
          data-testid="microphone"
          data-state={voice.status}
        >
          {voice.status === 'processing' ? <LoaderCircle className="animate-spin" aria-hidden /> : listening ? <MicOff aria-hidden /> : <Mic aria-hidden />}
        </Button>
        <Button type="submit" size="icon" className="size-11" disabled={blocked || !value.trim()} aria-label="Send question" title="Send" data-testid="send-question">
          <Send aria-hidden />
        </Button>
      </form>
    </div>
  );
}
