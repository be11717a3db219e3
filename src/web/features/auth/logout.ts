import { useSyncExternalStore } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../../shared/constants.ts';
import { LOGOUT_URL } from './api.ts';

/**
 * The "logout in progress" flag of doc 1 §4, kept in localStorage so it survives the navigation to
 * /api/logout and back. While it is set, auth counts as signed out; it is cleared once loading ends.
 */
const listeners = new Set<() => void>();
/** Set once this page has started leaving for /api/logout: the flag must outlive it. */
let leaving = false;

function readFlag(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.logoutInProgress) !== null;
  } catch {
    return false;
  }
}

function writeFlag(on: boolean) {
  try {
    if (on) localStorage.setItem(STORAGE_KEYS.logoutInProgress, 'true');
    else localStorage.removeItem(STORAGE_KEYS.logoutInProgress);
  } catch {
    // Storage can be unavailable (private mode, quota); logout still works through the server.
  }
  for (const listener of listeners) listener();
}

/** Called when the user query stops loading on a page that is not itself on its way out. */
export function clearLogoutFlag() {
  if (!leaving && readFlag()) writeFlag(false);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.logoutInProgress) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLogoutInProgress(): boolean {
  return useSyncExternalStore(subscribe, readFlag, () => false);
}

/**
 * Signs out: sets the flag, drops every cached query (so no signed-in data renders meanwhile), then
 * hands the browser to /api/logout, which ends the session and redirects to /login.
 */
export function logout(queryClient?: QueryClient) {
  leaving = true;
  writeFlag(true);
  queryClient?.clear();
  window.location.href = LOGOUT_URL;
}
