import type { Preferences, Theme } from '../../../shared/account.ts';
import { THEMES } from '../../../shared/preferences.ts';

/**
 * A theme the server failed to save is kept "for this session only" (doc 1 §8): it lives in session
 * storage, scoped to the user, and is laid over what the server returns until a save succeeds.
 */
const KEY = 'droneDoctor_sessionTheme';

interface Stored {
  userId: string;
  theme: Theme;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): Stored | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      value &&
      typeof value === 'object' &&
      'userId' in value &&
      'theme' in value &&
      typeof value.userId === 'string' &&
      (THEMES as readonly unknown[]).includes(value.theme)
    ) {
      return { userId: value.userId, theme: value.theme as Theme };
    }
  } catch {
    // A corrupt entry is dropped like one never written.
  }
  return null;
}

export function rememberSessionTheme(userId: string, theme: Theme) {
  storage()?.setItem(KEY, JSON.stringify({ userId, theme } satisfies Stored));
}

export function forgetSessionTheme() {
  storage()?.removeItem(KEY);
}

export function withSessionTheme(preferences: Preferences): Preferences {
  const stored = parse(storage()?.getItem(KEY) ?? null);
  return stored && stored.userId === preferences.userId ? { ...preferences, theme: stored.theme } : preferences;
}
