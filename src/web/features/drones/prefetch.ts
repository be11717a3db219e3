import type { QueryClient } from '@tanstack/react-query';
import { DRONES_KEY, fetchDrones } from './api.ts';

/** Starts GET /api/drones for a page about to show them (useDrones then reads it cached; a failure it retries). */
export const prefetchDrones = (client: QueryClient) => client.prefetchQuery({ queryKey: DRONES_KEY, queryFn: fetchDrones });
