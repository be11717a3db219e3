import { describe, expect, it } from 'vitest';
import { TIERS, type Tier } from '../tiers.ts';
import { canUseAiAnalysis } from './access.ts';

describe('AI analysis access', () => {
  const allowed: Tier[] = ['pro', 'business', 'business_pro', 'enterprise', 'admin', 'super_admin', 'developer'];
  it.each(TIERS.map((t) => [t, allowed.includes(t)] as const))('%s → %s', (tier, ok) => {
    expect(canUseAiAnalysis({ tier, originalTier: tier })).toBe(ok);
  });
  it('a pilot of a business (stored basic, effective business) has it', () => {
    expect(canUseAiAnalysis({ tier: 'business', originalTier: 'basic' })).toBe(true);
  });
});
