import { startTransition, useEffect, useState } from 'react';

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
  // What follows the first paint (the page, the navbar, the theme) renders as a transition: React renders
  // it in slices that leave the main thread free, rather than in one long task.
  startTransition(() => {
    for (const listener of listeners) listener();
  });
}

export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    const listener = () => setDone(true);
    listeners.add(listener);
    // Painted between this component's render and this effect: catch up.
    if (painted) startTransition(listener);
    // A hidden tab paints nothing (and runs no animation frames): nothing to wait for.
    else if (document.visibilityState === 'hidden') markPainted();
    // The frame after the first commit is painted; the task after that frame runs once it is on screen.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = painted ? 0 : requestAnimationFrame(() => {
      timer = setTimeout(markPainted, 0);
    });
    return () => {
      listeners.delete(listener);
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return done;
}
