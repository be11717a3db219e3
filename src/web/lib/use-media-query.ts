import { useCallback, useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../../shared/constants.ts';

/** Whether a CSS media query matches now, following live changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Narrower than the 768 px mobile breakpoint (doc 1 §2, §9). */
export const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY);
}

/** The "portrait and mobile" check of doc 1 §2: a narrow screen held upright. */
export function useIsPortraitMobile(): boolean {
  return useMediaQuery(`${MOBILE_QUERY} and (orientation: portrait)`);
}
