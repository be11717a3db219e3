import type { Tier } from './tiers.ts';

/**
 * The one plan catalogue (DESIGN §4). The server enforces it and the pricing page shows it, so the
 * two can never disagree. Where the spec gives two readings (pro 100 or 60 a month), the feature list's
 * 100 is the rule.
 */
export type QueryPeriod = 'weekly' | 'monthly';

export interface PlanRule {
  tier: Tier;
  label: string;
  /** null = unlimited */
  queryLimit: number | null;
  period: QueryPeriod;
  /** null = unlimited */
  droneLimit: number | null;
  price: string;
  features: readonly string[];
}

/**
 * Pilot seats of a business (doc 2 §9): the business plan's price covers the first seats, each further
 * pilot costs extra, up to a fixed maximum. The pilots tab's pricing text and the server's seat limit
 * both read this one entry.
 */
export const PILOT_SEATS = {
  includedSeats: 2,
  basePriceUsd: 150,
  extraSeatPriceUsd: 30,
  maxPilots: 100,
} as const;

export const PLANS: Record<Tier, PlanRule> = {
  basic: {
    tier: 'basic',
    label: 'Basic',
    queryLimit: 3,
    period: 'weekly',
    droneLimit: 1,
    price: '$0.99/month',
    features: ['3 AI queries per week', '1 drone'],
  },
  hobbyist: {
    tier: 'hobbyist',
    label: 'Hobbyist',
    queryLimit: 10,
    period: 'weekly',
    droneLimit: 3,
    price: '$0.99/week',
    features: ['10 AI queries per week', '3 drones', 'CSV export'],
  },
  pro: {
    tier: 'pro',
    label: 'Pro',
    queryLimit: 100,
    period: 'monthly',
    droneLimit: 10,
    price: '$0.99/day',
    features: ['100 AI queries per month', '10 drones', 'AI Import'],
  },
  business: {
    tier: 'business',
    label: 'Business',
    queryLimit: null,
    period: 'monthly',
    droneLimit: null,
    price: `$${PILOT_SEATS.basePriceUsd}/month`,
    features: [
      `${PILOT_SEATS.includedSeats} seats included`,
      `Extra seats $${PILOT_SEATS.extraSeatPriceUsd}/month`,
      'Unlimited AI queries and drones',
      'Custom knowledge base',
    ],
  },
  business_pro: {
    tier: 'business_pro',
    label: 'Business Pro',
    queryLimit: null,
    period: 'monthly',
    droneLimit: null,
    price: '$150/month',
    features: ['Unlimited AI queries and drones', 'Custom knowledge base'],
  },
  enterprise: {
    tier: 'enterprise',
    label: 'Enterprise',
    queryLimit: null,
    period: 'monthly',
    droneLimit: null,
    price: 'Contact sales',
    features: ['4.5x larger knowledge base'],
  },
  admin: { tier: 'admin', label: 'Admin', queryLimit: null, period: 'weekly', droneLimit: null, price: '', features: [] },
  developer: {
    tier: 'developer',
    label: 'Developer',
    queryLimit: null,
    period: 'weekly',
    droneLimit: null,
    price: '',
    features: [],
  },
  super_admin: {
    tier: 'super_admin',
    label: 'Super Admin',
    queryLimit: null,
    period: 'weekly',
    droneLimit: null,
    price: '',
    features: [],
  },
};

export const planFor = (tier: Tier): PlanRule => PLANS[tier];

/** The monthly price of a business with `pilots` pilots: the base covers the included seats. */
export const monthlySeatPriceUsd = (pilots: number): number =>
  PILOT_SEATS.basePriceUsd + Math.max(0, pilots - PILOT_SEATS.includedSeats) * PILOT_SEATS.extraSeatPriceUsd;

/** "$150/month for the first 2 pilots, $30/month for each extra pilot (up to 100)". */
export const seatPricingText = () =>
  `$${PILOT_SEATS.basePriceUsd}/month for the first ${PILOT_SEATS.includedSeats} pilots, $${PILOT_SEATS.extraSeatPriceUsd}/month for each extra pilot (up to ${PILOT_SEATS.maxPilots}).`;
