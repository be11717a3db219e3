export { useAuth, useLogout, type AuthState } from './hooks/use-auth.ts';
export { useTierAccess, type TierState } from './hooks/use-tier-access.ts';
export { logout } from './logout.ts';
export { LoginPage } from './components/login-page.tsx';
export { ProvidersPage } from './components/providers-page.tsx';
export { AUTH_USER_KEY, TIER_KEY } from './api.ts';
