import { BILLING_MESSAGES, isPaidTier, tierRank, type PaidTier } from '../../../../shared/billing.ts';
import { PLANS, type PlanRule } from '../../../../shared/plans.ts';
import { isAdminOrDeveloper, type Tier, type TierPair } from '../../../../shared/tiers.ts';

/** The cards of the pricing page, in the tier order, from the one plan catalogue. */
export const CARD_TIERS = ['basic', 'hobbyist', 'pro', 'business', 'enterprise'] as const satisfies readonly Tier[];
export const cardPlans = (): PlanRule[] => CARD_TIERS.map((tier) => PLANS[tier]);

export type PlanAction =
  | { kind: 'admin' }
  | { kind: 'current' }
  | { kind: 'contact' }
  | { kind: 'upgrade'; tier: PaidTier }
  | { kind: 'downgrade'; tier: 'basic' | PaidTier };

/** The action of a card along the tier order of doc 3 §4 (staff see a disabled 'Admin Account'). */
export function actionFor(plan: Tier, user: TierPair): PlanAction {
  if (isAdminOrDeveloper(user)) return { kind: 'admin' };
  if (plan === user.originalTier) return { kind: 'current' };
  // Enterprise is sold by people, and an enterprise customer changes plan through them too.
  if (plan === 'enterprise' || user.originalTier === 'enterprise') return { kind: 'contact' };
  const from = tierRank(user.originalTier);
  const to = tierRank(plan);
  if (to < 0) return { kind: 'contact' };
  if (from >= 0 && to < from) return { kind: 'downgrade', tier: plan === 'basic' || isPaidTier(plan) ? plan : 'basic' };
  return isPaidTier(plan) ? { kind: 'upgrade', tier: plan } : { kind: 'current' };
}

export const queriesText = (plan: PlanRule) =>
  plan.queryLimit === null ? 'Unlimited' : `${plan.queryLimit} per ${plan.period === 'weekly' ? 'week' : 'month'}`;
export const dronesText = (plan: PlanRule) => (plan.droneLimit === null ? 'Unlimited' : String(plan.droneLimit));

export { BILLING_MESSAGES };
