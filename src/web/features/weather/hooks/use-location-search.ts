import { useQuery } from '@tanstack/react-query';
import { LOCATION_SEARCH_DEBOUNCE_MS, LOCATION_SEARCH_MIN_CHARS } from '../../../../shared/weather/constants.ts';
import type { LocationResult } from '../../../../shared/weather/contract.ts';
import { LOCATION_SEARCH_KEY, searchLocations } from '../api.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * The search dropdown (§5): from 3 characters, 300 ms after the last keystroke. A failed search is an
 * empty list (§8), so it is not retried or reported.
 */
export function useLocationSearch(text: string, active: boolean) {
  const settled = useDebouncedValue(text.trim(), LOCATION_SEARCH_DEBOUNCE_MS);
  const enabled = active && settled.length >= LOCATION_SEARCH_MIN_CHARS && settled === text.trim();
  const query = useQuery({
    queryKey: [LOCATION_SEARCH_KEY, settled],
    queryFn: async ({ signal }): Promise<LocationResult[]> => {
      try {
        return await searchLocations(settled, signal);
      } catch {
        return [];
      }
    },
    enabled,
    retry: false,
  });
  return { results: enabled ? (query.data ?? []) : [], isSearching: enabled && query.isFetching, searched: enabled && query.isSuccess };
}
