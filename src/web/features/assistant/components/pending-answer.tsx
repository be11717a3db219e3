import { Bot } from 'lucide-react';
import { useEffect, useState } from 'react';
import { ASSISTANT_MESSAGES, THINKING_NOTICE_MS } from '../../../../shared/assistant.ts';

/** The loading indicator while a question is pending; after 10 s the "Thinking deeply" notice (doc 1 §4). */
export function PendingAnswer() {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), THINKING_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <li className="flex gap-2 sm:gap-3" data-testid="pending-answer">
      <span className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-full bg-secondary text-secondary-foreground" aria-hidden>
        <Bot className="size-4" />
      </span>
      <div role="status" className="grid gap-1 rounded-2xl rounded-tl-sm border bg-card px-4 py-3 text-sm shadow-sm">
        <span className="flex items-center gap-1" aria-hidden>
          {[0, 150, 300].map((delay) => (
            <span key={delay} className="size-2 animate-bounce rounded-full bg-muted-foreground" style={{ animationDelay: `${delay}ms` }} />
          ))}
        </span>
        <span className="sr-only">The assistant is answering</span>
        {slow && (
          <span className="text-muted-foreground" data-testid="thinking-notice">
            {ASSISTANT_MESSAGES.thinking}
          </span>
        )}
      </div>
    </li>
  );
}
