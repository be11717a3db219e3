import { useEffect, useSyncExternalStore } from 'react';

/**
 * Whether the first screen (the layout with the navbar's place, "Loading" in the page) has been painted.
 * A signed-in page's code and the navbar's start downloading only after that paint: downloads started
 * before it compete with it, and Lighthouse counts every script requested before the first paint as
 * part of that paint (ADR 0066). Once true it stays true, so later navigations are not delayed.
 */
let painted = false;
const listeners = new Set<() => void>();

function markPainted() {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useFirstPaintDone(): boolean {
  const done = useSyncExternalStore(subscribe, () => painted);
  useEffect(() => {
    if (painted) return;
    // A hidden tab paints nothing (and runs no animation frames): nothing to wait for.
    if (document.visibilityState === 'hidden') return markPainted();
    // The frame after the first commit is painted; the task after that frame runs once it is on screen.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(markPainted, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return done;
}
