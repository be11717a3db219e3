import { z } from 'zod';
import { MAX_LEN } from '../constants.ts';
import { isIsoDate, latestDateOnEarth, numberOrZero, pathIdSchema } from '../drones.ts';
import { CURSOR_MAX_LENGTH, paged, pageQuerySchema } from '../paging.ts';

/** Flight logbook contract (doc 2 §3, §5, §7, §8, §9). */

export const FLIGHT_TYPES = ['recreational', 'commercial', 'training', 'inspection', 'other'] as const;
export type FlightType = (typeof FLIGHT_TYPES)[number];
export const FLIGHT_TYPE_LABELS: Record<FlightType, string> = {
  recreational: 'Recreational',
  commercial: 'Commercial',
  training: 'Training',
  inspection: 'Inspection',
  other: 'Other',
};

export const FLIGHT_LOG_DEFAULTS = { droneId: 0, flightDuration: 30, flightType: 'recreational' } as const;
export const EARLIEST_FLIGHT_DATE = '1900-01-01';

/** The Add Flight Log form's starting values (doc 2 §5): no drone, today, 30 minutes, recreational. */
export const flightLogFormDefaults = (today: string) => ({
  droneId: 0,
  flightDate: today,
  flightDuration: 30,
  flightType: 'recreational' as FlightType,
  location: '',
  conditions: '',
  notes: '',
});
export const MIN_FLIGHT_MINUTES = 1;
/** Not in the spec: a day is the longest one logbook entry can be. */
export const MAX_FLIGHT_MINUTES = 24 * 60;
export const DATE_DISPLAY_FORMAT = 'MMM dd, yyyy';
export const BULK_BATCH_SIZE = 5;
export const IMPORT_PROGRESS_STEPS = [0, 20, 40, 60, 80, 100] as const;
export const IMPORT_PROGRESS_CREEP = { everyMs: 3000, minPoints: 1, maxPoints: 2, cap: 95 } as const;
export const IMPORT_OVERLAY_CLOSE_MS = 1500;
export const IMPORT_SESSION_TTL_MINUTES = 30;
/** Imports waiting for an answer, per user: a new one replaces the oldest (ADR 0035). */
export const IMPORT_SESSIONS_PER_USER = 3;
/** The most a waiting import keeps, compressed (ADR 0035). */
export const IMPORT_SESSION_MAX_BYTES = 4 * 1024 * 1024;
/** The largest CSV the import takes: a 3-hour 10 Hz telemetry log with every column is about 40 MB. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_ACCEPT = '.csv';
export const NO_CHANGES_CODE = 'NO_CHANGES';

export const FLIGHT_LOG_LEN = { location: MAX_LEN.shortText, conditions: MAX_LEN.shortText, notes: MAX_LEN.message, clarification: 500 } as const;

export const FLIGHT_LOG_MESSAGES = {
  droneRequired: 'Please select a drone',
  dateRequired: 'Flight date is required',
  dateInvalid: 'Please enter a valid flight date',
  dateTooEarly: 'Flight date cannot be before January 1, 1900',
  dateInFuture: 'Flight date cannot be in the future',
  durationMin: 'Flight duration must be at least 1 minute',
  durationMax: `Flight duration must be at most ${MAX_FLIGHT_MINUTES} minutes (24 hours)`,
  flightTypeInvalid: 'Please select a flight type',
  takeoffTimeInvalid: 'Takeoff time must be HH:MM or HH:MM:SS (UTC)',
  noDrones: 'No drones found. Add a drone in My Drones first.',
  noChangesTitle: 'No Changes',
  noChanges: 'Please enter values to update',
  notesTooLong: `Notes would be longer than ${MAX_LEN.message} characters`,
  clarificationRequired: 'Please enter an answer',
  droneNotFound: 'Drone not found',
  // doc 2 §8
  exportAuthTitle: 'Authentication Required',
  exportAuth: 'Please log in to export flight logs',
  exportFailedTitle: 'Export Failed',
  exportFailed: 'Failed to export flight logs',
  exportDoneTitle: 'Export Successful',
  exportDone: 'Flight logs exported to CSV file',
  importAuthTitle: 'Authentication Required',
  importAuth: 'Please log in to import flight logs',
  importFailedTitle: 'Import Failed',
  importFailed: 'Failed to import CSV file',
  clarifyFailed: 'Failed to process clarification',
  importDoneTitle: 'AI Import Complete',
  bulkEditDoneTitle: 'Bulk Edit Complete',
  bulkEditFailedTitle: 'Bulk Edit Failed',
  bulkEditFailed: 'Failed to update flight logs',
  bulkDeleteDoneTitle: 'Flights Deleted',
  bulkDeleteFailedTitle: 'Delete Failed',
  bulkDeleteFailed: 'Failed to delete selected flights',
  deleteConfirm: 'Are you sure you want to delete this flight log?',
  clarifyTitle: 'AI Needs Clarification',
} as const;

export const bulkDeleteConfirm = (n: number) => `Delete ${n} selected flights?`;
export const bulkEditDone = (n: number) => `Updated ${n} flight logs`;

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
 * BULK_IDS_MAX, one request each, so "select all" over 200,000 flights is 40 requests, not 200,000
 * (and stays under the per-user write limit). Ids not the caller's are skipped, never touched.
 */
export const BULK_IDS_MAX = 5000;
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

/** 'AI found N flights, imported M successfully, created K new drones (P% confidence). E errors occurred' (doc 2 §8). */
export function importSummary(r: Pick<ImportResponse, 'totalFound' | 'imported' | 'createdDrones' | 'confidence' | 'errors' | 'skipped'>): string {
  let text = `AI found ${r.totalFound} flights, imported ${r.imported} successfully`;
  if (r.createdDrones > 0) text += `, created ${r.createdDrones} new drones`;
  text += ` (${Math.round(r.confidence * 100)}% confidence)`;
  if (r.skipped > 0) text += `. ${r.skipped} already in your logbook were skipped`;
  if (r.errors.length > 0) text += `. ${r.errors.length} errors occurred`;
  return text;
}

// ---- Display (doc 2 §9) ----

/** 95 → "1h 35m", 45 → "45m", 120 → "2h 0m". */
export function formatDuration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  return h > 0 ? `${h}h ${m % 60}m` : `${m}m`;
}

/** Total hours shown to one decimal. */
export const formatTotalHours = (hours: number) => hours.toFixed(1);

export const exportFileName = (now: Date = new Date()) => `flight-logs-${now.toISOString().slice(0, 10)}.csv`;
