import { useEffect } from 'react';
import type { Theme } from '../../shared/account.ts';
import { usePreferences } from '../features/account/index.ts';

export interface ThemeChoice {
  userId: string;
  theme: Theme;
}

/**
 * Reports the signed-in user's saved theme to the ThemeProvider once their preferences have loaded (or
 * failed, leaving the defaults). Loaded lazily: preferences bring the account contract and its zod schemas,
 * which the sign-in screen has no use for.
 */
export function PreferredTheme({ userId, onChoice }: { userId: string; onChoice: (choice: ThemeChoice) => void }) {
  const { preferences, isLoading } = usePreferences();
  const theme = preferences.theme;
  useEffect(() => {
    if (!isLoading) onChoice({ userId, theme });
  }, [isLoading, userId, theme, onChoice]);
  return null;
}
