import { describe, expect, it } from 'vitest';
import type { TierInfo } from '../../../shared/account.ts';
import { isSimulatedTier, simulatedTierView } from './simulated-tier.ts';

const developer: TierInfo = {
  tier: 'developer',
  originalTier: 'developer',
  isPilot: false,
  administratorBusinessId: null,
  queryLimit: null,
  queryCount: 2,
  timePeriod: 'weekly',
};

describe('simulatedTierView', () => {
  it('shows the real info when nothing is simulated', () => {
    expect(simulatedTierView(developer, null)).toEqual({ info: developer, simulated: false, countFromRealPeriod: false });
    expect(simulatedTierView(developer, 'developer').simulated).toBe(false);
  });

  it('applies the simulated plan limit and period to the real count', () => {
    const view = simulatedTierView(developer, 'basic');
    expect(view.simulated).toBe(true);
    expect(view.info).toMatchObject({ tier: 'basic', originalTier: 'basic', queryLimit: 3, timePeriod: 'weekly', queryCount: 2 });
    expect(view.countFromRealPeriod).toBe(false);
  });

  it('says when the count comes from another period than the simulated plan uses', () => {
    const view = simulatedTierView(developer, 'pro');
    expect(view.info).toMatchObject({ tier: 'pro', queryLimit: 100, timePeriod: 'monthly' });
    expect(view.countFromRealPeriod).toBe(true);
  });

  it('simulates admin as unlimited', () => {
    const view = simulatedTierView(developer, 'admin');
    expect(view.info).toMatchObject({ tier: 'admin', queryLimit: null });
    expect(view.countFromRealPeriod).toBe(false);
  });

  it('ignores a simulation asked for by someone who is not a developer', () => {
    const basic: TierInfo = { ...developer, tier: 'basic', originalTier: 'basic', queryLimit: 3 };
    expect(simulatedTierView(basic, 'admin')).toEqual({ info: basic, simulated: false, countFromRealPeriod: false });
  });
});

describe('isSimulatedTier', () => {
  it('accepts only the four simulatable tiers', () => {
    expect(['developer', 'basic', 'pro', 'admin'].every(isSimulatedTier)).toBe(true);
    expect(isSimulatedTier('super_admin')).toBe(false);
    expect(isSimulatedTier(undefined)).toBe(false);
  });
});
