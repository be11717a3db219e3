import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { COMMON_QUESTIONS, COMMON_QUESTIONS_HEIGHT_PX } from '../../../../shared/assistant.ts';
import { cn } from '../../../lib/utils.ts';

export interface CommonQuestionsProps {
  onAsk: (question: string) => void;
  disabled?: boolean;
}

/** The collapsible Common Questions list (doc 1 §2): 5 categories of 4, 200 px high and scrollable. */
export function CommonQuestions({ onAsk, disabled = false }: CommonQuestionsProps) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <section className="rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="common-questions" aria-label="Common Questions">
      <h2>
        <button
          type="button"
          className="flex w-full items-center justify-between gap-2 rounded-xl px-4 py-3 text-left text-sm font-semibold outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          Common Questions
          <ChevronDown className={cn('size-4 text-muted-foreground transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h2>
      {open && (
        <div
          id={listId}
          className="grid gap-4 overflow-y-auto border-t px-4 py-3"
          style={{ height: COMMON_QUESTIONS_HEIGHT_PX }}
          data-testid="common-questions-list"
        >
          {COMMON_QUESTIONS.map(({ category, questions }) => (
            <div key={category} className="grid gap-1.5">
              <h3 className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{category}</h3>
              <ul className="grid gap-1 sm:grid-cols-2">
                {questions.map((q) => (
                  <li key={q}>
                    <button
                      type="button"
                      disabled={disabled}
                      onClick={() => onAsk(q)}
                      className="h-full w-full rounded-md border bg-background px-3 py-2 text-left text-sm transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
                    >
                      {q}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
