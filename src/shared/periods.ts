import type { QueryPeriod } from './plans.ts';

/** Start of the query period containing `now`: weeks start Monday 00:00 UTC, months on the 1st UTC. */
export function periodStart(period: QueryPeriod, now: Date): Date {
  if (period === 'monthly') return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const day = now.getUTCDay(); // 0 = Sunday
  const sinceMonday = (day + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceMonday));
}

/** A date as the YYYY-MM-DD string PostgreSQL's date type uses, in UTC. */
export const utcDay = (d: Date): string => d.toISOString().slice(0, 10);
