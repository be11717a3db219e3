export { useAuth, useLogout, type AuthState } from './hooks/use-auth.ts';
export { useTierAccess, type TierState } from './hooks/use-tier-access.ts';
export { logout } from './logout.ts';
export { LoginPage } from './components/login-page.tsx';
// ProvidersPage is not exported here on purpose: this index is in every first load (useAuth), and the app
// loads that page lazily from components/providers-page.tsx, which a static re-export here would prevent.
export { AUTH_USER_KEY, TIER_KEY } from './api.ts';
