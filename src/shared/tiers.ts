/** The contract's tier names (spec doc 1 §1, doc 3 §1; DESIGN §4). */
export const TIERS = [
  'basic',
  'hobbyist',
  'pro',
  'business',
  'business_pro',
  'enterprise',
  'admin',
  'developer',
  'super_admin',
] as const;
export type Tier = (typeof TIERS)[number];

export const isTier = (value: unknown): value is Tier =>
  typeof value === 'string' && (TIERS as readonly string[]).includes(value);

/** Tier order for upgrades and downgrades on the pricing page (doc 3 §4). */
export const PAID_TIER_ORDER = ['basic', 'hobbyist', 'pro', 'business', 'business_pro'] as const;

export interface TierPair {
  tier: Tier;
  originalTier: Tier;
}

const has = (pair: TierPair, tiers: readonly Tier[]) =>
  tiers.includes(pair.tier) || tiers.includes(pair.originalTier);

/** Admin means tier admin or super_admin (doc 1 §6). */
export const isAdmin = (t: TierPair) => t.tier === 'admin' || t.tier === 'super_admin' || t.originalTier === 'super_admin';
export const isDeveloper = (t: TierPair) => t.tier === 'developer' || t.originalTier === 'developer';
export const isSuperAdmin = (t: TierPair) => has(t, ['super_admin']);
export const isAdminOrDeveloper = (t: TierPair) => isAdmin(t) || isDeveloper(t);
export const isBusinessTier = (t: TierPair) => has(t, ['business', 'business_pro']);

/** Tools menu and page rules of doc 1 §2 / §6. */
export const canSeeDocuments = isBusinessTier;
export const canSeeCompanySetup = isBusinessTier;
export const canSeePricingLink = (t: TierPair) => isAdminOrDeveloper(t) && !isBusinessTier(t);

/** Profile admin tab: tier admin, originalTier super_admin, or the fixed staff account (doc 1 §6). */
export const canSeeAdminTab = (t: TierPair, isStaffAccount: boolean) =>
  t.tier === 'admin' || t.originalTier === 'super_admin' || isStaffAccount;

/** Tiers a developer may simulate, display-only (doc 1 §2). */
export const SIMULATABLE_TIERS = ['developer', 'basic', 'pro', 'admin'] as const;
export type SimulatedTier = (typeof SIMULATABLE_TIERS)[number];
