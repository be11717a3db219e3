import type { BillingStatus, CreateSubscriptionResponse, UpgradeTierResponse } from '../../../shared/billing.ts';
import { apiGet, apiSend } from '../../lib/api-client.ts';

export const BILLING_STATUS_KEY = ['/api/billing/status'] as const;

export const fetchBillingStatus = () => apiGet<BillingStatus>('/api/billing/status');
export const createSubscription = (priceId: string) =>
  apiSend<CreateSubscriptionResponse>('POST', '/api/create-subscription', { body: { priceId } });
export const changeTier = (tier: UpgradeTierResponse['tier']) => apiSend<UpgradeTierResponse>('POST', '/api/user/upgrade-tier', { body: { tier } });
export const openPortal = () => apiSend<{ url: string }>('POST', '/api/billing/portal');
