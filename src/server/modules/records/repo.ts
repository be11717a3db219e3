import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { errorLogs, userActivity } from '../../db/schema/index.ts';

export interface ErrorLogEntry {
  method: string;
  endpoint: string;
  statusCode: number;
  errorMessage: string;
  errorStack: string | null;
  userId: string | null;
  userTier: string | null;
  ipAddress: string | null;
}

export async function insertErrorLog(db: DbOrTx, entry: ErrorLogEntry) {
  await db.insert(errorLogs).values(entry);
}

/** One row per aggregate key: the first response's details, and a count of the ones that followed. */
export async function upsertAggregatedErrorLog(db: DbOrTx, entry: ErrorLogEntry, aggregateKey: string) {
  await db
    .insert(errorLogs)
    .values({ ...entry, aggregateKey })
    .onConflictDoUpdate({
      target: errorLogs.aggregateKey,
      targetWhere: sql`${errorLogs.aggregateKey} is not null`,
      set: { occurrences: sql`${errorLogs.occurrences} + 1` },
    });
}

export async function insertActivity(db: DbOrTx, userId: string, activityType: string, details: Record<string, unknown> | null) {
  await db.insert(userActivity).values({ userId, activityType, details }).onConflictDoNothing();
}
