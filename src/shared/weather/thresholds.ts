import { z } from 'zod';
import { thresholdOverridesSchema } from './contract.ts';

/**
 * A pilot's own card-colour thresholds (spec doc 3 §3 "Flight threshold customization", defaults §9):
 * GET /api/weather/thresholds and PUT /api/weather/thresholds. Units as the defaults give them: wind and
 * gusts km/h, visibility m, precipitation and cloud cover %, temperature {min, max} °C.
 *
 * A PUT replaces what the pilot saved with the body (any subset; an empty object goes back to the
 * defaults); the answer, like GET, is the saved values merged over the defaults.
 */
export const thresholdsUpdateSchema = thresholdOverridesSchema;
export type ThresholdsUpdate = z.infer<typeof thresholdsUpdateSchema>;

export const fullThresholdsSchema = z.object({
  wind: z.number(),
  visibility: z.number(),
  precipitation: z.number(),
  cloudCover: z.number(),
  temperature: z.object({ min: z.number(), max: z.number() }),
  gusts: z.number(),
});

export const thresholdsResponseSchema = z.object({
  /** What the page colours by: the saved values over the §9 defaults. */
  thresholds: fullThresholdsSchema,
  /** Only what the pilot changed (an empty object when nothing is saved). */
  saved: thresholdOverridesSchema,
  /** ISO time of the last save; null when the pilot has never saved. */
  updatedAt: z.string().max(40).nullable(),
});
export type ThresholdsResponse = z.infer<typeof thresholdsResponseSchema>;
