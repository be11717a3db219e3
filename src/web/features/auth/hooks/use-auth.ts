import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../../shared/account.ts';
import { QUERY_FRESH_MS } from '../../../../shared/constants.ts';
import { AUTH_USER_KEY, fetchCurrentUser } from '../api.ts';
import { clearLogoutFlag, logout, useLogoutInProgress } from '../logout.ts';

export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

/** GET /api/auth/user: 401 gives null, no retry, fresh 5 minutes (doc 1 §7). */
export function useAuth(): AuthState {
  const query = useQuery({ queryKey: AUTH_USER_KEY, queryFn: fetchCurrentUser, retry: false, staleTime: QUERY_FRESH_MS });
  const loggingOut = useLogoutInProgress();
  const isLoading = query.isLoading;

  useEffect(() => {
    if (!isLoading && loggingOut) clearLogoutFlag();
  }, [isLoading, loggingOut]);

  const user = loggingOut ? null : (query.data ?? null);
  return { user, isLoading, isAuthenticated: user !== null };
}

/** `logout` bound to this app's query client, for buttons and menus. */
export function useLogout() {
  const queryClient = useQueryClient();
  return () => logout(queryClient);
}
