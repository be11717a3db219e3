import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withDefaults, type FlightThresholds } from '../../../../shared/weather/colours.ts';
import type { ThresholdsResponse, ThresholdsUpdate } from '../../../../shared/weather/thresholds.ts';
import { fetchThresholds, saveThresholds, THRESHOLDS_KEY } from '../api.ts';

export interface ThresholdsState {
  thresholds: FlightThresholds;
  saved: ThresholdsUpdate;
  /** False until the saved thresholds are known (or failed to load, when the defaults stand in). */
  ready: boolean;
  failed: boolean;
}

/** The pilot's card-colour thresholds: the saved ones over the §9 defaults, the defaults if loading fails. */
export function useThresholds(): ThresholdsState {
  const query = useQuery({ queryKey: THRESHOLDS_KEY, queryFn: fetchThresholds, retry: 1 });
  return {
    thresholds: query.data?.thresholds ?? withDefaults(undefined),
    saved: query.data?.saved ?? {},
    ready: !query.isPending,
    failed: query.isError,
  };
}

export function useSaveThresholds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveThresholds,
    onSuccess: (saved: ThresholdsResponse) => queryClient.setQueryData(THRESHOLDS_KEY, saved),
  });
}
