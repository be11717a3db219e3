import type { PreferenceKey } from '../../../shared/account.ts';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

const FAILED: Record<PreferenceKey, string> = {
  theme: 'Failed to save theme preference. Your changes will be applied for this session only.',
  showQuickQuestions: 'Failed to save quick questions preference',
  measurementSystem: 'Failed to save measurement system preference',
  featureUpdates: 'Failed to save feature updates preference',
  showHelpTip: 'Failed to save help tip preference',
  country: 'Failed to save country preference',
};

/** The destructive toast of doc 1 §8 for a failed save of one key. */
export const saveFailedToast = (key: PreferenceKey): ToastMessage => ({
  title: 'Error',
  description: FAILED[key],
  variant: 'destructive',
});

/**
 * A failed theme save keeps the chosen theme for this session (doc 1 §8 says so); every other key is rolled
 * back to the last value the server accepted.
 */
export const rollsBackOnFailure = (key: PreferenceKey) => key !== 'theme';

/** Doc 1 §8: toggling feature updates says so. */
export const featureUpdatesToast = (enabled: boolean): ToastMessage =>
  enabled
    ? { title: 'Updates Enabled', description: 'You will hear about new features and improvements.' }
    : { title: 'Updates Disabled', description: 'You will no longer hear about new features and improvements.' };
