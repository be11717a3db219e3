import { describe, expect, it } from 'vitest';
import { formatFlightDate, formatMonth, inBatches, localToday } from './format.ts';

describe('logbook formatting', () => {
  it('shows dates as MMM dd, yyyy without shifting the day', () => {
    expect(formatFlightDate('2024-03-05')).toBe('Mar 05, 2024');
    expect(formatFlightDate('1900-01-01')).toBe('Jan 01, 1900');
    expect(formatFlightDate('2018-12-31')).toBe('Dec 31, 2018');
    expect(formatMonth('2024-11')).toBe('Nov 2024');
  });

  it('reads today in local time', () => {
    expect(localToday(new Date(2024, 0, 9, 23, 59))).toBe('2024-01-09');
  });

  it('runs bulk tasks five at a time, never more in flight', async () => {
    let running = 0;
    let peak = 0;
    const progress: number[] = [];
    const results = await inBatches(
      Array.from({ length: 12 }, (_, i) => i),
      5,
      async (i) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 1));
        running -= 1;
        if (i === 3) throw new Error('no');
        return i;
      },
      (done) => progress.push(done),
    );
    expect(peak).toBe(5);
    expect(progress).toEqual([5, 10, 12]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
  });
});
