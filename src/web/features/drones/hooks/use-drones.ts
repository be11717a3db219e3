import { useQuery } from '@tanstack/react-query';
import { sortDrones } from '../../../../shared/drones-order.ts';
import { useAuth } from '../../auth/index.ts';
import { DRONES_KEY, fetchDrones } from '../api.ts';

/** GET /api/drones, only when signed in, retried 3 times 1 second apart (doc 2 §6, §7); primary first. */
export function useDrones() {
  const { user } = useAuth();
  return useQuery({
    queryKey: DRONES_KEY,
    queryFn: fetchDrones,
    enabled: user !== null,
    retry: 3,
    retryDelay: 1000,
    select: sortDrones,
  });
}
