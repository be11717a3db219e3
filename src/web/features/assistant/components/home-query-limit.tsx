import { QueryLimitView, usePolledTierInfo } from '../../account/index.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Home polls the signed-in user's usage every 5 s (doc 1 §7). */
export const HOME_TIER_POLL_MS = 5000;

/** The home page's query-limit display: the account feature's view, fed by the 5-second poll. */
export function HomeQueryLimit({ userId }: { userId: string }) {
  const query = usePolledTierInfo(userId, HOME_TIER_POLL_MS);
  if (query.isPending) {
    return (
      <div data-testid="query-limit-display" data-state="loading" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner size="sm" label="Loading query limit information" />
        Loading query limit information…
      </div>
    );
  }
  if (query.isError) {
    return (
      <p data-testid="query-limit-display" data-state="error" role="alert" className="text-sm text-destructive">
        Unable to load query limit information
      </p>
    );
  }
  return <QueryLimitView info={query.data} />;
}
