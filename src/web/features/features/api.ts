import type { CreateFeatureInput, DeveloperFeature, EnabledFeatures, FeatureList, UpdateFeatureInput } from '../../../shared/features.ts';
import type { FlyWindows } from '../../../shared/features-fly-windows.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

export const FEATURES_KEY = ['developer-features'] as const;
export const ENABLED_FEATURES_KEY = ['features', 'enabled'] as const;

export const fetchFeatures = () => apiGet<FeatureList>('/api/developer/features');
export const createFeature = (body: CreateFeatureInput) => apiSend<DeveloperFeature>('POST', '/api/developer/features', { body });
export const updateFeature = (id: string, body: UpdateFeatureInput) => apiSend<DeveloperFeature>('PUT', `/api/developer/features/${id}`, { body });
export const rolloutFeature = (id: string, tiers: Tier[]) => apiSend<DeveloperFeature>('POST', `/api/developer/features/${id}/rollout`, { body: { tiers } });

/** The one endpoint the web app reads its flags from. */
export const fetchEnabledFeatures = () => apiGet<EnabledFeatures>('/api/features/enabled');
export const fetchFlyWindows = (location: string) => apiGet<FlyWindows>(`/api/weather/fly-windows?location=${encodeURIComponent(location)}`);
