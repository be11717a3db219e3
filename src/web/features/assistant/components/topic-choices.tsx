import { MessageCircleQuestion } from 'lucide-react';
import type { TopicChoice } from '../../../../shared/assistant.ts';
import { Button } from '../../../components/ui/button.tsx';

export interface TopicChoicesProps {
  choices: readonly TopicChoice[];
  /** Asks the chosen topic's question; absent (choices shown but inert) in a read-only view. */
  onChoose?: ((question: string) => void) | null;
  disabled?: boolean;
}

/**
 * The closest topics of a clarifying answer (issue 14): one click asks the topic instead of making the
 * pilot rephrase the question.
 */
export function TopicChoices({ choices, onChoose = null, disabled = false }: TopicChoicesProps) {
  if (choices.length === 0) return null;
  return (
    <div className="grid gap-1.5 border-t pt-2" data-testid="topic-choices">
      <p className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
        <MessageCircleQuestion className="size-3.5" aria-hidden />
        Did you mean
      </p>
      <ul className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <li key={c.title}>
            <Button
              variant="outline"
              size="sm"
              className="h-auto whitespace-normal py-1.5 text-left"
              disabled={disabled || !onChoose}
              onClick={() => onChoose?.(c.question)}
              data-testid="topic-choice"
            >
              {c.title}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
