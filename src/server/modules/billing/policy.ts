import type { StripeConfig } from '../../config.ts';
import { PAID_TIERS, type PaidTier } from '../../../shared/billing.ts';
import { PILOT_SEATS } from '../../../shared/plans.ts';
import type { Tier } from '../../../shared/tiers.ts';

/** The plan tier a configured price grants; null for any other price (never an arbitrary id). */
export function tierForPrice(prices: StripeConfig['prices'], priceId: string | null): PaidTier | null {
  if (!priceId) return null;
  return PAID_TIERS.find((tier) => prices[tier] === priceId) ?? null;
}

/** Tiers Stripe never moves: staff and the sales-assigned enterprise plan. */
export const isManagedByStaff = (tier: Tier) => tier === 'admin' || tier === 'developer' || tier === 'super_admin' || tier === 'enterprise';

export const LIVE_STATUSES = ['active', 'trialing', 'past_due'] as const;
export const isLive = (status: string) => (LIVE_STATUSES as readonly string[]).includes(status);

/**
 * What a subscription's state means for the tier (DESIGN §4): active or trialing grants the plan's tier,
 * past_due keeps the tier and raises the banner, canceled, unpaid, expired or paused fall back to basic,
 * and incomplete (the first payment not made yet) changes nothing.
 */
export function tierDecision(status: string, planTier: PaidTier | null): { tier: Tier | null; pastDue: boolean } {
  if (status === 'active' || status === 'trialing') return { tier: planTier, pastDue: false };
  if (status === 'past_due') return { tier: null, pastDue: true };
  if (status === 'canceled' || status === 'unpaid' || status === 'incomplete_expired' || status === 'paused') return { tier: 'basic', pastDue: false };
  return { tier: null, pastDue: false };
}

/**
 * Extra pilot seats a business subscription bills (ADR 0041): pilots beyond the plan's included ones,
 * on a business plan only (any other plan bills none, so its seat item is removed).
 */
export function extraSeats(planTier: PaidTier | null, pilots: number): number {
  if (planTier !== 'business' && planTier !== 'business_pro') return 0;
  return Math.max(0, pilots - PILOT_SEATS.includedSeats);
}
