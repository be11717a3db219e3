import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PreferenceKey, Preferences, User } from '../../../../shared/account.ts';
import { PREFERENCE_SAVE_DEBOUNCE_MS } from '../../../../shared/constants.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { postPreference, PREFERENCES_KEY } from '../api.ts';
import { featureUpdatesToast, saveFailedToast } from '../preference-messages.ts';
import { createPreferenceSaver, type PreferenceValue } from '../preference-saver.ts';
import { forgetSessionTheme, rememberSessionTheme } from '../session-theme.ts';
import { defaultPreferences } from './use-preferences.ts';
import { AUTH_USER_KEY } from '../../auth/index.ts';

export type SavePreference = <K extends PreferenceKey>(key: K, value: PreferenceValue<K>) => void;

/**
 * Saves one preference key at a time (doc 1 §4, §7, §8): applied to the ['/api/preferences'] cache at once,
 * sent after 300 ms of quiet, rolled back with the spec's toast on failure (theme stays for the session).
 * Nothing is sent without a signed-in user. Waiting changes are sent when the caller unmounts.
 */
export function useSavePreference(): { savePreference: SavePreference } {
  const queryClient = useQueryClient();
  const [saver] = useState(() => {
    const userId = () => queryClient.getQueryData<User | null>(AUTH_USER_KEY)?.id ?? null;
    const current = () => queryClient.getQueryData<Preferences>(PREFERENCES_KEY) ?? defaultPreferences(userId() ?? '');
    return createPreferenceSaver({
      delayMs: PREFERENCE_SAVE_DEBOUNCE_MS,
      read: (key) => current()[key],
      write: (key, value) => {
        // A fetch landing after the optimistic write would undo it.
        void queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
        queryClient.setQueryData<Preferences>(PREFERENCES_KEY, { ...current(), [key]: value });
      },
      send: async (update) => {
        const saved = await postPreference(update);
        queryClient.setQueryData<Preferences>(PREFERENCES_KEY, (old) => (old ? { ...old, lastUpdated: saved.lastUpdated } : old));
      },
      onSaved: (key, value) => {
        if (key === 'theme') forgetSessionTheme();
        if (key === 'featureUpdates') toast(featureUpdatesToast(value === true));
      },
      onFailed: (key) => {
        const id = userId();
        const theme = current().theme;
        if (key === 'theme' && id) rememberSessionTheme(id, theme);
        toast(saveFailedToast(key));
      },
    });
  });

  useEffect(() => () => saver.flush(), [saver]);

  const [savePreference] = useState(() => {
    const save: SavePreference = (key, value) => {
      if (!queryClient.getQueryData<User | null>(AUTH_USER_KEY)) return;
      saver.save(key, value);
    };
    return save;
  });
  return { savePreference };
}
