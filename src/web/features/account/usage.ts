import type { TierInfo } from '../../../shared/account.ts';
import type { Tier } from '../../../shared/tiers.ts';

/** Bar colour bands of doc 1 §4: normal under 66 %, warning from 66 %, critical at 100 %. */
export const WARNING_PERCENT = 66;
export const CRITICAL_PERCENT = 100;
/** The remaining text turns destructive from 90 % (doc 1 §9). */
export const DESTRUCTIVE_REMAINING_PERCENT = 90;

export type UsageBand = 'normal' | 'warning' | 'critical';

/** Share of the allowance used, clamped to 0–100; a zero allowance counts as fully used. */
export function usagePercent(queryCount: number, queryLimit: number): number {
  if (queryLimit <= 0) return 100;
  const raw = (queryCount / queryLimit) * 100;
  if (!Number.isFinite(raw)) return 100;
  return Math.min(100, Math.max(0, raw));
}

export function usageBand(percent: number): UsageBand {
  if (percent >= CRITICAL_PERCENT) return 'critical';
  if (percent >= WARNING_PERCENT) return 'warning';
  return 'normal';
}

export const remainingIsDestructive = (percent: number) => percent >= DESTRUCTIVE_REMAINING_PERCENT;

const BUSINESS_UNLIMITED: readonly Tier[] = ['business', 'business_pro'];
const ADMIN_UNLIMITED: readonly Tier[] = ['admin', 'super_admin', 'developer'];

/**
 * The unlimited texts of doc 1 §6. Enterprise (a sales plan the spec names elsewhere) and any tier the
 * server reports without a limit get a plain text rather than a borrowed label.
 */
export function unlimitedLabel(tier: Tier, queryLimit: number | null): string | null {
  if (BUSINESS_UNLIMITED.includes(tier)) return 'Business Plan - Unlimited Queries';
  if (ADMIN_UNLIMITED.includes(tier)) return 'Admin Account - Unlimited Queries';
  if (tier === 'enterprise') return 'Enterprise Plan - Unlimited Queries';
  if (queryLimit === null) return 'Unlimited Queries';
  return null;
}

export type UsageView =
  | { kind: 'unlimited'; label: string }
  | {
      kind: 'limited';
      usedText: string;
      remainingText: string;
      percent: number;
      band: UsageBand;
      remainingDestructive: boolean;
    };

/** What the query-limit display shows for a tier info (doc 1 §9: "X of N weekly queries used", "N remaining"). */
export function usageView(info: Pick<TierInfo, 'tier' | 'queryLimit' | 'queryCount' | 'timePeriod'>): UsageView {
  const unlimited = unlimitedLabel(info.tier, info.queryLimit);
  if (unlimited !== null || info.queryLimit === null) {
    return { kind: 'unlimited', label: unlimited ?? 'Unlimited Queries' };
  }
  const used = Math.max(0, info.queryCount);
  const limit = info.queryLimit;
  const percent = usagePercent(used, limit);
  return {
    kind: 'limited',
    usedText: `${used} of ${limit} ${info.timePeriod} queries used`,
    remainingText: `${Math.max(0, limit - used)} remaining`,
    percent,
    band: usageBand(percent),
    remainingDestructive: remainingIsDestructive(percent),
  };
}
