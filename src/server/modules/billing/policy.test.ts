import { describe, expect, it } from 'vitest';
import { extraSeats, tierDecision } from './policy.ts';

describe('extra pilot seats (ADR 0041)', () => {
  it('bills pilots beyond the 2 included, on a business plan only', () => {
    expect([0, 1, 2, 3, 4, 100].map((n) => extraSeats('business', n))).toEqual([0, 0, 0, 1, 2, 98]);
    expect(extraSeats('business_pro', 5)).toBe(3);
    expect(extraSeats('pro', 5)).toBe(0);
    expect(extraSeats(null, 5)).toBe(0);
  });
});

describe('what a subscription state means for the tier', () => {
  it('grants on active or trialing, keeps on past_due, drops to basic when it ends, waits while incomplete', () => {
    expect(tierDecision('active', 'pro')).toEqual({ tier: 'pro', pastDue: false });
    expect(tierDecision('trialing', 'hobbyist')).toEqual({ tier: 'hobbyist', pastDue: false });
    expect(tierDecision('past_due', 'pro')).toEqual({ tier: null, pastDue: true });
    for (const ended of ['canceled', 'unpaid', 'incomplete_expired', 'paused']) expect(tierDecision(ended, 'pro').tier).toBe('basic');
    expect(tierDecision('incomplete', 'pro')).toEqual({ tier: null, pastDue: false });
  });
});
