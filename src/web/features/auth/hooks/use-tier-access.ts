import { useQuery } from '@tanstack/react-query';
import type { TierInfo } from '../../../../shared/account.ts';
import { TIER_STALE_NAVBAR_MS } from '../../../../shared/constants.ts';
import type { TierPair } from '../../../../shared/tiers.ts';
import { fetchTierInfo, TIER_KEY } from '../api.ts';
import { useAuth } from './use-auth.ts';

export interface TierState {
  tierInfo: TierInfo | null;
  /** The pair the role checks of src/shared/tiers.ts take; null until known. */
  tierPair: TierPair | null;
  isLoading: boolean;
  isError: boolean;
}

/**
 * GET /api/user/tier for the shell (navbar, route guards): only when signed in (doc 1 §5), cached
 * 5 minutes and not refetched on window focus (doc 1 §7).
 */
export function useTierAccess(): TierState {
  const { user, isLoading: authLoading } = useAuth();
  const query = useQuery({
    queryKey: TIER_KEY,
    queryFn: fetchTierInfo,
    enabled: user !== null,
    staleTime: TIER_STALE_NAVBAR_MS,
    refetchOnWindowFocus: false,
  });
  const tierInfo = user ? (query.data ?? null) : null;
  return {
    tierInfo,
    tierPair: tierInfo ? { tier: tierInfo.tier, originalTier: tierInfo.originalTier } : null,
    isLoading: authLoading || (user !== null && query.isLoading),
    isError: query.isError,
  };
}
