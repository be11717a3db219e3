import { z } from 'zod';
import { TIERS } from './tiers.ts';
import { COUNTRIES, MEASUREMENT_SYSTEMS, THEMES } from './preferences.ts';

export const tierSchema = z.enum(TIERS);

/** The client's view of a user (doc 1 §3): never the stored row. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailVerified: z.boolean(),
  isPilot: z.boolean(),
  administratorBusinessId: z.string().nullable(),
  isStaffAccount: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const tierInfoSchema = z.object({
  tier: tierSchema,
  originalTier: tierSchema,
  isPilot: z.boolean(),
  administratorBusinessId: z.string().nullable(),
  /** null = unlimited */
  queryLimit: z.number().int().nullable(),
  queryCount: z.number().int(),
  timePeriod: z.enum(['weekly', 'monthly']),
});
export type TierInfo = z.infer<typeof tierInfoSchema>;

// The preference choices and defaults live without the schemas, for the pages that only read them (ADR 0066).
export * from './preferences.ts';

export const preferencesSchema = z.object({
  userId: z.string(),
  showQuickQuestions: z.boolean(),
  showHelpTip: z.boolean(),
  theme: z.enum(THEMES),
  country: z.enum(COUNTRIES),
  measurementSystem: z.enum(MEASUREMENT_SYSTEMS),
  earlyAccess: z.boolean(),
  featureUpdates: z.boolean(),
  lastUpdated: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const publicPreferencesSchema = preferencesSchema.pick({ showQuickQuestions: true, showHelpTip: true });

/** The six keys a client may save (doc 1 §7); exactly one per request. */
export const preferenceUpdateShape = {
  theme: z.enum(THEMES),
  showQuickQuestions: z.boolean(),
  measurementSystem: z.enum(MEASUREMENT_SYSTEMS),
  featureUpdates: z.boolean(),
  showHelpTip: z.boolean(),
  country: z.enum(COUNTRIES),
} as const;
export type PreferenceKey = keyof typeof preferenceUpdateShape;
export const PREFERENCE_KEYS = Object.keys(preferenceUpdateShape) as PreferenceKey[];

export const preferenceUpdateSchema = z
  .object(preferenceUpdateShape)
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length === 1, {
    message: `Send exactly one of: ${PREFERENCE_KEYS.join(', ')}`,
  });
export type PreferenceUpdate = z.infer<typeof preferenceUpdateSchema>;

export const userIdParamsSchema = z.object({ userId: z.string().min(1).max(64) });
