import { describe, expect, it } from 'vitest';
import { nextPeriodStart, queryAllowanceMessage, resetWords } from './periods.ts';

describe('when an allowance resets (issue 16)', () => {
  it('weeks reset on Monday 00:00 UTC, months on the 1st', () => {
    expect(nextPeriodStart('weekly', new Date('2026-11-23T21:00:00Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z'); // a Monday
    expect(nextPeriodStart('weekly', new Date('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-30T00:00:00.000Z'); // Sunday
    expect(nextPeriodStart('monthly', new Date('2026-12-31T10:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(resetWords('monthly', new Date('2026-11-23T00:00:00Z'))).toBe('resets 1 December 00:00 UTC');
  });

  it('says what the plan allows and when it resets', () => {
    expect(queryAllowanceMessage(3, 3, 'weekly', new Date('2026-11-25T12:00:00Z'))).toBe('3 of 3 weekly questions used; resets Monday 00:00 UTC.');
    expect(queryAllowanceMessage(100, 100, 'monthly', new Date('2026-11-25T12:00:00Z'))).toBe('100 of 100 monthly questions used; resets 1 December 00:00 UTC.');
  });
});
