import type { Preferences } from './account.ts';

/** The preference choices and their defaults (doc 1 §4, §7), without the account contract's schemas. */
export const THEMES = ['system', 'light', 'dark'] as const;
export const COUNTRIES = ['US', 'CA', 'GB', 'AU', 'NZ', 'FR', 'DE', 'JP', 'CN', 'IN', 'BR', 'MX'] as const;
export const MEASUREMENT_SYSTEMS = ['imperial', 'metric'] as const;
export type Theme = (typeof THEMES)[number];
export type Country = (typeof COUNTRIES)[number];

export const COUNTRY_NAMES: Record<Country, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  AU: 'Australia',
  NZ: 'New Zealand',
  FR: 'France',
  DE: 'Germany',
  JP: 'Japan',
  CN: 'China',
  IN: 'India',
  BR: 'Brazil',
  MX: 'Mexico',
};

export const PREFERENCE_DEFAULTS = {
  showQuickQuestions: true,
  showHelpTip: true,
  theme: 'system',
  country: 'US',
  measurementSystem: 'imperial',
  earlyAccess: false,
  featureUpdates: true,
} as const satisfies Omit<Preferences, 'userId' | 'lastUpdated'>;
