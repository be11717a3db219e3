import type { QueryPeriod } from './plans.ts';

/** Start of the query period containing `now`: weeks start Monday 00:00 UTC, months on the 1st UTC. */
export function periodStart(period: QueryPeriod, now: Date): Date {
  if (period === 'monthly') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const day = now.getUTCDay(); // 0 = Sunday
  const sinceMonday = (day + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceMonday));
}

/** A date as the YYYY-MM-DD string PostgreSQL's date type uses, in UTC. */
export function utcDay(d: Date): string {
  const t = d.getTime();
  // Asked on every signed-in request (records' daily API use): the string is made once per day.
  if (t >= lastDay.from && t < lastDay.from + DAY_MS) return lastDay.text;
  const from = t - (((t % DAY_MS) + DAY_MS) % DAY_MS);
  const text = d.toISOString().slice(0, 10);
  lastDay = { from, text };
  return text;
}
const DAY_MS = 86_400_000;
let lastDay = { from: Number.NaN, text: '' };

/** Start of the next query period: when the allowance resets. */
export function nextPeriodStart(period: QueryPeriod, now: Date): Date {
  const start = periodStart(period, now);
  if (period === 'monthly') return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return new Date(start.getTime() + 7 * 86_400_000);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** "resets Monday 00:00 UTC" (weekly) or "resets 1 December 00:00 UTC" (monthly). */
export function resetWords(period: QueryPeriod, now: Date): string {
  if (period === 'weekly') return 'resets Monday 00:00 UTC';
  const next = nextPeriodStart(period, now);
  return `resets 1 ${MONTHS[next.getUTCMonth()]!} 00:00 UTC`;
}

/**
 * At the query limit, what the plan allows and when the allowance resets (issue 16), e.g.
 * "3 of 3 weekly questions used; resets Monday 00:00 UTC."
 */
export function queryAllowanceMessage(limit: number, used: number, period: QueryPeriod, now: Date): string {
  return `${Math.min(used, limit)} of ${limit} ${period} questions used; ${resetWords(period, now)}.`;
}
