import { withDefaults, type FlightThresholds } from '../../../../shared/weather/colours.ts';
import { DEFAULT_THRESHOLDS } from '../../../../shared/weather/constants.ts';
import { thresholdsUpdateSchema, type ThresholdsUpdate } from '../../../../shared/weather/thresholds.ts';
import { cToF, fToC, METRES_PER_MILE, type MeasurementSystem } from '../../../../shared/weather/units.ts';

/**
 * The threshold editor works in the pilot's units (§9: imperial mph, miles, °F; metric km/h, km, °C)
 * while the thresholds are stored in the units of their defaults (km/h, m, %, °C). A field the pilot
 * did not touch keeps its stored value exactly, so opening and saving never drifts by rounding.
 */
export const FIELD_KEYS = ['wind', 'gusts', 'visibility', 'precipitation', 'cloudCover', 'temperatureMin', 'temperatureMax'] as const;
export type FieldKey = (typeof FIELD_KEYS)[number];
export type FormValues = Record<FieldKey, string>;
export type FormErrors = Partial<Record<FieldKey, string>>;

type Kind = 'speed' | 'distance' | 'percent' | 'temperature';
const KIND: Record<FieldKey, Kind> = {
  wind: 'speed',
  gusts: 'speed',
  visibility: 'distance',
  precipitation: 'percent',
  cloudCover: 'percent',
  temperatureMin: 'temperature',
  temperatureMax: 'temperature',
};

export const FIELD_LABELS: Record<FieldKey, string> = {
  wind: 'Wind above',
  gusts: 'Gusts above',
  visibility: 'Visibility below',
  precipitation: 'Precipitation chance above',
  cloudCover: 'Cloud cover above',
  temperatureMin: 'Temperature below',
  temperatureMax: 'Temperature above',
};

/** Stored ranges, as the shared schema allows them. */
const STORED_RANGE: Record<Kind, [number, number]> = { speed: [0, 300], distance: [0, 100_000], percent: [0, 100], temperature: [-60, 60] };

export function unitOf(key: FieldKey, system: MeasurementSystem): string {
  switch (KIND[key]) {
    case 'speed':
      return system === 'imperial' ? 'mph' : 'km/h';
    case 'distance':
      return system === 'imperial' ? 'mi' : 'km';
    case 'percent':
      return '%';
    case 'temperature':
      return system === 'imperial' ? '°F' : '°C';
  }
}

const KMH_PER_MPH = METRES_PER_MILE / 1000;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function toDisplay(key: FieldKey, stored: number, system: MeasurementSystem): number {
  const imperial = system === 'imperial';
  switch (KIND[key]) {
    case 'speed':
      return imperial ? stored / KMH_PER_MPH : stored;
    case 'distance':
      return imperial ? stored / METRES_PER_MILE : stored / 1000;
    case 'percent':
      return stored;
    case 'temperature':
      return imperial ? cToF(stored) : stored;
  }
}

export function fromDisplay(key: FieldKey, shown: number, system: MeasurementSystem): number {
  const imperial = system === 'imperial';
  switch (KIND[key]) {
    case 'speed':
      return imperial ? shown * KMH_PER_MPH : shown;
    case 'distance':
      return imperial ? shown * METRES_PER_MILE : shown * 1000;
    case 'percent':
      return shown;
    case 'temperature':
      return imperial ? fToC(shown) : shown;
  }
}

const format = (n: number) => String(round(n, 1));

function storedValue(t: FlightThresholds, key: FieldKey): number {
  if (key === 'temperatureMin') return t.temperature.min;
  if (key === 'temperatureMax') return t.temperature.max;
  return t[key];
}

export function formValues(t: FlightThresholds, system: MeasurementSystem): FormValues {
  return Object.fromEntries(FIELD_KEYS.map((k) => [k, format(toDisplay(k, storedValue(t, k), system))])) as FormValues;
}

export function rangeText(key: FieldKey, system: MeasurementSystem): string {
  const [lo, hi] = STORED_RANGE[KIND[key]];
  const unit = unitOf(key, system);
  const a = Math.ceil(round(toDisplay(key, lo, system), 6));
  const b = Math.floor(round(toDisplay(key, hi, system), 6));
  return `between ${a} and ${b}${unit === '%' || unit.startsWith('°') ? '' : ' '}${unit}`;
}

/** The values that differ from the §9 defaults: what is stored (an empty object means all defaults). */
export function overridesOf(t: FlightThresholds): ThresholdsUpdate {
  const d = DEFAULT_THRESHOLDS;
  const out: ThresholdsUpdate = {};
  if (t.wind !== d.wind) out.wind = t.wind;
  if (t.visibility !== d.visibility) out.visibility = t.visibility;
  if (t.precipitation !== d.precipitation) out.precipitation = t.precipitation;
  if (t.cloudCover !== d.cloudCover) out.cloudCover = t.cloudCover;
  if (t.gusts !== d.gusts) out.gusts = t.gusts;
  const temperature: { min?: number; max?: number } = {};
  if (t.temperature.min !== d.temperature.min) temperature.min = t.temperature.min;
  if (t.temperature.max !== d.temperature.max) temperature.max = t.temperature.max;
  if (Object.keys(temperature).length) out.temperature = temperature;
  return out;
}

export type ParsedForm = { ok: true; thresholds: FlightThresholds; overrides: ThresholdsUpdate } | { ok: false; errors: FormErrors };

/** Reads the editor: numbers in range, minimum temperature not above the maximum. */
export function parseForm(values: FormValues, initial: FormValues, current: FlightThresholds, system: MeasurementSystem): ParsedForm {
  const errors: FormErrors = {};
  const stored = {} as Record<FieldKey, number>;
  for (const key of FIELD_KEYS) {
    const text = values[key].trim();
    if (text === initial[key].trim()) {
      stored[key] = storedValue(current, key);
      continue;
    }
    const shown = text === '' ? Number.NaN : Number(text.replace(',', '.'));
    if (!Number.isFinite(shown)) {
      errors[key] = 'Enter a number';
      continue;
    }
    const value = round(fromDisplay(key, shown, system), 2);
    const [lo, hi] = STORED_RANGE[KIND[key]];
    if (value < lo || value > hi) {
      errors[key] = `Must be ${rangeText(key, system)}`;
      continue;
    }
    stored[key] = value;
  }
  if (errors.temperatureMin === undefined && errors.temperatureMax === undefined && stored.temperatureMin > stored.temperatureMax) {
    errors.temperatureMin = 'Must not be above the maximum temperature';
  }
  if (Object.keys(errors).length) return { ok: false, errors };

  const thresholds = withDefaults({
    wind: stored.wind,
    gusts: stored.gusts,
    visibility: stored.visibility,
    precipitation: stored.precipitation,
    cloudCover: stored.cloudCover,
    temperature: { min: stored.temperatureMin, max: stored.temperatureMax },
  });
  const overrides = overridesOf(thresholds);
  // The server checks again; this keeps the editor from sending what it would refuse.
  if (!thresholdsUpdateSchema.safeParse(overrides).success) return { ok: false, errors: { wind: 'These values cannot be saved' } };
  return { ok: true, thresholds, overrides };
}
