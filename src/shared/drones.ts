import { z } from 'zod';
import { MAX_LEN } from './constants.ts';
import { isManufacturerName, MANUFACTURER_NAMES, modelsOf, OTHER } from './manufacturers.ts';
import { PLANS, planFor } from './plans.ts';
import type { Tier } from './tiers.ts';

/** Drone registry contract (doc 2 §3, §5, §7; DESIGN §4). */

export const DRONE_MESSAGES = {
  uniqueIdentifierRequired: 'Unique identifier is required',
  serialNumberRequired: 'Serial number is required',
  manufacturerRequired: 'Manufacturer is required',
  manufacturerUnknown: 'Please choose a manufacturer from the list',
  modelUnknown: 'Please choose a model from the list',
  customManufacturerRequired: 'Please enter the manufacturer name',
  customModelRequired: 'Please enter the model name',
  flightHoursNegative: 'Flight hours cannot be negative',
  flightHoursStep: 'Flight hours must be in steps of 0.1',
  flightHoursTooLarge: 'Flight hours must be at most 100000',
  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  dateInFuture: 'The date cannot be in the future',
  duplicateIdentifier: 'You already have a drone with this unique identifier',
  duplicateSerial: 'You already have a drone from this manufacturer with this serial number',
  assignedPilotNotAllowed: 'You can only assign the drone to yourself',
  saveFailed: 'Failed to save drone',
  deleteFailed: 'Failed to delete drone',
  setPrimaryFailed: 'Failed to set primary drone',
  registrationFailedTitle: 'Registration Failed',
} as const;

export const FLIGHT_HOURS_STEP = 0.1;
export const MAX_FLIGHT_HOURS = 100_000;

export const DRONE_LEN = {
  name: 100,
  uniqueIdentifier: 100,
  serialNumber: 100,
  custom: 100,
  faaRegistration: 40,
  notes: MAX_LEN.message,
} as const;

/** DRONE-<time>-<random>, upper case (doc 2 §3); the form pre-fills it and the server fills it in when absent. */
export function generateUniqueIdentifier(now: number = Date.now()): string {
  const bytes = new Uint8Array(4);
  crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('').slice(0, 6);
  return `DRONE-${now}-${random}`.toUpperCase();
}

/** A non-numeric entry becomes 0 (doc 2 §5); numeric text (a form's value) is read as a number. */
export function numberOrZero(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

const isStep = (value: number, step: number) => Math.abs(value / step - Math.round(value / step)) < 1e-6;

export const isIsoDate = (s: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

/**
 * The latest calendar date anywhere on Earth right now (UTC+14): a pilot's "today" is never refused
 * because the server's clock is in another time zone, and tomorrow everywhere still is.
 */
export const latestDateOnEarth = (now: Date = new Date()) => new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) =>
  z.preprocess(blankToNull, z.string().trim().max(max, `Must be at most ${max} characters`).nullable().optional());

const pastDate = z.preprocess(
  blankToNull,
  z
    .string()
    .max(10, { error: DRONE_MESSAGES.dateInvalid, abort: true })
    .refine(isIsoDate, { error: DRONE_MESSAGES.dateInvalid, abort: true })
    .refine((s) => s <= latestDateOnEarth(), DRONE_MESSAGES.dateInFuture)
    .nullable()
    .optional(),
);

const droneFields = {
  name: optionalText(DRONE_LEN.name),
  uniqueIdentifier: z
    .string(DRONE_MESSAGES.uniqueIdentifierRequired)
    .trim()
    .min(1, DRONE_MESSAGES.uniqueIdentifierRequired)
    .max(DRONE_LEN.uniqueIdentifier, `Unique identifier must be at most ${DRONE_LEN.uniqueIdentifier} characters`)
    .optional(),
  serialNumber: z
    .string({ error: () => DRONE_MESSAGES.serialNumberRequired })
    .trim()
    .min(1, DRONE_MESSAGES.serialNumberRequired)
    .max(DRONE_LEN.serialNumber, `Serial number must be at most ${DRONE_LEN.serialNumber} characters`),
  manufacturer: z
    .string({ error: () => DRONE_MESSAGES.manufacturerRequired })
    .trim()
    .min(1, DRONE_MESSAGES.manufacturerRequired)
    .max(60, DRONE_MESSAGES.manufacturerUnknown)
    .refine(isManufacturerName, DRONE_MESSAGES.manufacturerUnknown),
  model: optionalText(60),
  customManufacturer: optionalText(DRONE_LEN.custom),
  customModel: optionalText(DRONE_LEN.custom),
  faaRegistration: optionalText(DRONE_LEN.faaRegistration),
  flightHours: z.preprocess(
    numberOrZero,
    z
      .number()
      .min(0, { error: DRONE_MESSAGES.flightHoursNegative, abort: true })
      .max(MAX_FLIGHT_HOURS, { error: DRONE_MESSAGES.flightHoursTooLarge, abort: true })
      .refine((n) => isStep(n, FLIGHT_HOURS_STEP), DRONE_MESSAGES.flightHoursStep),
  ),
  assignedPilotId: optionalText(64),
  registrationDate: pastDate,
  lastMaintenanceDate: pastDate,
  notes: optionalText(DRONE_LEN.notes),
};

type DroneShape = { manufacturer: string; model?: string | null | undefined; customManufacturer?: string | null | undefined; customModel?: string | null | undefined };

/** Other as manufacturer or model needs its free text (doc 2 §5); a model must be one of the maker's. */
function checkCatalogue(value: DroneShape, ctx: z.RefinementCtx) {
  if (!isManufacturerName(value.manufacturer)) return;
  const model = value.model ?? (value.manufacturer === OTHER ? OTHER : null);
  if (value.manufacturer === OTHER && !value.customManufacturer) {
    ctx.addIssue({ code: 'custom', path: ['customManufacturer'], message: DRONE_MESSAGES.customManufacturerRequired });
  }
  if (model !== null && !modelsOf(value.manufacturer).includes(model)) {
    ctx.addIssue({ code: 'custom', path: ['model'], message: DRONE_MESSAGES.modelUnknown });
  } else if (model === OTHER && !value.customModel) {
    ctx.addIssue({ code: 'custom', path: ['customModel'], message: DRONE_MESSAGES.customModelRequired });
  }
}

/** POST /api/drones and PUT /api/drones/{id}: uniqueIdentifier may be left out (generated, or kept on edit). */
export const droneInputSchema = z.object(droneFields).superRefine(checkCatalogue);
export type DroneInput = z.infer<typeof droneInputSchema>;
export type DroneInputRaw = z.input<typeof droneInputSchema>;

/** The drone form: the same rules, and the identifier it pre-fills must stay filled in. */
export const droneFormSchema = z
  .object({ ...droneFields, uniqueIdentifier: droneFields.uniqueIdentifier.unwrap() })
  .superRefine(checkCatalogue);

/** A path id: anything that is not a positive 32-bit integer reads as 0, which no row has (so 404, not 400). */
export const pathIdSchema = z
  .string()
  .max(40)
  .transform((s) => (/^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= 2 ** 31 - 1 ? Number(s) : 0));

export const droneIdParamsSchema = z.object({ id: pathIdSchema });

export const droneSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  /** What the pilot calls it (optional); displayName falls back to make and model. */
  name: z.string().nullable(),
  displayName: z.string(),
  uniqueIdentifier: z.string(),
  serialNumber: z.string(),
  manufacturer: z.string(),
  model: z.string().nullable(),
  customManufacturer: z.string().nullable(),
  customModel: z.string().nullable(),
  faaRegistration: z.string().nullable(),
  /** Hours the pilot entered for the airframe (e.g. flown before the logbook). */
  flightHours: z.number(),
  assignedPilotId: z.string().nullable(),
  registrationDate: z.string().nullable(),
  lastMaintenanceDate: z.string().nullable(),
  notes: z.string().nullable(),
  isPrimary: z.boolean(),
  /** Flights in the logbook with this drone, and their hours (one decimal). */
  flightCount: z.number().int(),
  loggedHours: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Drone = z.infer<typeof droneSchema>;

export const droneListSchema = z.array(droneSchema);

/**
 * DELETE /api/drones/{id}. A drone with logged flights is retired, not erased: its flights stay in the
 * logbook under its name, it leaves the drone list and stops counting toward the plan's limit.
 */
export const droneDeleteResponseSchema = z.object({
  id: z.number().int(),
  /** true: retired because flights reference it; false: removed outright. */
  retired: z.boolean(),
  flightCount: z.number().int(),
  /** The drone that became primary when the primary one went, if any. */
  promotedDroneId: z.number().int().nullable(),
  message: z.string(),
});
export type DroneDeleteResponse = z.infer<typeof droneDeleteResponseSchema>;

/** The make and model part of a drone's name. */
export function makeAndModel(d: { manufacturer: string; model: string | null; customManufacturer: string | null; customModel: string | null }): string {
  const maker = d.manufacturer === OTHER ? (d.customManufacturer ?? '') : d.manufacturer;
  const model = d.model === OTHER || (d.model === null && d.manufacturer === OTHER) ? (d.customModel ?? '') : (d.model ?? '');
  // "Skydio X10", not "Skydio Skydio X10".
  const m = model.toLowerCase();
  if (maker && (m === maker.toLowerCase() || m.startsWith(`${maker.toLowerCase()} `))) return model;
  return [maker, model].filter((s) => s.trim() !== '').join(' ') || 'Drone';
}

/** How lists, the logbook and the export name a drone: its own name, else make and model. */
export function droneDisplayName(d: { name: string | null; manufacturer: string; model: string | null; customManufacturer: string | null; customModel: string | null }): string {
  return d.name?.trim() || makeAndModel(d);
}

// The list order lives without the schemas, for the pages that only list drones (ADR 0066).
export { sortDrones } from './drones-order.ts';

// ---- Drone limits (doc 2 §6, §9; DESIGN §4): read from the one plan catalogue ----

export const droneLimitFor = (tier: Tier): number | null => planFor(tier).droneLimit;

export const canAddDrone = (tier: Tier, currentCount: number): boolean => {
  const limit = droneLimitFor(tier);
  return limit === null || currentCount < limit;
};

/** The message the server answers (403) and the Add button's upgrade hint show. */
export function droneLimitMessage(tier: Tier): string {
  const limit = droneLimitFor(tier);
  const plural = limit === 1 ? 'drone' : 'drones';
  return `Your ${PLANS[tier].label} plan allows ${limit ?? 'unlimited'} ${plural}. Upgrade your plan to register more drones.`;
}

export const DRONE_LIMIT_CODE = 'DRONE_LIMIT_REACHED';

/** What the delete confirmation says about a drone's flights (the logbook stays intact). */
export function droneDeleteNote(flightCount: number): string {
  if (flightCount === 0) return 'This drone has no logged flights; it will be removed.';
  const flights = flightCount === 1 ? '1 logged flight' : `${flightCount} logged flights`;
  return `This drone has ${flights}. They stay in your logbook under this drone's name; the drone leaves your list and no longer counts toward your plan's drone limit.`;
}

export { MANUFACTURER_NAMES };
