import { describe, expect, it } from 'vitest';
import { remainingIsDestructive, unlimitedLabel, usageBand, usagePercent, usageView } from './usage.ts';

describe('usagePercent', () => {
  it('is the share used, clamped to 0–100', () => {
    expect(usagePercent(1, 4)).toBe(25);
    expect(usagePercent(5, 3)).toBe(100);
    expect(usagePercent(-2, 3)).toBe(0);
  });

  it('counts a zero allowance as fully used', () => {
    expect(usagePercent(0, 0)).toBe(100);
  });
});

describe('usageBand', () => {
  it('is normal under 66, warning from 66, critical at 100', () => {
    expect(usageBand(0)).toBe('normal');
    expect(usageBand(65.9)).toBe('normal');
    expect(usageBand(66)).toBe('warning');
    expect(usageBand(99.9)).toBe('warning');
    expect(usageBand(100)).toBe('critical');
  });
});

describe('remainingIsDestructive', () => {
  it('turns on at 90 percent', () => {
    expect(remainingIsDestructive(89.9)).toBe(false);
    expect(remainingIsDestructive(90)).toBe(true);
  });
});

describe('unlimitedLabel', () => {
  it('gives the business text to business and business_pro', () => {
    expect(unlimitedLabel('business', null)).toBe('Business Plan - Unlimited Queries');
    expect(unlimitedLabel('business_pro', null)).toBe('Business Plan - Unlimited Queries');
  });

  it('gives the admin text to admin, super_admin and developer', () => {
    for (const tier of ['admin', 'super_admin', 'developer'] as const) {
      expect(unlimitedLabel(tier, null)).toBe('Admin Account - Unlimited Queries');
    }
  });

  it('is null for the limited tiers', () => {
    expect(unlimitedLabel('basic', 3)).toBeNull();
    expect(unlimitedLabel('hobbyist', 10)).toBeNull();
    expect(unlimitedLabel('pro', 100)).toBeNull();
  });
});

describe('usageView', () => {
  it('describes a limited tier in the spec wording', () => {
    expect(usageView({ tier: 'basic', queryLimit: 3, queryCount: 2, timePeriod: 'weekly' })).toEqual({
      kind: 'limited',
      usedText: '2 of 3 weekly queries used',
      remainingText: '1 remaining',
      percent: (2 / 3) * 100,
      band: 'warning',
      remainingDestructive: false,
    });
  });

  it('never shows a negative remainder', () => {
    const view = usageView({ tier: 'pro', queryLimit: 100, queryCount: 120, timePeriod: 'monthly' });
    expect(view).toMatchObject({ usedText: '120 of 100 monthly queries used', remainingText: '0 remaining', band: 'critical' });
  });

  it('marks 90 percent used as destructive', () => {
    expect(usageView({ tier: 'pro', queryLimit: 100, queryCount: 90, timePeriod: 'monthly' })).toMatchObject({
      band: 'warning',
      remainingDestructive: true,
    });
  });

  it('describes an unlimited tier by its label', () => {
    expect(usageView({ tier: 'developer', queryLimit: null, queryCount: 7, timePeriod: 'weekly' })).toEqual({
      kind: 'unlimited',
      label: 'Admin Account - Unlimited Queries',
    });
  });
});
