// Pages are not part of a feature's public surface: the router (app/app.tsx) imports each page from its
// own file, so a feature that needs a hook or a key from here does not bring the pages in too (ADR 0066).
export { usePreferences, defaultPreferences } from './hooks/use-preferences.ts';
export { useSavePreference, type SavePreference } from './hooks/use-save-preference.ts';
export { useTierInfo, usePolledTierInfo, type TierInfoOptions } from './hooks/use-tier-info.ts';
export { QueryLimitDisplay, QueryLimitStatus, QueryLimitView, type QueryLimitDisplayProps } from './components/query-limit-display.tsx';
export { PREFERENCES_KEY, TIER_KEY, tierForUserKey, TIER_LOAD_ERROR } from './api.ts';
