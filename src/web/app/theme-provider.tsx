import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Theme } from '../../shared/account.ts';
import { useAuth } from '../features/auth/index.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { applyTheme, DARK_QUERY, type ResolvedTheme } from '../lib/theme.ts';
import { useFirstPaintDone } from './first-paint.ts';
import { LoadErrorBoundary } from './load-error-boundary.tsx';
import type { ThemeChoice } from './preferred-theme.tsx';

const PreferredTheme = lazy(() => import('./preferred-theme.tsx').then((m) => ({ default: m.PreferredTheme })));

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
  const [choice, setChoice] = useState<ThemeChoice | null>(null);
  const osDark = useMediaQuery(DARK_QUERY);
  const painted = useFirstPaintDone();

  // A choice counts only for the user it was read for (a sign-out and another sign-in start over).
  const userChoice = user && choice?.userId === user.id ? choice : null;
  const theme: Theme = userChoice?.theme ?? 'system';
  const resolvedTheme: ResolvedTheme = theme === 'system' ? (osDark ? 'dark' : 'light') : theme;
  // Until we know who is here and what they chose, keep the theme main.tsx applied at startup.
  const settled = !authLoading && !(user && !userChoice);

  useEffect(() => {
    if (settled) applyTheme(resolvedTheme);
  }, [settled, resolvedTheme]);

  return (
    <ThemeContext value={{ theme, resolvedTheme }}>
      {children}
      {/* If its code cannot load, the startup theme simply stays. */}
      {/* Its code (and the preferences' query) follows the first paint, like the page's (first-paint.ts). */}
      {user && painted && (
        <LoadErrorBoundary fallback={null}>
          <Suspense fallback={null}>
            <PreferredTheme userId={user.id} onChoice={setChoice} />
          </Suspense>
        </LoadErrorBoundary>
      )}
    </ThemeContext>
  );
}

export function useTheme(): ThemeState {
  return useContext(ThemeContext);
}
