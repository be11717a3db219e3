import { z } from 'zod';
import { PAID_TIER_ORDER, type Tier } from './tiers.ts';

/** The tiers a user can pay for or step down to on the pricing page (doc 3 §4). */
export const PAID_TIERS = ['hobbyist', 'pro', 'business', 'business_pro'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];
export const isPaidTier = (tier: Tier): tier is PaidTier => (PAID_TIERS as readonly string[]).includes(tier);

/** Position along basic → business_pro; -1 for tiers outside the order (staff, enterprise). */
export const tierRank = (tier: Tier): number => (PAID_TIER_ORDER as readonly string[]).indexOf(tier);

/** The exact texts of doc 3 §8 (payment and tiers); 'Title: text' there is a toast's title and description. */
export const BILLING_MESSAGES = {
  paymentFailed: 'Payment Failed',
  paymentError: { title: 'Payment Error', description: 'An unexpected error occurred. Please try again.' },
  setupError: { title: 'Setup Error', description: 'Failed to initialize payment. Please try again.' },
  upgradeFailed: 'Upgrade Failed',
  downgradeFailed: 'Downgrade Failed',
  upgradeFailedDefault: 'Failed to upgrade tier',
  downgradeFailedDefault: 'Failed to downgrade tier',
  upgraded: 'Tier Upgraded!',
  downgraded: 'Tier Downgraded',
  notConfigured: 'Payments are not configured. Tiers are assigned by staff in User Management.',
  billingNote: 'All plans are billed monthly, assuming 30-day months of 4 weeks.',
  pastDue: 'Your last payment failed. Your plan stays active for now: update your card in Manage billing to keep it.',
  waiting: 'Waiting for Stripe to confirm your new plan…',
  slow: 'Stripe has not confirmed your plan yet. This can take a minute; your plan will change as soon as it does.',
} as const;

export const createSubscriptionBodySchema = z.strictObject({ priceId: z.string().min(1).max(255) });
export const createSubscriptionResponseSchema = z.object({
  /** The first payment's client secret; null when a plan change was paid with the saved card. */
  clientSecret: z.string().max(500).nullable(),
  subscriptionId: z.string().max(255),
  status: z.string().max(50),
});
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;

export const upgradeTierBodySchema = z.strictObject({ tier: z.enum(['basic', ...PAID_TIERS]) });
export const upgradeTierResponseSchema = z.object({
  tier: z.enum(['basic', ...PAID_TIERS]),
  /** 'changed' when the tier moved now; 'pending' when Stripe has still to confirm a change. */
  result: z.enum(['changed', 'unchanged', 'pending']),
});
export type UpgradeTierResponse = z.infer<typeof upgradeTierResponseSchema>;

export const billingStatusSchema = z.object({
  /** false: no STRIPE_SECRET_KEY, staff assign tiers. */
  configured: z.boolean(),
  publishableKey: z.string().max(500).nullable(),
  /** The configured price of each paid tier (only these are accepted by create-subscription). */
  prices: z.array(z.object({ tier: z.enum(PAID_TIERS), priceId: z.string().max(255) })).max(PAID_TIERS.length),
  subscription: z
    .object({ status: z.string().max(50), tier: z.enum(PAID_TIERS).nullable(), pastDue: z.boolean() })
    .nullable(),
  /** A Stripe customer exists: the customer portal can be opened. */
  canManage: z.boolean(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

export const portalSessionSchema = z.object({ url: z.string().max(2000) });
export const webhookAckSchema = z.object({ received: z.boolean(), duplicate: z.boolean() });
