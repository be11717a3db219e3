import { z } from 'zod';
import { isIsoDate, latestDateOnEarth, numberOrZero, pathIdSchema } from '../drones.ts';
import { CURSOR_MAX_LENGTH, paged, pageQuerySchema } from '../paging.ts';
import { BULK_IDS_MAX, EARLIEST_FLIGHT_DATE, FLIGHT_LOG_LEN, FLIGHT_LOG_MESSAGES, FLIGHT_TYPES, MAX_FLIGHT_MINUTES, MIN_FLIGHT_MINUTES } from './constants.ts';

/** Flight logbook contract (doc 2 §3, §5, §7, §8, §9). */

// The values the pages show (labels, messages, limits, formatting) live without the schemas in
// constants.ts, so a page that needs only them does not build this file's schemas (ADR 0066).
export * from './constants.ts';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional());

export const flightDateSchema = z
  .string({ error: () => FLIGHT_LOG_MESSAGES.dateRequired })
  .trim()
  .min(1, { error: FLIGHT_LOG_MESSAGES.dateRequired, abort: true })
  .max(10, { error: FLIGHT_LOG_MESSAGES.dateInvalid, abort: true })
  .refine(isIsoDate, { error: FLIGHT_LOG_MESSAGES.dateInvalid, abort: true })
  .refine((s) => s >= EARLIEST_FLIGHT_DATE, { error: FLIGHT_LOG_MESSAGES.dateTooEarly, abort: true })
  .refine((s) => s <= latestDateOnEarth(), FLIGHT_LOG_MESSAGES.dateInFuture);

const TAKEOFF_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

const flightLogFields = {
  droneId: z.preprocess(numberOrZero, z.number().int(FLIGHT_LOG_MESSAGES.droneRequired).min(1, FLIGHT_LOG_MESSAGES.droneRequired).max(2 ** 31 - 1, FLIGHT_LOG_MESSAGES.droneRequired)),
  flightDate: flightDateSchema,
  /** UTC time of takeoff on flightDate, when known (imports fill it in from the log). */
  takeoffTime: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(8, FLIGHT_LOG_MESSAGES.takeoffTimeInvalid)
      .regex(TAKEOFF_TIME, FLIGHT_LOG_MESSAGES.takeoffTimeInvalid)
      .transform((s) => (s.length === 5 ? `${s}:00` : s))
      .nullable()
      .optional(),
  ),
  flightDuration: z.preprocess(
    numberOrZero,
    z
      .number()
      .min(MIN_FLIGHT_MINUTES, FLIGHT_LOG_MESSAGES.durationMin)
      .max(MAX_FLIGHT_MINUTES, FLIGHT_LOG_MESSAGES.durationMax)
      .transform((n) => Math.round(n)),
  ),
  flightType: z.enum(FLIGHT_TYPES, { error: () => FLIGHT_LOG_MESSAGES.flightTypeInvalid }).default('recreational'),
  location: optionalText(FLIGHT_LOG_LEN.location, 'Location'),
  conditions: optionalText(FLIGHT_LOG_LEN.conditions, 'Conditions'),
  notes: optionalText(FLIGHT_LOG_LEN.notes, 'Notes'),
};

/** POST /api/flight-logs and PUT /api/flight-logs/{id}; also the Add/Edit Flight Log form. */
export const flightLogInputSchema = z.object(flightLogFields);
export type FlightLogInput = z.infer<typeof flightLogInputSchema>;
export type FlightLogInputRaw = z.input<typeof flightLogInputSchema>;

/**
 * PATCH /api/flight-logs/{id} (bulk edit): only the fields sent change; flightType 'unchanged' and
 * blank values are skipped; notes are appended to the existing notes unless notesMode is 'replace'.
 */
export const flightLogPatchSchema = z
  .object({
    flightType: z.preprocess(blankToUndefined, z.enum([...FLIGHT_TYPES, 'unchanged'], { error: () => FLIGHT_LOG_MESSAGES.flightTypeInvalid }).optional()),
    location: optionalText(FLIGHT_LOG_LEN.location, 'Location'),
    conditions: optionalText(FLIGHT_LOG_LEN.conditions, 'Conditions'),
    notes: optionalText(FLIGHT_LOG_LEN.notes, 'Notes'),
    notesMode: z.enum(['append', 'replace']).default('append'),
  })
  .superRefine((v, ctx) => {
    const changes = (v.flightType !== undefined && v.flightType !== 'unchanged') || Boolean(v.location) || Boolean(v.conditions) || Boolean(v.notes);
    if (!changes) ctx.addIssue({ code: 'custom', message: FLIGHT_LOG_MESSAGES.noChanges });
  });
export type FlightLogPatch = z.infer<typeof flightLogPatchSchema>;

/** What the bulk edit sends: the non-empty fields only, and never flightType 'unchanged' (doc 2 §5). */
export function bulkEditPayload(form: { flightType: string; location: string; conditions: string; notes: string }): Partial<Record<'flightType' | 'location' | 'conditions' | 'notes', string>> | null {
  const out: Partial<Record<'flightType' | 'location' | 'conditions' | 'notes', string>> = {};
  if (form.flightType && form.flightType !== 'unchanged') out.flightType = form.flightType;
  for (const key of ['location', 'conditions', 'notes'] as const) if (form[key].trim()) out[key] = form[key].trim();
  return Object.keys(out).length > 0 ? out : null;
}

export const flightLogIdParamsSchema = z.object({ id: pathIdSchema });

/**
 * Bulk edit and bulk delete of a selection (ADR 0036): the ids travel in chunks of at most
 * BULK_IDS_MAX (constants.ts), one request each, so "select all" over 200,000 flights is 40 requests,
 * not 200,000 (and stays under the per-user write limit). Ids not the caller's are skipped, never touched.
 */
const bulkIdsSchema = z
  .array(z.number().int().min(1).max(2 ** 31 - 1))
  .min(1, 'Select at least one flight')
  .max(BULK_IDS_MAX, `At most ${BULK_IDS_MAX} flights a request`);
export const bulkDeleteSchema = z.object({ ids: bulkIdsSchema });
export const bulkPatchSchema = z.object({ ids: bulkIdsSchema, changes: flightLogPatchSchema });
export type BulkPatch = z.infer<typeof bulkPatchSchema>;
/** How many of the ids sent were changed; the rest were not the caller's, gone, or (edit) over a limit. */
export const bulkResultSchema = z.object({ done: z.number().int(), failed: z.number().int() });
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const flightLogSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  droneId: z.number().int(),
  droneName: z.string(),
  /** The drone was deleted after this flight was logged: its flights keep its name. */
  droneRetired: z.boolean(),
  flightDate: z.string(),
  takeoffTime: z.string().nullable(),
  flightDuration: z.number().int(),
  location: z.string().nullable(),
  flightType: z.enum(FLIGHT_TYPES),
  conditions: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FlightLog = z.infer<typeof flightLogSchema>;

/** GET /api/flight-logs: one page, newest first (ADR 0014); `nextCursor` is null on the last page. */
export const flightLogListQuerySchema = pageQuerySchema;
export const flightLogListSchema = paged(z.object({ flightLogs: z.array(flightLogSchema) }));
export type FlightLogList = z.infer<typeof flightLogListSchema>;

/**
 * GET /api/flight-logs/ids: every flight's id, in the list's order, for "select all" (ADR 0014: a
 * selection is never built from the pages a client happens to hold). Ids are small, so a page is large;
 * a client follows `nextCursor` until null.
 */
export const FLIGHT_LOG_IDS_PAGE_MAX = 10_000;
export const flightLogIdsQuerySchema = z.object({
  cursor: z.string().max(CURSOR_MAX_LENGTH).optional(),
  limit: z.coerce.number().int().min(1).max(FLIGHT_LOG_IDS_PAGE_MAX).default(FLIGHT_LOG_IDS_PAGE_MAX),
});
export const flightLogIdsSchema = paged(z.object({ ids: z.array(z.number().int()) }));
export type FlightLogIds = z.infer<typeof flightLogIdsSchema>;

export const flightLogDeleteResponseSchema = z.object({ id: z.number().int(), message: z.string() });

/** GET /api/flight-hours/total: totalHours to one decimal (doc 2 §9). */
export const totalHoursSchema = z.object({ totalHours: z.number(), totalMinutes: z.number().int(), totalFlights: z.number().int() });
export type TotalHours = z.infer<typeof totalHoursSchema>;

/** GET /api/flight-logs/stats: the logbook chart's data, flight hours by month and by drone. */
export const flightStatsSchema = z.object({
  totalHours: z.number(),
  totalFlights: z.number().int(),
  drones: z.array(z.object({ droneId: z.number().int(), droneName: z.string(), retired: z.boolean(), hours: z.number(), flights: z.number().int() })),
  /** Every month from the first flight to the last (empty months included, so the axis is even). */
  months: z.array(
    z.object({
      month: z.string(),
      hours: z.number(),
      flights: z.number().int(),
      byDrone: z.array(z.object({ droneId: z.number().int(), hours: z.number(), flights: z.number().int() })),
    }),
  ),
});
export type FlightStats = z.infer<typeof flightStatsSchema>;

// ---- Import (doc 2 §7: "AI Import CSV") ----

export const importErrorSchema = z.object({ line: z.number().int().nullable(), message: z.string() });
export type ImportError = z.infer<typeof importErrorSchema>;

export const IMPORT_FORMATS = ['drone-doctor', 'logbook', 'dji-flight-record', 'airdata', 'litchi', 'telemetry'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const importResponseSchema = z.object({
  imported: z.number().int(),
  totalFound: z.number().int(),
  createdDrones: z.number().int(),
  errors: z.array(importErrorSchema),
  /** 0 to 1: how the column mapping was reached (known format, rules, the pilot's answers, a model's proposal). */
  confidence: z.number(),
  /** Flights already in the logbook (same drone, takeoff and duration): not imported again. */
  skipped: z.number().int(),
  format: z.enum(IMPORT_FORMATS),
  formatLabel: z.string(),
  /** One line per created drone, for the result toast. */
  createdDroneNames: z.array(z.string()),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;

/** The 400 answer when the import needs one answer from the pilot before it can go on. */
export const clarificationResponseSchema = z.object({
  needsClarification: z.literal(true),
  question: z.string(),
  sessionId: z.string(),
  /** Suggested answers the dialog may offer as buttons; any typed answer is read too. */
  options: z.array(z.string()),
  message: z.string(),
  code: z.literal('NEEDS_CLARIFICATION'),
});
export type ClarificationResponse = z.infer<typeof clarificationResponseSchema>;

export const clarifyRequestSchema = z.object({
  sessionId: z.uuid('Import session not found. Please import the file again.'),
  clarification: z
    .string({ error: () => FLIGHT_LOG_MESSAGES.clarificationRequired })
    .trim()
    .min(1, FLIGHT_LOG_MESSAGES.clarificationRequired)
    .max(FLIGHT_LOG_LEN.clarification, `The answer must be at most ${FLIGHT_LOG_LEN.clarification} characters`),
});
export type ClarifyRequest = z.infer<typeof clarifyRequestSchema>;

export const importSessionParamsSchema = z.object({ sessionId: z.uuid('Import session not found') });
