import { useQuery } from '@tanstack/react-query';
import { QUERY_FRESH_MS } from '../../../../shared/constants.ts';
import { useAuth } from '../../auth/index.ts';
import { ENABLED_FEATURES_KEY, FEATURES_KEY, fetchEnabledFeatures, fetchFeatures } from '../api.ts';

/**
 * The caller's enabled features, from GET /api/features/enabled. Refetched when the window regains focus
 * and after a minute, so a rollout shows without signing in again; the server checks the same flag anyway.
 */
export function useEnabledFeatures() {
  const { user } = useAuth();
  return useQuery({ queryKey: ENABLED_FEATURES_KEY, queryFn: fetchEnabledFeatures, enabled: user !== null, staleTime: 60_000 });
}

export function useFeatureEnabled(name: string): boolean {
  return useEnabledFeatures().data?.features.includes(name) ?? false;
}

export const useDeveloperFeatures = () => useQuery({ queryKey: FEATURES_KEY, queryFn: fetchFeatures, staleTime: QUERY_FRESH_MS });
