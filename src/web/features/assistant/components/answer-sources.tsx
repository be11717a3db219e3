import { BookOpen } from 'lucide-react';
import { citationsNameIt, sourceDocuments } from '../../../../shared/answer-source-documents.ts';
import type { AnswerSource } from '../../../../shared/assistant.ts';

/** An answer's sources, one line per document (two sections of one article share it), linked when it has an address. */
export function AnswerSources({ sources }: { sources: readonly AnswerSource[] }) {
  if (sources.length === 0) return null;
  return (
    <div className="grid gap-1 border-t pt-2" data-testid="answer-sources">
      <p className="flex items-center gap-1.5 text-xs font-semibold text-muted-foreground">
        <BookOpen className="size-3.5" aria-hidden />
        Sources
      </p>
      <ul className="grid gap-0.5 text-xs text-muted-foreground">
        {sourceDocuments(sources).map((d, i) => {
          const named = citationsNameIt(d);
          const label = named ? d.citations.join('; ') : d.title;
          const citations = d.citations.filter(Boolean).join('; ');
          return (
            <li key={`${i}-${d.title}`} className="break-words" data-testid="answer-source">
              {d.url ? (
                <a href={d.url} target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-2 hover:underline">
                  {label}
                </a>
              ) : (
                <span className="font-medium text-foreground">{label}</span>
              )}
              {!named && citations && <span> · {citations}</span>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
