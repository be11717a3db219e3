import type { PreferenceUpdate, Preferences, TierInfo } from '../../../shared/account.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** Query keys are the paths, so invalidating ['/api/user/tier'] also refreshes the per-user polls. */
export const PREFERENCES_KEY = ['/api/preferences'] as const;
export const TIER_KEY = ['/api/user/tier'] as const;
export const tierForUserKey = (userId: string) => ['/api/user/tier', userId] as const;

export const TIER_LOAD_ERROR = 'Failed to fetch tier information';

export const fetchPreferences = () => apiGet<Preferences>('/api/preferences');

export const postPreference = (update: PreferenceUpdate) => apiSend<Preferences>('POST', '/api/preferences', { body: update });

/** Doc 1 §8: a tier load failure is raised as "Failed to fetch tier information", keeping the cause. */
async function tierRead(url: string): Promise<TierInfo> {
  try {
    return await apiGet<TierInfo>(url);
  } catch (cause) {
    throw new Error(TIER_LOAD_ERROR, { cause });
  }
}

export const fetchTierInfo = () => tierRead('/api/user/tier');
export const fetchTierInfoFor = (userId: string) => tierRead(`/api/user/tier/${encodeURIComponent(userId)}`);

/** better-auth's endpoint: sends the verification e-mail; the link comes back to the profile page. */
export const sendVerificationEmail = (email: string) =>
  apiSend<unknown>('POST', '/api/auth/send-verification-email', { body: { email, callbackURL: '/profile' } });
