import { describe, expect, it } from 'vitest';
import { planFor, PLANS } from './plans.ts';
import { TIERS } from './tiers.ts';

describe('the plan catalogue (DESIGN §4, spec doc 1 §9)', () => {
  it('has one plan for every tier, keyed by its own tier', () => {
    expect(Object.keys(PLANS).sort()).toEqual([...TIERS].sort());
    for (const tier of TIERS) expect(planFor(tier).tier).toBe(tier);
  });

  it('limits basic to 3 a week, hobbyist to 10 a week, pro to 100 a month', () => {
    expect(planFor('basic')).toMatchObject({ queryLimit: 3, period: 'weekly' });
    expect(planFor('hobbyist')).toMatchObject({ queryLimit: 10, period: 'weekly' });
    expect(planFor('pro')).toMatchObject({ queryLimit: 100, period: 'monthly' });
  });

  it('gives every other tier unlimited queries', () => {
    for (const tier of ['business', 'business_pro', 'enterprise', 'admin', 'developer', 'super_admin'] as const) {
      expect(planFor(tier).queryLimit, tier).toBeNull();
    }
  });

  it('drone limits: basic 1, hobbyist 3, pro 10, all others unlimited (doc 2)', () => {
    expect(planFor('basic').droneLimit).toBe(1);
    expect(planFor('hobbyist').droneLimit).toBe(3);
    expect(planFor('pro').droneLimit).toBe(10);
    for (const tier of ['business', 'business_pro', 'enterprise', 'admin', 'developer', 'super_admin'] as const) {
      expect(planFor(tier).droneLimit, tier).toBeNull();
    }
  });

  it('the features the pricing page shows agree with the limits the server enforces', () => {
    for (const tier of ['basic', 'hobbyist', 'pro'] as const) {
      const plan = planFor(tier);
      const unit = plan.period === 'weekly' ? 'week' : 'month';
      expect(plan.features).toContain(`${plan.queryLimit} AI queries per ${unit}`);
    }
  });
});
