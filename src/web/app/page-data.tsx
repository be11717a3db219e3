import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { prefetchLogbook } from '../features/flight-logs/prefetch.ts';

/**
 * The data a page's largest paint waits for, by path, requested as soon as the page's code starts to
 * download instead of once it has run (ADR 0066). Only where the first screen depends on it: the
 * logbook's "no drones" line and its totals.
 */
const PAGE_DATA: Partial<Record<string, (client: QueryClient) => void>> = {
  '/logbook': prefetchLogbook,
};

/** Rendered beside (not inside) the pages' Suspense boundary, so it runs while the page is still loading. */
export function PageDataPrefetch() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  useEffect(() => {
    PAGE_DATA[pathname]?.(client);
  }, [client, pathname]);
  return null;
}
