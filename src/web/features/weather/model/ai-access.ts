import { canUseAiAnalysis as tierHasAiAnalysis } from '../../../../shared/weather/access.ts';
import { isAdminOrDeveloper, type TierPair } from '../../../../shared/tiers.ts';

/**
 * Doc 3 §6 through the rule the server enforces (src/shared/weather/access.ts): pro, business,
 * business_pro, enterprise and staff get the AI analysis. Basic, hobbyist or a tier not known yet get
 * the simple brief.
 */
export const canUseAiAnalysis = (t: TierPair | null) => t !== null && tierHasAiAnalysis(t);

/** The Upgrade link to /pricing: admin or developer only (§2.2, §6). */
export const canSeeUpgradeLink = (t: TierPair | null) => t !== null && isAdminOrDeveloper(t);
