import type { QueryClient } from '@tanstack/react-query';
import { fetchFlightLogsPage, fetchFlightStats, fetchTotalHours, LOGBOOK_KEYS } from './api.ts';

/**
 * The logbook's own reads, started while its code downloads rather than after it has rendered (ADR 0066):
 * the same keys and functions as its hooks (use-logbook.ts), which then find them in the cache.
 */
export function prefetchLogbook(client: QueryClient) {
  void client.prefetchQuery({ queryKey: LOGBOOK_KEYS.total, queryFn: fetchTotalHours });
  void client.prefetchQuery({ queryKey: LOGBOOK_KEYS.stats, queryFn: fetchFlightStats });
  void client.prefetchInfiniteQuery({
    queryKey: LOGBOOK_KEYS.list,
    queryFn: ({ pageParam }: { pageParam: string | null }) => fetchFlightLogsPage(pageParam),
    initialPageParam: null as string | null,
  });
}
