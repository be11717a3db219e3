import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/index.ts';
import { BILLING_STATUS_KEY, fetchBillingStatus } from '../api.ts';

/** Whether payments are on and the user's subscription, as the server knows them. */
export function useBillingStatus() {
  const { user } = useAuth();
  return useQuery({ queryKey: BILLING_STATUS_KEY, queryFn: fetchBillingStatus, enabled: user !== null, staleTime: 60_000 });
}

/** Payments configured: every signed-in user may see the plans (ADR 0040). */
export function usePaymentsConfigured(): boolean {
  return useBillingStatus().data?.configured === true;
}
