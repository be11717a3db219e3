import { createContext, useContext, useEffect, type ReactNode } from 'react';
import type { Theme } from '../../shared/account.ts';
import { useAuth } from '../features/auth/index.ts';
import { usePreferences } from '../features/account/index.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { applyTheme, DARK_QUERY, type ResolvedTheme } from '../lib/theme.ts';

export interface ThemeState {
  /** What the user chose (system until a user with preferences is loaded). */
  theme: Theme;
  /** What is on screen. */
  resolvedTheme: ResolvedTheme;
}

const ThemeContext = createContext<ThemeState>({ theme: 'system', resolvedTheme: 'light' });

/**
 * Doc 1 §4: the theme starts as system; a loaded user's preferences decide it; signed out it returns to
 * system; with system the OS setting applies and follows live changes. Applied as a class on <html>.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const { user, isLoading: authLoading } = useAuth();
  const { preferences, isLoading: preferencesLoading } = usePreferences();
  const osDark = useMediaQuery(DARK_QUERY);

  const theme: Theme = user ? preferences.theme : 'system';
  const resolvedTheme: ResolvedTheme = theme === 'system' ? (osDark ? 'dark' : 'light') : theme;
  // Until we know who is here and what they chose, keep the theme main.tsx applied at startup.
  const settled = !authLoading && !(user && preferencesLoading);

  useEffect(() => {
    if (settled) applyTheme(resolvedTheme);
  }, [settled, resolvedTheme]);

  return <ThemeContext value={{ theme, resolvedTheme }}>{children}</ThemeContext>;
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}
