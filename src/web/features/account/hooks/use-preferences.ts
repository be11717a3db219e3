import { useQuery } from '@tanstack/react-query';
import type { Preferences } from '../../../../shared/account.ts';
import { PREFERENCE_DEFAULTS } from '../../../../shared/preferences.ts';
import { QUERY_FRESH_MS } from '../../../../shared/constants.ts';
import { fetchPreferences, PREFERENCES_KEY } from '../api.ts';
import { withSessionTheme } from '../session-theme.ts';
import { useAuth } from '../../auth/index.ts';

export const defaultPreferences = (userId: string): Preferences => ({ userId, ...PREFERENCE_DEFAULTS, lastUpdated: null });

/**
 * The signed-in user's preferences (doc 1 §7): fetched only with a user, fresh 5 minutes, one retry; while
 * loading, signed out, or after a failure, the spec's defaults, silently.
 */
export function usePreferences(): { preferences: Preferences; isLoading: boolean } {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const query = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: async () => withSessionTheme(await fetchPreferences()),
    enabled: userId !== null,
    staleTime: QUERY_FRESH_MS,
    retry: 1,
  });
  const preferences = (userId !== null && query.data) || withSessionTheme(defaultPreferences(userId ?? ''));
  return { preferences, isLoading: userId !== null && query.isPending };
}
