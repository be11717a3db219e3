import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ADMIN_POLL_MS } from '../../../../shared/admin.ts';
import {
  ANALYTICS_KEY,
  ERRORS_KEY,
  HELP_KEY,
  USERS_KEY,
  fetchAnalytics,
  fetchDailyActive,
  fetchErrors,
  fetchHelpRequests,
  fetchHelpStats,
  fetchMonthlyActive,
  fetchUsers,
  type ErrorFilters,
} from '../api.ts';

/** Paged lists follow the shared contract (ADR 0014): the next page is asked for with the last nextCursor. */
const nextPage = (last: { nextCursor: string | null }) => last.nextCursor;

export const useErrorLogs = (filters: ErrorFilters) =>
  useInfiniteQuery({
    queryKey: [...ERRORS_KEY, filters],
    queryFn: ({ pageParam }) => fetchErrors(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextPage,
  });

export const useAdminUsers = (query: string) =>
  useInfiniteQuery({
    queryKey: [...USERS_KEY, query.trim()],
    queryFn: ({ pageParam }) => fetchUsers(query, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextPage,
  });

/** Polled every 30 s (doc 3 §7, §9). */
export const useHelpRequests = () =>
  useInfiniteQuery({
    queryKey: [...HELP_KEY, 'list'],
    queryFn: ({ pageParam }) => fetchHelpRequests(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: nextPage,
    refetchInterval: ADMIN_POLL_MS,
  });
export const useHelpStats = () => useQuery({ queryKey: [...HELP_KEY, 'stats'], queryFn: fetchHelpStats, refetchInterval: ADMIN_POLL_MS });

export const useAnalytics = (enabled: boolean) => ({
  overview: useQuery({ queryKey: [...ANALYTICS_KEY, 'overview'], queryFn: fetchAnalytics, enabled, refetchInterval: ADMIN_POLL_MS }),
  daily: useQuery({ queryKey: [...ANALYTICS_KEY, 'daily'], queryFn: fetchDailyActive, enabled, refetchInterval: ADMIN_POLL_MS }),
  monthly: useQuery({ queryKey: [...ANALYTICS_KEY, 'monthly'], queryFn: fetchMonthlyActive, enabled, refetchInterval: ADMIN_POLL_MS }),
});
