/** Business constants of spec doc 1 §9. */
export const BANNER_AUTO_HIDE_MS = 8000;
export const PREFERENCE_SAVE_DEBOUNCE_MS = 300;
export const MOBILE_BREAKPOINT_PX = 768;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const MIN_FEEDBACK_LENGTH = 10;
export const MIN_BUG_DESCRIPTION_LENGTH = 10;
export const TIER_STALE_NAVBAR_MS = 5 * 60 * 1000;
export const QUERY_FRESH_MS = 5 * 60 * 1000;

export const STORAGE_KEYS = {
  conversation: 'droneDoctor_conversation',
  bannerHidden: 'earlyAccessBannerHidden',
  logoutInProgress: 'logout_in_progress',
} as const;

export const SESSION_KEYS = {
  returnPath: 'profileReturnPath',
  startTab: 'profileStartTab',
} as const;

/** Bounds every free-text field; the spec gives none, so these are ours (Infisical: bound every string). */
export const MAX_LEN = {
  email: 254,
  name: 120,
  subject: 40,
  shortText: 200,
  message: 5000,
  details: 5000,
} as const;
