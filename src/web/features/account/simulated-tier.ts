import type { TierInfo } from '../../../shared/account.ts';
import { planFor } from '../../../shared/plans.ts';
import { isDeveloper, SIMULATABLE_TIERS, type SimulatedTier } from '../../../shared/tiers.ts';

export interface SimulatedTierView {
  info: TierInfo;
  /** True when the display differs from the real tier: the UI labels it "Simulated". */
  simulated: boolean;
  /**
   * The server counts the developer's queries over their real period; when the simulated plan counts over
   * another period the count shown is still the real one, and the UI says so rather than invent a number.
   */
  countFromRealPeriod: boolean;
}

export const isSimulatedTier = (value: unknown): value is SimulatedTier =>
  typeof value === 'string' && (SIMULATABLE_TIERS as readonly string[]).includes(value);

/**
 * What the account tab shows when a developer views it as another tier (doc 1 §2). Display only: the
 * server never sees the choice, so what the developer may do is unchanged. Non-developers always see
 * their real info, whatever is asked.
 */
export function simulatedTierView(real: TierInfo, wanted: SimulatedTier | null): SimulatedTierView {
  if (!wanted || !isDeveloper(real) || wanted === real.tier) {
    return { info: real, simulated: false, countFromRealPeriod: false };
  }
  const plan = planFor(wanted);
  return {
    info: {
      ...real,
      tier: wanted,
      originalTier: wanted,
      queryLimit: plan.queryLimit,
      timePeriod: plan.period,
    },
    simulated: true,
    countFromRealPeriod: plan.queryLimit !== null && plan.period !== real.timePeriod,
  };
}
