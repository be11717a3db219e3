import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchQueries, QUERIES_KEY } from '../api.ts';
import { buildConversations, droneLabel, HISTORY_SORTS, sortConversations, type HistoryConversation, type HistorySort } from '../history.ts';
import { HistoryConversationItem } from './history-conversation-item.tsx';

const isSort = (v: string): v is HistorySort => HISTORY_SORTS.some((s) => s.value === v);

/** Consecutive conversations of the same drone under one heading (the by-drone sort). */
function droneGroups(conversations: HistoryConversation[]): { label: string; items: HistoryConversation[] }[] {
  const groups: { label: string; items: HistoryConversation[] }[] = [];
  for (const c of conversations) {
    const label = droneLabel(c.drone) ?? 'No drone';
    const last = groups.at(-1);
    if (last?.label === label) last.items.push(c);
    else groups.push({ label, items: [c] });
  }
  return groups;
}

function ConversationList({ items }: { items: HistoryConversation[] }) {
  return (
    <ul className="grid gap-3" data-testid="history-list">
      {items.map((c) => (
        <HistoryConversationItem key={c.id} conversation={c} />
      ))}
    </ul>
  );
}

/** The profile's Chat History tab (doc 1 §2, §4): conversations built from GET /api/queries. */
export function ChatHistoryTab() {
  const sortId = useId();
  const [sort, setSort] = useState<HistorySort>('newest');
  const query = useQuery({ queryKey: QUERIES_KEY, queryFn: fetchQueries, staleTime: 0 });
  const conversations = useMemo(() => sortConversations(buildConversations(query.data ?? []), sort), [query.data, sort]);

  let body;
  if (query.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label="Loading chat history" />
      </div>
    );
  } else if (query.isError) {
    body = (
      <p role="alert" className="text-sm text-destructive" data-testid="history-error">
        Unable to load your chat history. Please try again later.
      </p>
    );
  } else if (conversations.length === 0) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground" data-testid="history-empty">
        <History className="size-8" aria-hidden />
        <p>No conversations yet. Questions you ask the assistant appear here.</p>
        <Button asChild variant="outline" size="sm">
          <Link to="/">Ask a question</Link>
        </Button>
      </div>
    );
  } else if (sort === 'drone') {
    body = (
      <div className="grid gap-6">
        {droneGroups(conversations).map((g) => (
          <section key={g.label} className="grid gap-2" aria-label={g.label}>
            <h3 className="text-sm font-semibold text-muted-foreground">{g.label}</h3>
            <ConversationList items={g.items} />
          </section>
        ))}
      </div>
    );
  } else {
    body = <ConversationList items={conversations} />;
  }

  return (
    <Card data-testid="chat-history">
      <CardHeader className="gap-4 px-4 sm:flex-row sm:items-end sm:justify-between sm:px-6">
        <div className="grid gap-1.5">
          <CardTitle as="h2" className="text-lg">
            Chat History
          </CardTitle>
          <CardDescription>Your conversations with the assistant. Open one to read it again.</CardDescription>
        </div>
        <div className="grid gap-1.5 sm:w-48">
          <Label htmlFor={sortId}>Sort</Label>
          <Select value={sort} onValueChange={(v) => isSort(v) && setSort(v)}>
            <SelectTrigger id={sortId} data-testid="history-sort">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {HISTORY_SORTS.map((s) => (
                <SelectItem key={s.value} value={s.value}>
                  {s.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{body}</CardContent>
    </Card>
  );
}
