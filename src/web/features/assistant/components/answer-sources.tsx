import { BookOpen } from 'lucide-react';
import type { AnswerSource } from '../../../../shared/assistant.ts';

/** An answer's sources, each linked when it has an address. */
export function AnswerSources({ sources }: { sources: readonly AnswerSource[] }) {
  if (sources.length === 0) return null;
  return (
    <div className="grid gap-1 border-t pt-2" data-testid="answer-sources">
      <p className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
        <BookOpen className="size-3.5" aria-hidden />
        Sources
      </p>
      <ul className="grid gap-0.5 text-xs text-muted-foreground">
        {sources.map((s, i) => (
          <li key={`${i}-${s.citation}`} className="break-words">
            {s.url ? (
              <a href={s.url} target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-2 hover:underline">
                {s.title}
              </a>
            ) : (
              <span className="font-medium text-foreground">{s.title}</span>
            )}
            {s.citation && s.citation !== s.title && <span> · {s.citation}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
