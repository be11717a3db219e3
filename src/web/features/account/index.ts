export { usePreferences, defaultPreferences } from './hooks/use-preferences.ts';
export { useSavePreference, type SavePreference } from './hooks/use-save-preference.ts';
export { useTierInfo, usePolledTierInfo, type TierInfoOptions } from './hooks/use-tier-info.ts';
export { QueryLimitDisplay, QueryLimitStatus, QueryLimitView, type QueryLimitDisplayProps } from './components/query-limit-display.tsx';
export { ProfilePage } from './components/profile-page.tsx';
export { PREFERENCES_KEY, TIER_KEY, tierForUserKey, TIER_LOAD_ERROR } from './api.ts';
