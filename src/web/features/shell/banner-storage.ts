import { STORAGE_KEYS } from '../../../shared/constants.ts';

export function isBannerHidden(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.bannerHidden) === 'true';
  } catch {
    return false;
  }
}

export function hideBannerForever() {
  try {
    localStorage.setItem(STORAGE_KEYS.bannerHidden, 'true');
  } catch {
    // Without storage the banner simply comes back next visit.
  }
}
