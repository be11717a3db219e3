import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userWeatherThresholds } from '../../db/schema/index.ts';
import type { ThresholdsUpdate } from '../../../shared/weather/thresholds.ts';

export async function findThresholds(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ thresholds: userWeatherThresholds.thresholds, updatedAt: userWeatherThresholds.updatedAt })
    .from(userWeatherThresholds)
    .where(eq(userWeatherThresholds.userId, userId))
    .limit(1);
  return row;
}

/** Replaces the pilot's saved thresholds with `thresholds` (one row per user). */
export async function saveThresholds(db: DbOrTx, userId: string, thresholds: ThresholdsUpdate) {
  const now = new Date();
  const [row] = await db
    .insert(userWeatherThresholds)
    .values({ userId, thresholds, updatedAt: now })
    .onConflictDoUpdate({ target: userWeatherThresholds.userId, set: { thresholds, updatedAt: now } })
    .returning({ thresholds: userWeatherThresholds.thresholds, updatedAt: userWeatherThresholds.updatedAt });
  return row!;
}
