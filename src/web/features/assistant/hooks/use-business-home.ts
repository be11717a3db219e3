import { useQuery } from '@tanstack/react-query';
import type { TierInfo } from '../../../../shared/account.ts';
import { isBusinessTier } from '../../../../shared/tiers.ts';
import { BUSINESS_PROFILE_KEY, fetchBusinessProfileStatus } from '../api.ts';
import { businessHomeState, type BusinessHomeState } from '../home-rules.ts';

/** Whether the user has a business profile and whether its knowledge base is still being prepared. */
export function useBusinessHome(tier: TierInfo | null): BusinessHomeState {
  const business = tier !== null && isBusinessTier(tier);
  const profile = useQuery({
    queryKey: BUSINESS_PROFILE_KEY,
    queryFn: fetchBusinessProfileStatus,
    enabled: business,
    retry: false,
  });
  return businessHomeState(tier, business && profile.data ? profile.data : null);
}
