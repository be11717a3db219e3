import { z } from 'zod';
import { TIERS } from './tiers.ts';

/** Developer features and the flags they become (doc 3 §3, §4, §6, §7; DESIGN §4 "Feature flags are real"). */

export const FEATURE_STATUSES = ['development', 'testing', 'ready_for_production'] as const;
export type FeatureStatus = (typeof FEATURE_STATUSES)[number];
export const FEATURE_STATUS_LABELS: Record<FeatureStatus, string> = {
  development: 'Development',
  testing: 'Testing',
  ready_for_production: 'Ready for Production',
};

// The gated features' names live without the schemas, for the pages that check one (ADR 0066).
export { GATED_FEATURES } from './gated-features.ts';

export const FEATURE_NAME_MAX = 80;
export const FEATURE_TEXT_MAX = 2000;

export const FEATURE_MESSAGES = {
  nameRequired: 'Feature name is required',
  descriptionRequired: 'Description is required',
  duplicate: 'A feature with this name already exists.',
  notReady: 'A feature can be rolled out only when it is ready for production.',
  noUpdates: 'Nothing to update: send status, description or rolloutPlan.',
  notEnabled: 'This feature is not enabled for your plan yet.',
} as const;

const iso = z.string().max(40);

export const developerFeatureSchema = z.object({
  id: z.uuid(),
  featureName: z.string().max(FEATURE_NAME_MAX),
  description: z.string().max(FEATURE_TEXT_MAX),
  rolloutPlan: z.string().max(FEATURE_TEXT_MAX).nullable(),
  status: z.enum(FEATURE_STATUSES),
  enabledForTiers: z.array(z.enum(TIERS)).max(TIERS.length),
  createdAt: iso,
  updatedAt: iso,
  productionReadyAt: iso.nullable(),
  deployedAt: iso.nullable(),
});
export type DeveloperFeature = z.infer<typeof developerFeatureSchema>;
export const featureListSchema = z.object({ features: z.array(developerFeatureSchema).max(1000) });
export type FeatureList = z.infer<typeof featureListSchema>;

const requiredText = (message: string, max: number) =>
  z
    .string({ error: () => message })
    .trim()
    .min(1, message)
    .max(max, `${message.split(' ')[0]} must be at most ${max} characters`);

/** Create (doc 3 §5): featureName and description required, rolloutPlan optional. */
export const createFeatureSchema = z.object({
  featureName: requiredText(FEATURE_MESSAGES.nameRequired, FEATURE_NAME_MAX),
  description: requiredText(FEATURE_MESSAGES.descriptionRequired, FEATURE_TEXT_MAX),
  rolloutPlan: z
    .string()
    .max(FEATURE_TEXT_MAX, `rolloutPlan: at most ${FEATURE_TEXT_MAX} characters`)
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null)),
});
export type CreateFeatureInput = z.input<typeof createFeatureSchema>;

export const updateFeatureSchema = z
  .object({
    status: z.enum(FEATURE_STATUSES).optional(),
    description: requiredText(FEATURE_MESSAGES.descriptionRequired, FEATURE_TEXT_MAX).optional(),
    rolloutPlan: z.string().max(FEATURE_TEXT_MAX).nullable().optional(),
  })
  .strict();
export type UpdateFeatureInput = z.infer<typeof updateFeatureSchema>;

/** Rollout replaces the tier list; an empty list withdraws the feature. */
export const rolloutSchema = z.object({
  tiers: z.array(z.enum(TIERS, { error: () => `tiers: each must be one of ${TIERS.join(', ')}` })).max(TIERS.length),
});

export const enabledFeaturesSchema = z.object({ features: z.array(z.string().max(FEATURE_NAME_MAX)).max(1000) });
export type EnabledFeatures = z.infer<typeof enabledFeaturesSchema>;

/** A feature is on for a caller when it is ready for production and rolled out to their tier or original tier. */
export const featureEnabledFor = (f: Pick<DeveloperFeature, 'status' | 'enabledForTiers'>, who: { tier: string; originalTier: string }) =>
  f.status === 'ready_for_production' && f.enabledForTiers.some((t) => t === who.tier || t === who.originalTier);

export const featureIdParamsSchema = z.object({ id: z.uuid('id: is not a valid id') });
