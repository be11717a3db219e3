import type { FlightType } from '../../../../shared/flight-logs/contract.ts';

/** Reading the cells of flight-log CSVs: numbers, dates, times, durations and units, as people write them. */

export type DateOrder = 'dmy' | 'mdy';

/** A number, with a decimal comma where the file uses them ("12,5"), thousands separators dropped. */
export function readNumber(raw: string, decimalComma: boolean): number | null {
  let s = raw.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (s === '') return null;
  if (decimalComma) s = s.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  else s = s.replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthOf = (name: string) => {
  const i = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return i === -1 ? null : i + 1;
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export const isValidYmd = (y: number, m: number, d: number) => {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1000 || y > 9999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export interface ReadDateTime {
  /** YYYY-MM-DD, in UTC when the value carried a zone. */
  date: string;
  /** HH:MM:SS, or null when the value had no time. */
  time: string | null;
  /** Milliseconds since the epoch (midnight when there was no time); for durations between rows. */
  ms: number;
}

export type DateReading = ReadDateTime | { ambiguous: true } | null;

const TIME = String.raw`(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([ap]\.?m\.?)?`;
const ZONE = String.raw`\s*(z|utc|gmt|[+-]\d{2}:?\d{2})?`;
const ISO_LIKE = new RegExp(String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:t|\s+)${TIME})?${ZONE}$`, 'i');
const NUMERIC = new RegExp(String.raw`^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?:(?:t|\s+|,\s*)${TIME})?${ZONE}$`, 'i');
const DAY_MONTH_NAME = new RegExp(String.raw`^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]{3,9})\.?[\s,-]+(\d{4})(?:(?:\s+|,\s*)${TIME})?${ZONE}$`, 'i');
const MONTH_NAME_DAY = new RegExp(String.raw`^(?:[a-z]{3,9},?\s+)?([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?:(?:\s+|,\s*|\s+at\s+)${TIME})?${ZONE}$`, 'i');
const EPOCH = /^\d{10}(\d{3})?$/;

function zoneMinutes(zone: string | undefined): number {
  if (!zone || /^(z|utc|gmt)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

function build(y: number, mo: number, d: number, t: (string | undefined)[], zone: string | undefined): ReadDateTime | null {
  if (!isValidYmd(y, mo, d)) return null;
  const [hh, mm, ss, frac, ampm] = t;
  let ms = Date.UTC(y, mo - 1, d);
  let hasTime = false;
  if (hh !== undefined && mm !== undefined) {
    let h = Number(hh);
    const min = Number(mm);
    const sec = ss === undefined ? 0 : Number(ss);
    if (ampm) {
      const pm = ampm.toLowerCase().startsWith('p');
      if (h < 1 || h > 12) return null;
      h = (h % 12) + (pm ? 12 : 0);
    }
    if (h > 23 || min > 59 || sec > 60) return null;
    const fraction = frac ? Number(`0.${frac}`) * 1000 : 0;
    ms += ((h * 60 + min) * 60 + sec) * 1000 + fraction;
    hasTime = true;
  }
  ms -= zoneMinutes(zone) * 60_000;
  const at = new Date(ms);
  const date = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  const time = hasTime ? `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}` : null;
  return { date, time, ms };
}

const fullYear = (y: string) => (y.length === 4 ? Number(y) : 2000 + Number(y));

/**
 * A date, optionally with a time and a zone. "03/04/2024" is ambiguous unless `order` says which
 * part is the day; ISO order, month names and a part above 12 are not.
 */
export function readDateTime(raw: string, order: DateOrder | null = null): DateReading {
  const s = raw.trim().replace(/\s+/g, ' ');
  if (s === '') return null;
  let m = ISO_LIKE.exec(s);
  if (m) return build(Number(m[1]), Number(m[2]), Number(m[3]), m.slice(4, 9), m[9]);
  m = NUMERIC.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const y = fullYear(m[3]!);
    const time = m.slice(4, 9);
    if (a > 12 && b <= 12) return build(y, b, a, time, m[9]);
    if (b > 12 && a <= 12) return build(y, a, b, time, m[9]);
    if (a === b) return build(y, a, b, time, m[9]);
    if (!order) return { ambiguous: true };
    return order === 'dmy' ? build(y, b, a, time, m[9]) : build(y, a, b, time, m[9]);
  }
  m = DAY_MONTH_NAME.exec(s);
  if (m) {
    const mo = monthOf(m[2]!);
    return mo ? build(Number(m[3]), mo, Number(m[1]), m.slice(4, 9), m[9]) : null;
  }
  m = MONTH_NAME_DAY.exec(s);
  if (m) {
    const mo = monthOf(m[1]!);
    return mo ? build(Number(m[3]), mo, Number(m[2]), m.slice(4, 9), m[9]) : null;
  }
  if (EPOCH.test(s)) {
    const ms = s.length === 13 ? Number(s) : Number(s) * 1000;
    const at = new Date(ms);
    if (at.getUTCFullYear() < 2005 || at.getUTCFullYear() > 2100) return null;
    return { date: at.toISOString().slice(0, 10), time: at.toISOString().slice(11, 19), ms };
  }
  return null;
}

/** What the values say about day/month order: a first part above 12 means day first, and so on. */
export function dateOrderEvidence(values: Iterable<string>): { dmy: number; mdy: number; ambiguous: number; example: string | null } {
  const out = { dmy: 0, mdy: 0, ambiguous: 0, example: null as string | null };
  for (const v of values) {
    const m = NUMERIC.exec(v.trim().replace(/\s+/g, ' '));
    if (!m) continue;
    const a = Number(m[1]);
    const b = Number(m[2]);
    if (a > 12 && b <= 12) out.dmy++;
    else if (b > 12 && a <= 12) out.mdy++;
    else if (a !== b) {
      out.ambiguous++;
      out.example ??= v.trim();
    }
  }
  return out;
}

/** A time of day alone ("14:03", "2:03:10 PM"). */
export function readTimeOfDay(raw: string): string | null {
  const m = new RegExp(`^${TIME}${ZONE}$`, 'i').exec(raw.trim());
  if (!m) return null;
  const at = build(2000, 1, 1, m.slice(1, 6), m[6]);
  return at?.time ?? null;
}

export type DurationUnit = 'ms' | 's' | 'min' | 'h';

const UNIT_WORDS: [RegExp, DurationUnit][] = [
  [/^(ms|msec|millis|millisecond|milliseconds)$/, 'ms'],
  [/^(s|sec|secs|second|seconds)$/, 's'],
  [/^(m|min|mins|minute|minutes)$/, 'min'],
  [/^(h|hr|hrs|hour|hours)$/, 'h'],
];

export function durationUnitOf(word: string): DurationUnit | null {
  const w = word.trim().toLowerCase();
  for (const [re, unit] of UNIT_WORDS) if (re.test(w)) return unit;
  return null;
}

const TO_MINUTES: Record<DurationUnit, number> = { ms: 1 / 60_000, s: 1 / 60, min: 1, h: 60 };

/** Does a duration cell carry its own unit (clock form, "12 min", ISO 8601)? */
export const durationSelfDescribed = (raw: string) => /[:a-z]/i.test(raw.trim());

/**
 * A duration in minutes: "1:25" (h:mm), "1:25:30", "85 min", "1h 25m", "PT1H25M", or a bare number in
 * `unit`. A bare number without a unit answers undefined (the caller asks the pilot).
 */
export function readDurationMinutes(raw: string, unit: DurationUnit | null, decimalComma: boolean, clock: 'h:mm' | 'mm:ss' = 'h:mm'): number | null | undefined {
  const s = raw.trim().toLowerCase();
  if (s === '') return null;
  let m = /^(\d+):(\d{1,2}):(\d{1,2}(?:[.,]\d+)?)$/.exec(s);
  if (m) return Number(m[1]) * 60 + Number(m[2]) + Number(m[3]!.replace(',', '.')) / 60;
  m = /^(\d+):(\d{1,2}(?:[.,]\d+)?)$/.exec(s);
  if (m) return clock === 'mm:ss' ? Number(m[1]) + Number(m[2]!.replace(',', '.')) / 60 : Number(m[1]) * 60 + Number(m[2]!.replace(',', '.'));
  m = /^p(?:t)?(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?$/.exec(s);
  if (m && (m[1] || m[2] || m[3])) return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) + Number(m[3] ?? 0) / 60;
  // "1h 25m 10s", "25 min", "90s", "1.5 hrs"
  const parts = [...s.matchAll(/(\d+(?:[.,]\d+)?)\s*([a-z]+)/g)];
  if (parts.length > 0 && parts.map((p) => p[0]).join('').replace(/\s/g, '') === s.replace(/\s/g, '')) {
    let total = 0;
    for (const p of parts) {
      const u = durationUnitOf(p[2]!);
      if (!u) return null;
      total += Number(p[1]!.replace(',', '.')) * TO_MINUTES[u];
    }
    return total;
  }
  const n = readNumber(s, decimalComma);
  if (n === null) return null;
  if (!unit) return undefined;
  return n * TO_MINUTES[unit];
}

// ---- Units of telemetry columns ----

export type LengthUnit = 'm' | 'ft' | 'km' | 'mi';
export type SpeedUnit = 'm/s' | 'km/h' | 'mph' | 'kn';

export function lengthUnitOf(unit: string | null): LengthUnit | null {
  const u = (unit ?? '').toLowerCase().replace(/\s/g, '');
  if (/^(m|meter|meters|metre|metres)$/.test(u)) return 'm';
  if (/^(ft|feet|foot)$/.test(u)) return 'ft';
  if (/^(km|kilometers|kilometres)$/.test(u)) return 'km';
  if (/^(mi|mile|miles)$/.test(u)) return 'mi';
  return null;
}

export function speedUnitOf(unit: string | null): SpeedUnit | null {
  const u = (unit ?? '').toLowerCase().replace(/\s/g, '');
  if (/^(m\/s|mps|ms|meterspersecond)$/.test(u)) return 'm/s';
  if (/^(km\/h|kmh|kph|kmph)$/.test(u)) return 'km/h';
  if (/^(mph|mi\/h)$/.test(u)) return 'mph';
  if (/^(kn|kt|kts|knots)$/.test(u)) return 'kn';
  return null;
}

const METRES: Record<LengthUnit, number> = { m: 1, ft: 0.3048, km: 1000, mi: 1609.344 };
const METRES_PER_SECOND: Record<SpeedUnit, number> = { 'm/s': 1, 'km/h': 1 / 3.6, mph: 0.44704, kn: 0.514444 };
export const toMetres = (value: number, unit: LengthUnit) => value * METRES[unit];
export const toMetresPerSecond = (value: number, unit: SpeedUnit) => value * METRES_PER_SECOND[unit];

// ---- Flight types ----

const TYPE_WORDS: [RegExp, FlightType][] = [
  [/recreation|hobby|fun|leisure|personal|rec\b/, 'recreational'],
  [/commercial|part ?107|business|client|paid|work|job|real estate|photo|video|film|survey|mapping|agri|delivery/, 'commercial'],
  [/training|practice|lesson|instruction|test flight|check ?ride|exam/, 'training'],
  [/inspection|inspect|roof|tower|bridge|wind ?turbine|solar|power ?line|pipeline|asset/, 'inspection'],
];

/** The logbook's five types from whatever a file calls them; unknown words are 'other'. */
export function readFlightType(raw: string): FlightType | null {
  const s = raw.trim().toLowerCase();
  if (s === '') return null;
  if (s === 'recreational' || s === 'commercial' || s === 'training' || s === 'inspection' || s === 'other') return s;
  for (const [re, type] of TYPE_WORDS) if (re.test(s)) return type;
  return 'other';
}

/** A cell the export neutralised against formulas ("'=SUM…") reads back as the original text. */
export const unneutralise = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

/** Great-circle distance in metres. */
export function haversineMetres(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const dLat = r(lat2 - lat1);
  const dLon = r(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(r(lat1)) * Math.cos(r(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(a));
}
