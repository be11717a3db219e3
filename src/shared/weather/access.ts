import type { Tier, TierPair } from '../tiers.ts';

/** Tiers that get the AI brief and analysis (§6); the rest see the simple brief. */
export const AI_ANALYSIS_TIERS = ['pro', 'business', 'business_pro', 'enterprise', 'admin', 'super_admin', 'developer'] as const;

/**
 * AI brief and analysis (spec doc 3 §6): pro, business, enterprise, admin, super_admin, developer.
 * business_pro is not in the spec's list, but it is the larger business plan and includes everything
 * business has, so it is allowed too. Either the effective or the stored tier counts (a pilot of a
 * business works under the business's plan; staff keep their staff tier). The server enforces it; the
 * page uses it to choose between the AI analysis and the simple brief with its 'Want AI Analysis?' prompt.
 */
export const canUseAiAnalysis = (t: TierPair) =>
  (AI_ANALYSIS_TIERS as readonly Tier[]).includes(t.tier) || (AI_ANALYSIS_TIERS as readonly Tier[]).includes(t.originalTier);
