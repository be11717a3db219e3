import { describe, expect, it } from 'vitest';
import { TIERS, type Tier } from '../../../../shared/tiers.ts';
import { canSeeUpgradeLink, canUseAiAnalysis } from './ai-access.ts';

const pair = (tier: Tier, originalTier: Tier = tier) => ({ tier, originalTier });

describe('canUseAiAnalysis (§6)', () => {
  it('is for pro, business, enterprise, admin, super_admin and developer (and business_pro)', () => {
    const allowed = TIERS.filter((t) => canUseAiAnalysis(pair(t)));
    expect(allowed).toEqual(['pro', 'business', 'business_pro', 'enterprise', 'admin', 'developer', 'super_admin']);
  });

  it('leaves basic, hobbyist and an unknown tier with the simple brief', () => {
    expect(canUseAiAnalysis(pair('basic'))).toBe(false);
    expect(canUseAiAnalysis(pair('hobbyist'))).toBe(false);
    expect(canUseAiAnalysis(null)).toBe(false);
  });

  it('counts the effective tier of a business pilot', () => {
    expect(canUseAiAnalysis(pair('business', 'basic'))).toBe(true);
  });
});

describe('canSeeUpgradeLink (§2.2)', () => {
  it('is for admin and developer users only', () => {
    expect(TIERS.filter((t) => canSeeUpgradeLink(pair(t)))).toEqual(['admin', 'developer', 'super_admin']);
    expect(canSeeUpgradeLink(null)).toBe(false);
  });
});
