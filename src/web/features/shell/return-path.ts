import { SESSION_KEYS } from '../../../shared/constants.ts';

/** "My Account" remembers where the user was, for the profile page's Back (doc 1 §2). */
export function rememberReturnPath(path: string) {
  // Leaving /profile for /profile must not make Back point at itself.
  if (path === '/profile' || path.startsWith('/profile?')) return;
  try {
    sessionStorage.setItem(SESSION_KEYS.returnPath, path);
  } catch {
    // Without session storage Back falls back to /.
  }
}
