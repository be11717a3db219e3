import type { PreferenceKey, PreferenceUpdate, Preferences } from '../../../shared/account.ts';
import { rollsBackOnFailure } from './preference-messages.ts';

export type PreferenceValue<K extends PreferenceKey> = Preferences[K];

export interface PreferenceSaverDeps {
  delayMs: number;
  /** The value the UI shows now (the query cache). */
  read: <K extends PreferenceKey>(key: K) => PreferenceValue<K> | undefined;
  /** Put a value in the UI (the query cache): optimistic apply and rollback both go through here. */
  write: <K extends PreferenceKey>(key: K, value: PreferenceValue<K>) => void;
  /** The one request per key (POST /api/preferences with exactly that key). */
  send: (update: PreferenceUpdate) => Promise<unknown>;
  onSaved?: <K extends PreferenceKey>(key: K, value: PreferenceValue<K>) => void;
  /** `rolledBack` says whether the UI went back to the last saved value (false for theme: session only). */
  onFailed?: (key: PreferenceKey, error: unknown, rolledBack: boolean) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

interface KeyState {
  /** The last value the server accepted (or had when the first change began). */
  confirmed: unknown;
  timer: unknown;
  pending: boolean;
  pendingValue: unknown;
  inFlight: number;
}

/**
 * Preference saves (doc 1 §4): each change is applied at once, the request for a key waits until that key
 * has been quiet for `delayMs` (so dragging through a select sends one request), and a failure puts the
 * key back to the last value the server accepted, unless a newer change for that key is already waiting.
 */
export function createPreferenceSaver(deps: PreferenceSaverDeps) {
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const states = new Map<PreferenceKey, KeyState>();

  function stateFor(key: PreferenceKey): KeyState {
    let state = states.get(key);
    if (!state) {
      state = { confirmed: deps.read(key), timer: undefined, pending: false, pendingValue: undefined, inFlight: 0 };
      states.set(key, state);
    }
    return state;
  }

  function fire(key: PreferenceKey) {
    const state = stateFor(key);
    if (!state.pending) return;
    const value = state.pendingValue;
    state.pending = false;
    state.timer = undefined;
    state.inFlight += 1;
    const update = { [key]: value } as PreferenceUpdate;
    deps.send(update).then(
      () => {
        state.inFlight -= 1;
        state.confirmed = value;
        deps.onSaved?.(key, value as PreferenceValue<typeof key>);
      },
      (error: unknown) => {
        state.inFlight -= 1;
        const newerWaiting = state.pending || state.inFlight > 0;
        const rollBack = rollsBackOnFailure(key) && !newerWaiting;
        if (rollBack) deps.write(key, state.confirmed as PreferenceValue<typeof key>);
        else if (!rollsBackOnFailure(key)) state.confirmed = value;
        deps.onFailed?.(key, error, rollBack);
      },
    );
  }

  return {
    save<K extends PreferenceKey>(key: K, value: PreferenceValue<K>) {
      const state = stateFor(key);
      // Quiet key: what the UI shows now is what the server holds (it may have been refetched since).
      if (!state.pending && state.inFlight === 0) state.confirmed = deps.read(key);
      deps.write(key, value);
      if (state.timer !== undefined) clearTimer(state.timer);
      state.pending = true;
      state.pendingValue = value;
      state.timer = setTimer(() => fire(key), deps.delayMs);
    },

    /** Send every waiting change now (when the component using the saver goes away). */
    flush() {
      for (const [key, state] of states) {
        if (state.timer !== undefined) clearTimer(state.timer);
        fire(key);
      }
    },

    hasPending: () => [...states.values()].some((s) => s.pending || s.inFlight > 0),
  };
}

export type PreferenceSaver = ReturnType<typeof createPreferenceSaver>;
