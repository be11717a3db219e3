import type { Db } from '../../db/client.ts';
import { withDefaults } from '../../../shared/weather/colours.ts';
import { thresholdsUpdateSchema, type ThresholdsResponse, type ThresholdsUpdate } from '../../../shared/weather/thresholds.ts';
import { findThresholds, saveThresholds } from './repo.ts';

/**
 * What is stored is read back through the same schema that let it in: a row written by an older
 * version whose shape no longer passes counts as nothing saved, rather than colouring cards by
 * values the page cannot explain.
 */
function present(saved: unknown, updatedAt: Date | null): ThresholdsResponse {
  const parsed = thresholdsUpdateSchema.safeParse(saved);
  const overrides: ThresholdsUpdate = parsed.success ? parsed.data : {};
  return { thresholds: withDefaults(overrides), saved: overrides, updatedAt: updatedAt?.toISOString() ?? null };
}

export function createWeatherThresholdsService(db: Db) {
  return {
    async read(userId: string): Promise<ThresholdsResponse> {
      const row = await findThresholds(db, userId);
      return row ? present(row.thresholds, row.updatedAt) : present({}, null);
    },

    /** `update` has passed thresholdsUpdateSchema in the route; it replaces what was saved. */
    async save(userId: string, update: ThresholdsUpdate): Promise<ThresholdsResponse> {
      const row = await saveThresholds(db, userId, update);
      return present(row.thresholds, row.updatedAt);
    },
  };
}
