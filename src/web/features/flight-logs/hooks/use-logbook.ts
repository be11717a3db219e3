import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/index.ts';
import { fetchFlightLogs, fetchFlightStats, fetchTotalHours, LOGBOOK_KEYS } from '../api.ts';

/** The logbook's three reads, only when signed in (doc 2 §6). */
export function useFlightLogs() {
  const { user } = useAuth();
  return useQuery({ queryKey: LOGBOOK_KEYS.list, queryFn: fetchFlightLogs, enabled: user !== null });
}

export function useTotalHours() {
  const { user } = useAuth();
  return useQuery({ queryKey: LOGBOOK_KEYS.total, queryFn: fetchTotalHours, enabled: user !== null });
}

export function useFlightStats() {
  const { user } = useAuth();
  return useQuery({ queryKey: LOGBOOK_KEYS.stats, queryFn: fetchFlightStats, enabled: user !== null });
}
