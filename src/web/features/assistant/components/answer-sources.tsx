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
        {sources.map((s, i) => {
          // A business document's citation ("Ops Manual, page 4") already names it: shown once, not "Ops Manual · Ops Manual, page 4".
          const label = s.citation.startsWith(s.title) ? s.citation : s.title;
          return (
            <li key={`${i}-${s.citation}`} className="break-words" data-testid="answer-source">
              {s.url ? (
                <a href={s.url} target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-2 hover:underline">
                  {label}
                </a>
              ) : (
                <span className="font-medium text-foreground">{label}</span>
              )}
              {s.citation && label !== s.citation && <span> · {s.citation}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
