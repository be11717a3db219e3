import { describe, expect, it } from 'vitest';
import type { Tier } from '../../../../shared/tiers.ts';
import { actionFor, CARD_TIERS } from './plan-catalogue.ts';

const as = (tier: Tier, originalTier: Tier = tier) => ({ tier, originalTier });
const actions = (tier: Tier, originalTier?: Tier) => CARD_TIERS.map((plan) => actionFor(plan, as(tier, originalTier)).kind);

describe('the action of each pricing card (doc 3 §2.4, §4, §6)', () => {
  it('upgrades above the current plan and downgrades below it, along basic → business_pro', () => {
    expect(actions('basic')).toEqual(['current', 'upgrade', 'upgrade', 'upgrade', 'contact']);
    expect(actions('pro')).toEqual(['downgrade', 'downgrade', 'current', 'upgrade', 'contact']);
    expect(actions('business')).toEqual(['downgrade', 'downgrade', 'downgrade', 'current', 'contact']);
    expect(actions('business_pro')).toEqual(['downgrade', 'downgrade', 'downgrade', 'downgrade', 'contact']);
  });

  it("shows staff a disabled 'Admin Account' on every card, super_admin included", () => {
    for (const staff of ['admin', 'developer', 'super_admin'] as const) expect(new Set(actions(staff))).toEqual(new Set(['admin']));
    // A super_admin working as another tier is still staff.
    expect(new Set(actions('pro', 'super_admin'))).toEqual(new Set(['admin']));
  });

  it('shows an enterprise customer their plan as current and sales for any change', () => {
    expect(actions('enterprise')).toEqual(['contact', 'contact', 'contact', 'contact', 'current']);
  });

  it('follows the stored tier of a pilot, not the business tier they borrow', () => {
    expect(actions('business', 'basic')).toEqual(['current', 'upgrade', 'upgrade', 'upgrade', 'contact']);
  });
});
