import { MAX_LEN } from '../constants.ts';
import type { ImportResponse } from './contract.ts';

/**
 * The flight logbook's values without its schemas (doc 2 §5, §8, §9): labels, messages, limits and
 * formatting. contract.ts re-exports them all; the web pages import them from here (ADR 0066).
 */

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

/**
 * Bulk edit and bulk delete of a selection (ADR 0036): the ids travel in chunks of at most
 * BULK_IDS_MAX, one request each, so "select all" over 200,000 flights is 40 requests, not 200,000
 * (and stays under the per-user write limit). Ids not the caller's are skipped, never touched.
 */
export const BULK_IDS_MAX = 5000;

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
