import { useQuery } from '@tanstack/react-query';
import { isBusinessTier } from '../../../../shared/tiers.ts';
import { useTierAccess } from '../../auth/index.ts';
import { BUSINESS_PROFILE_KEY, fetchBusinessProfile } from '../api.ts';

/** GET /api/business-profile/current, for business and business_pro users only (doc 2 §6). */
export function useBusinessProfile() {
  const { tierPair } = useTierAccess();
  const business = tierPair !== null && isBusinessTier(tierPair);
  const query = useQuery({ queryKey: BUSINESS_PROFILE_KEY, queryFn: fetchBusinessProfile, enabled: business, retry: false });
  return { ...query, business };
}
