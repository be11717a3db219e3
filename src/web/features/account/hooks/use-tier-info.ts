import { useQuery } from '@tanstack/react-query';
import { TIER_STALE_NAVBAR_MS } from '../../../../shared/constants.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchTierInfo, fetchTierInfoFor, TIER_KEY, tierForUserKey } from '../api.ts';
import { useAuth } from '../../auth/index.ts';

/** A 4xx (signed out, not found) will not change by asking again; other failures retry up to 3 times. */
export function retryTierRead(failureCount: number, error: Error): boolean {
  const cause = error.cause ?? error;
  if (cause instanceof ApiError && cause.status >= 400 && cause.status < 500) return false;
  return failureCount < 3;
}

export interface TierInfoOptions {
  /** The profile page always refetches (stale time 0); the navbar keeps it 5 minutes without focus refetch. */
  alwaysFresh?: boolean;
  /** Off when the caller reads the tier another way (the polled display). */
  enabled?: boolean;
}

/** GET /api/user/tier, only with a signed-in user (doc 1 §5, §7). */
export function useTierInfo({ alwaysFresh = false, enabled = true }: TierInfoOptions = {}) {
  const { user } = useAuth();
  return useQuery({
    queryKey: TIER_KEY,
    queryFn: fetchTierInfo,
    enabled: enabled && user !== null,
    staleTime: alwaysFresh ? 0 : TIER_STALE_NAVBAR_MS,
    refetchOnMount: alwaysFresh ? 'always' : true,
    refetchOnWindowFocus: alwaysFresh,
    retry: retryTierRead,
  });
}

/** GET /api/user/tier/{userId}, polled every 2 s on the limit display (stale after 1 s, refetch on focus). */
export function usePolledTierInfo(userId: string | null, intervalMs = 2000) {
  return useQuery({
    queryKey: tierForUserKey(userId ?? ''),
    queryFn: () => fetchTierInfoFor(userId ?? ''),
    enabled: userId !== null,
    staleTime: 1000,
    refetchInterval: intervalMs,
    refetchOnWindowFocus: true,
    retry: retryTierRead,
  });
}
