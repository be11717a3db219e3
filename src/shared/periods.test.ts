import { describe, expect, it } from 'vitest';
import { nextPeriodStart, periodStart, queryAllowanceMessage, resetWords, utcDay } from './periods.ts';

const at = (iso: string) => new Date(iso);
const weekStartOf = (iso: string) => periodStart('weekly', at(iso)).toISOString();
const monthStartOf = (iso: string) => periodStart('monthly', at(iso)).toISOString();

describe('periodStart: weeks start Monday 00:00 UTC', () => {
  it('Sunday 23:59:59.999 UTC still belongs to the week that began the Monday before', () => {
    expect(weekStartOf('2025-06-15T23:59:59.999Z')).toBe('2025-06-09T00:00:00.000Z'); // a Sunday
  });

  it('Monday 00:00 UTC starts a new week', () => {
    expect(weekStartOf('2025-06-16T00:00:00.000Z')).toBe('2025-06-16T00:00:00.000Z');
  });

  it('every day from Monday to Sunday maps to that Monday', () => {
    for (let day = 16; day <= 22; day++) {
      expect(weekStartOf(`2025-06-${day}T12:00:00Z`)).toBe('2025-06-16T00:00:00.000Z');
    }
  });

  it('is UTC, not local time: Monday 01:00 in UTC+2 (Sunday 23:00 UTC) is still last week', () => {
    expect(weekStartOf('2025-06-16T01:00:00+02:00')).toBe('2025-06-09T00:00:00.000Z');
  });

  it('a week may start in the previous month or year', () => {
    expect(weekStartOf('2025-10-01T08:00:00Z')).toBe('2025-09-29T00:00:00.000Z');
    expect(weekStartOf('2026-01-01T08:00:00Z')).toBe('2025-12-29T00:00:00.000Z');
  });

  it('across a leap day', () => {
    expect(weekStartOf('2024-02-29T10:00:00Z')).toBe('2024-02-26T00:00:00.000Z');
    expect(weekStartOf('2024-03-03T23:59:59Z')).toBe('2024-02-26T00:00:00.000Z');
    expect(weekStartOf('2024-03-04T00:00:00Z')).toBe('2024-03-04T00:00:00.000Z');
  });
});

describe('periodStart: months start on the 1st UTC', () => {
  it('the last millisecond of a month belongs to it; the next starts at 00:00 on the 1st', () => {
    expect(monthStartOf('2025-04-30T23:59:59.999Z')).toBe('2025-04-01T00:00:00.000Z');
    expect(monthStartOf('2025-05-01T00:00:00.000Z')).toBe('2025-05-01T00:00:00.000Z');
  });

  it('31-day months, December into January', () => {
    expect(monthStartOf('2025-12-31T23:59:59.999Z')).toBe('2025-12-01T00:00:00.000Z');
    expect(monthStartOf('2026-01-01T00:00:00.000Z')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('February in a leap year includes the 29th', () => {
    expect(monthStartOf('2024-02-29T23:59:59.999Z')).toBe('2024-02-01T00:00:00.000Z');
    expect(monthStartOf('2024-03-01T00:00:00.000Z')).toBe('2024-03-01T00:00:00.000Z');
    expect(monthStartOf('2025-02-28T23:59:59.999Z')).toBe('2025-02-01T00:00:00.000Z');
  });

  it('is UTC: 00:30 on the 1st in UTC+1 is still the previous month', () => {
    expect(monthStartOf('2025-07-01T00:30:00+01:00')).toBe('2025-06-01T00:00:00.000Z');
  });
});

describe('utcDay', () => {
  it('gives the UTC calendar day as YYYY-MM-DD', () => {
    expect(utcDay(at('2024-02-29T23:59:59Z'))).toBe('2024-02-29');
    expect(utcDay(at('2024-03-01T00:30:00+01:00'))).toBe('2024-02-29');
  });

  it('keeps the day it made last only within that day, whatever order days are asked in', () => {
    const asked = ['2026-11-24T00:00:00Z', '2026-11-24T23:59:59.999Z', '2026-11-25T00:00:00Z', '2026-11-24T12:00:00Z', '1969-12-31T23:59:59Z', '1969-12-31T00:00:00Z', '1970-01-01T00:00:00Z'];
    expect(asked.map((iso) => utcDay(at(iso)))).toEqual(['2026-11-24', '2026-11-24', '2026-11-25', '2026-11-24', '1969-12-31', '1969-12-31', '1970-01-01']);
  });
});

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
