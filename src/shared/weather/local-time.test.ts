import { describe, expect, it } from 'vitest';
import { localClock, localDayDiff, localWhen } from './local-time.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('local time at the forecast location', () => {
  it('shifts by the UTC offset', () => {
    expect(localClock(at('2026-03-05T21:00:00Z'), -5 * 3600)).toBe('16:00');
    expect(localClock(at('2024-01-16T09:30:00Z'), 11 * 3600)).toBe('20:30');
  });
  it('counts local calendar days', () => {
    expect(localDayDiff(at('2026-03-05T21:00:00Z'), at('2026-03-06T04:00:00Z'), -5 * 3600)).toBe(0);
    expect(localDayDiff(at('2026-03-05T21:00:00Z'), at('2026-03-06T05:00:00Z'), -5 * 3600)).toBe(1);
  });
  it('words a time as today, tomorrow or a weekday', () => {
    const now = at('2026-03-05T12:00:00Z'); // a Thursday
    expect(localWhen(at('2026-03-05T14:00:00Z'), now, 0)).toBe('14:00');
    expect(localWhen(at('2026-03-06T06:00:00Z'), now, 0)).toBe('tomorrow 06:00');
    expect(localWhen(at('2026-03-07T06:00:00Z'), now, 0)).toBe('Sat 06:00');
  });
});
