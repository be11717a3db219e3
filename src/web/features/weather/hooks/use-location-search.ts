import { useQuery } from '@tanstack/react-query';
import { LOCATION_SEARCH_DEBOUNCE_MS, LOCATION_SEARCH_MIN_CHARS } from '../../../../shared/weather/constants.ts';
import type { LocationResult } from '../../../../shared/weather/contract.ts';
import { LOCATION_SEARCH_KEY, searchLocations } from '../api.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * The search dropdown (§5): from 3 characters, 300 ms after the last keystroke. A failed search is
 * reported as such (issue 16), never shown as "no places found"; it is not retried behind the pilot's back.
 */
export function useLocationSearch(text: string, active: boolean) {
  const settled = useDebouncedValue(text.trim(), LOCATION_SEARCH_DEBOUNCE_MS);
  const enabled = active && settled.length >= LOCATION_SEARCH_MIN_CHARS && settled === text.trim();
  const query = useQuery({
    queryKey: [LOCATION_SEARCH_KEY, settled],
    queryFn: ({ signal }): Promise<LocationResult[]> => searchLocations(settled, signal),
    enabled,
    retry: false,
  });
  return {
    results: enabled ? (query.data ?? []) : [],
    isSearching: enabled && query.isFetching,
    searched: enabled && (query.isSuccess || query.isError),
    failed: enabled && query.isError && !query.isFetching,
  };
}
