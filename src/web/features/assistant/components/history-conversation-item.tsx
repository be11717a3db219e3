import { ChevronDown, Plane } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { cn } from '../../../lib/utils.ts';
import { withoutSourcesBlock } from '../answer-text.ts';
import { droneLabel, type HistoryConversation } from '../history.ts';
import { AnswerBody } from './answer-body.tsx';
import { AnswerSources } from './answer-sources.tsx';
import { ConfidenceBadge } from './confidence-badge.tsx';

const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
};

/** One conversation of the Chat History tab: its title, then its turns when expanded. */
export function HistoryConversationItem({ conversation }: { conversation: HistoryConversation }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const drone = droneLabel(conversation.drone);
  const turns = conversation.turns.length;
  return (
    <li className="rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="history-conversation">
      <h3>
        <button
          type="button"
          className="flex w-full items-start gap-3 rounded-xl p-4 text-left outline-none hover:bg-accent/50 focus-visible:ring-2 focus-visible:ring-ring"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="grid min-w-0 flex-1 gap-1">
            <span className="font-medium wrap-anywhere" data-testid="history-title">
              {conversation.title}
            </span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
              <time dateTime={conversation.startedAt}>{when(conversation.startedAt)}</time>
              <span>
                {turns} {turns === 1 ? 'question' : 'questions'}
              </span>
              {drone && (
                <Badge variant="secondary" className="font-medium">
                  <Plane aria-hidden />
                  {drone}
                </Badge>
              )}
            </span>
          </span>
          <ChevronDown className={cn('mt-1 size-4 shrink-0 text-muted-foreground transition-transform', open && 'rotate-180')} aria-hidden />
        </button>
      </h3>
      {open && (
        <ol id={panelId} className="grid gap-4 border-t p-4 text-sm" data-testid="history-turns">
          {conversation.turns.map((turn) => (
            <li key={turn.id} className="grid gap-2">
              <p className="font-medium wrap-anywhere">
                <span className="text-muted-foreground">Q: </span>
                {turn.question}
              </p>
              <div className="rounded-lg bg-muted/60 p-3">
                <AnswerBody text={turn.context?.sources?.length ? withoutSourcesBlock(turn.answer) : turn.answer} />
              </div>
              {turn.context?.sources && <AnswerSources sources={turn.context.sources} />}
              {turn.context?.confidence !== undefined && (
                <div>
                  <ConfidenceBadge confidence={turn.context.confidence} />
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
