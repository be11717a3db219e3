import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/index.ts';
import { fetchFlightLogsPage, fetchFlightStats, fetchTotalHours, LOGBOOK_KEYS } from '../api.ts';

/**
 * The logbook's three reads, only when signed in (doc 2 §6). Flight History comes a page at a time
 * ("Load more"); the totals and the chart come from their own endpoints, never from the pages held.
 */
export function useFlightLogs() {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: LOGBOOK_KEYS.list,
    queryFn: ({ pageParam }) => fetchFlightLogsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: user !== null,
  });
}

export function useTotalHours() {
  const { user } = useAuth();
  return useQuery({ queryKey: LOGBOOK_KEYS.total, queryFn: fetchTotalHours, enabled: user !== null });
}

export function useFlightStats() {
  const { user } = useAuth();
  return useQuery({ queryKey: LOGBOOK_KEYS.stats, queryFn: fetchFlightStats, enabled: user !== null });
}
