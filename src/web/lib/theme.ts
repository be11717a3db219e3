/**
 * Applying the theme to <html> (doc 1 §4). Shared by the startup code in main.tsx (which runs before
 * React renders, to avoid a flash; the CSP forbids an inline script in index.html) and ThemeProvider.
 */
export type ResolvedTheme = 'light' | 'dark';

/** The last applied theme, so the next visit starts in it before the user's preferences load. */
export const LAST_THEME_KEY = 'droneDoctor_lastTheme';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export const systemTheme = (): ResolvedTheme => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

export function applyTheme(theme: ResolvedTheme) {
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  try {
    localStorage.setItem(LAST_THEME_KEY, theme);
  } catch {
    // Without storage the next visit starts from the system theme; nothing else depends on it.
  }
}

export function lastAppliedTheme(): ResolvedTheme | null {
  try {
    const stored = localStorage.getItem(LAST_THEME_KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

/** At startup: the last applied theme, else the system's. */
export function applyStartupTheme() {
  applyTheme(lastAppliedTheme() ?? systemTheme());
}
