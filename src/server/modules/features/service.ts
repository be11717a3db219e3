import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  FEATURE_MESSAGES,
  type DeveloperFeature,
  type FeatureStatus,
  type UpdateFeatureInput,
} from '../../../shared/features.ts';
import { TIERS, type Tier, type TierPair } from '../../../shared/tiers.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import * as repo from './repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toFeatureView = (r: repo.FeatureRow): DeveloperFeature => ({
  id: r.id,
  featureName: r.featureName,
  description: r.description,
  rolloutPlan: r.rolloutPlan,
  status: r.status,
  enabledForTiers: r.enabledForTiers,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  productionReadyAt: iso(r.productionReadyAt),
  deployedAt: iso(r.deployedAt),
});

/** The caller's tier and original tier: a flag rolled out to either is on (the same rule as the staff table). */
export const tiersOf = (who: TierPair): Tier[] => [...new Set([who.tier, who.originalTier])];

/** Developer features and their rollout (doc 3 §4, §6, §7). Role checks happen before, in the staff guard. */
export function createFeaturesService(db: Db) {
  return {
    async list(): Promise<DeveloperFeature[]> {
      return (await repo.listFeatures(db)).map(toFeatureView);
    },

    async create(caller: CurrentUser, input: { featureName: string; description: string; rolloutPlan: string | null }): Promise<DeveloperFeature> {
      const row = await repo.insertFeature(db, { ...input, createdBy: caller.id });
      if (!row) throw new AppError(409, 'DUPLICATE_FEATURE', FEATURE_MESSAGES.duplicate);
      return toFeatureView(row);
    },

    /** Any status can be set (doc 3 §4); reaching ready_for_production stamps productionReadyAt once. */
    async update(id: string, input: UpdateFeatureInput): Promise<DeveloperFeature> {
      if (input.status === undefined && input.description === undefined && input.rolloutPlan === undefined) {
        throw new AppError(400, 'VALIDATION', FEATURE_MESSAGES.noUpdates);
      }
      return db.transaction(async (tx) => {
        const stored = await repo.findFeature(tx, id, true);
        if (!stored) throw notFound('Feature');
        const status: FeatureStatus | undefined = input.status;
        const row = await repo.updateFeature(tx, id, {
          ...(status !== undefined ? { status } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.rolloutPlan !== undefined ? { rolloutPlan: input.rolloutPlan?.trim() || null } : {}),
          ...(status === 'ready_for_production' && !stored.productionReadyAt ? { productionReadyAt: new Date() } : {}),
        });
        if (!row) throw notFound('Feature');
        return toFeatureView(row);
      });
    },

    /** Replaces the tiers; only a feature ready for production goes out. An empty list withdraws it. */
    async rollout(id: string, tiers: Tier[]): Promise<DeveloperFeature> {
      return db.transaction(async (tx) => {
        const stored = await repo.findFeature(tx, id, true);
        if (!stored) throw notFound('Feature');
        if (tiers.length > 0 && stored.status !== 'ready_for_production') throw new AppError(409, 'FEATURE_NOT_READY', FEATURE_MESSAGES.notReady);
        const ordered = TIERS.filter((t) => tiers.includes(t));
        const row = await repo.updateFeature(tx, id, { enabledForTiers: ordered, ...(ordered.length > 0 ? { deployedAt: new Date() } : {}) });
        if (!row) throw notFound('Feature');
        return toFeatureView(row);
      });
    },

    enabledFor: (who: TierPair) => repo.enabledFeatureNames(db, tiersOf(who)),
    isEnabledFor: (name: string, who: TierPair) => repo.isEnabled(db, name, tiersOf(who)),
  };
}

export type FeaturesService = ReturnType<typeof createFeaturesService>;
