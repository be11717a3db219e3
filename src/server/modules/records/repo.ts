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

export async function insertActivity(db: DbOrTx, userId: string, activityType: string, details: Record<string, unknown> | null) {
  await db.insert(userActivity).values({ userId, activityType, details }).onConflictDoNothing();
}
