import type { TierInfo, User } from '../../../shared/account.ts';
import type { ProvidersResponse } from '../../../shared/auth.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

/** Query keys are the paths (doc 1 §7). */
export const AUTH_USER_KEY = ['/api/auth/user'] as const;
export const TIER_KEY = ['/api/user/tier'] as const;
export const PROVIDERS_KEY = ['/api/login/providers'] as const;

/** The signed-in user, or null when signed out (a 401 is an answer here, not an error). */
export const fetchCurrentUser = () => apiGet<User>('/api/auth/user', { on401: 'returnNull' });

export const fetchTierInfo = () => apiGet<TierInfo>('/api/user/tier');

export const fetchProviders = () => apiGet<ProvidersResponse>('/api/login/providers');

/** better-auth's magic link: the link in the e-mail signs the user in and lands on `callbackURL`. */
export const requestMagicLink = (email: string) =>
  apiSend<unknown>('POST', '/api/auth/sign-in/magic-link', { body: { email, callbackURL: '/' } });

/** AUTH_DEV_LOGIN's sign-in: any e-mail, a chosen tier (sets the session cookie). */
export const devLogin = (email: string, tier: Tier) => apiSend<{ id: string; email: string }>('POST', '/api/dev/login', { body: { email, tier } });

/** Browser navigations, not fetches: the server answers with redirects. */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';
export const providerLoginUrl = (providerId: string) => `${LOGIN_URL}?provider=${encodeURIComponent(providerId)}`;
