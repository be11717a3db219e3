import type { UseQueryResult } from '@tanstack/react-query';
import type { TierInfo } from '../../../../shared/account.ts';
import { QueryLimitView } from '../../account/index.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** The home page's query-limit display: the account feature's view, fed by the page's 5-second poll. */
export function HomeQueryLimit({ query }: { query: UseQueryResult<TierInfo> }) {
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
