import { useEffect, useLayoutEffect, useRef } from 'react';

/** Runs `fn` once after the first render (the page's "on load" work), with the latest `fn`. */
export function useMountEffect(fn: () => void) {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  useEffect(() => {
    ref.current();
  }, []);
}
