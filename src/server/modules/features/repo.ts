import { and, arrayOverlaps, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { developerFeatures } from '../../db/schema/index.ts';
import type { Tier } from '../../../shared/tiers.ts';

export type FeatureRow = typeof developerFeatures.$inferSelect;

/** Every feature, newest first; the list is bounded by how many features a team writes (schema max 1000). */
export const listFeatures = (db: DbOrTx) => db.select().from(developerFeatures).orderBy(desc(developerFeatures.createdAt)).limit(1000);

export async function findFeature(db: DbOrTx, id: string, lock = false) {
  const q = db.select().from(developerFeatures).where(eq(developerFeatures.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertFeature(db: DbOrTx, values: typeof developerFeatures.$inferInsert) {
  const [row] = await db.insert(developerFeatures).values(values).onConflictDoNothing({ target: developerFeatures.featureName }).returning();
  return row;
}

export async function updateFeature(db: DbOrTx, id: string, set: Partial<typeof developerFeatures.$inferInsert>) {
  const [row] = await db
    .update(developerFeatures)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(developerFeatures.id, id))
    .returning();
  return row;
}

/** Names of the features ready for production and rolled out to any of `tiers`. */
export async function enabledFeatureNames(db: DbOrTx, tiers: Tier[]): Promise<string[]> {
  const rows = await db
    .select({ name: developerFeatures.featureName })
    .from(developerFeatures)
    .where(and(eq(developerFeatures.status, 'ready_for_production'), arrayOverlaps(developerFeatures.enabledForTiers, tiers)))
    .orderBy(developerFeatures.featureName)
    .limit(1000);
  return rows.map((r) => r.name);
}

export async function isEnabled(db: DbOrTx, name: string, tiers: Tier[]): Promise<boolean> {
  const [row] = await db
    .select({ id: developerFeatures.id })
    .from(developerFeatures)
    .where(
      and(eq(developerFeatures.featureName, name), eq(developerFeatures.status, 'ready_for_production'), arrayOverlaps(developerFeatures.enabledForTiers, tiers)),
    )
    .limit(1);
  return row !== undefined;
}
