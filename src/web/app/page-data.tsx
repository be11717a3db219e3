import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { prefetchDrones } from '../features/drones/prefetch.ts';
import { prefetchLogbook } from '../features/flight-logs/prefetch.ts';

/**
 * The data a page's largest paint waits for, by path, requested as soon as the page's code starts to
 * download instead of once it has run (ADR 0066). Only where the first screen depends on it: the
 * logbook's "no drones" line and its totals. The prefetch files import only their feature's api.ts (no
 * hooks, no contract schemas), since this module is part of the first load.
 */
const PAGE_DATA: Partial<Record<string, (client: QueryClient) => void>> = {
  '/logbook': (client) => {
    void prefetchDrones(client);
    prefetchLogbook(client);
  },
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
