import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assistantConversations, dailyQueries, drones, flightLogs, queries } from '../../db/schema/index.ts';
import type { FlightLogContext, QueryContext } from '../../../shared/assistant.ts';

/** Any fixed number: the class of the per-user advisory lock that serialises allowance checks. */
const ALLOWANCE_LOCK_CLASS = 727_003;

/** Holds the user's allowance lock until the transaction ends, so concurrent queries count one by one. */
export async function lockAllowance(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOWANCE_LOCK_CLASS}, hashtext(${userId}))`);
}

/** Adds `delta` (1 to count a query, -1 to give it back) to the user's row for `day`. */
export async function addToDay(db: DbOrTx, userId: string, day: string, delta: number): Promise<void> {
  await db
    .insert(dailyQueries)
    .values({ userId, date: day, count: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [dailyQueries.userId, dailyQueries.date],
      set: { count: sql`greatest(${dailyQueries.count} + ${delta}, 0)` },
    });
}

export async function insertQuery(
  db: DbOrTx,
  row: { userId: string; question: string; answer: string; context: QueryContext; modelUsed: string },
): Promise<void> {
  await db.insert(queries).values(row);
}

/** The user's latest query records, newest first. */
export async function listQueries(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({ id: queries.id, question: queries.question, answer: queries.answer, timestamp: queries.timestamp, context: queries.context })
    .from(queries)
    .where(eq(queries.userId, userId))
    .orderBy(desc(queries.timestamp))
    .limit(limit);
}

export async function findResetAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ resetAt: assistantConversations.resetAt }).from(assistantConversations).where(eq(assistantConversations.userId, userId));
  return row?.resetAt ?? null;
}

export async function markReset(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db
    .insert(assistantConversations)
    .values({ userId, resetAt: at })
    .onConflictDoUpdate({ target: assistantConversations.userId, set: { resetAt: at } });
}

export async function findPrimaryDrone(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ manufacturer: drones.manufacturer, model: drones.model, customManufacturer: drones.customManufacturer, customModel: drones.customModel })
    .from(drones)
    .where(and(eq(drones.userId, userId), eq(drones.isPrimary, true), isNull(drones.retiredAt)))
    .limit(1);
  return row ?? null;
}

export async function flightLogTotals(db: DbOrTx, userId: string): Promise<FlightLogContext> {
  const [row] = await db
    .select({
      flights: sql<string | number>`count(*)`,
      minutes: sql<string | number | null>`coalesce(sum(${flightLogs.flightDuration}), 0)`,
      last: sql<string | null>`max(${flightLogs.flightDate})::text`,
    })
    .from(flightLogs)
    .where(eq(flightLogs.userId, userId));
  return {
    totalFlights: Number(row?.flights ?? 0),
    totalFlightHours: Math.round((Number(row?.minutes ?? 0) / 60) * 10) / 10,
    lastFlightDate: row?.last ?? null,
  };
}
