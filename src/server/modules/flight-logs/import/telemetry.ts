import type { ImportError, ImportFormat } from '../../../../shared/flight-logs/contract.ts';
import { type Column, findTelemetryColumn, looksLikeTelemetry, type TelemetryField } from './columns.ts';
import type { DroneRef, FlightCandidate } from './types.ts';
import {
  type DateOrder,
  durationUnitOf,
  haversineMetres,
  lengthUnitOf,
  type LengthUnit,
  readDateTime,
  readNumber,
  speedUnitOf,
  type SpeedUnit,
  toMetres,
  toMetresPerSecond,
} from './values.ts';

/**
 * Telemetry logs: many rows (typically 10 a second) of one flight. AirData UAV exports, DJI flight
 * records converted to CSV (PhantomHelp / FlightReader / Airdata "verbose" style) and Litchi logs,
 * recognised by their columns, plus any other log with position and time on every row.
 */

export type TelemetryFormat = Extract<ImportFormat, 'dji-flight-record' | 'airdata' | 'litchi' | 'telemetry'>;

export const FORMAT_LABELS: Record<ImportFormat, string> = {
  'drone-doctor': 'Drone Doctor logbook export',
  logbook: 'logbook CSV',
  'dji-flight-record': 'DJI flight record (CSV)',
  airdata: 'AirData UAV flight log',
  litchi: 'Litchi flight log',
  telemetry: 'telemetry flight log',
};

export function detectTelemetryFormat(columns: Column[]): TelemetryFormat | null {
  const keys = new Set(columns.map((c) => c.key));
  const any = (...names: string[]) => names.some((n) => keys.has(n));
  if (keys.has('osd.latitude') && any('custom.updatetime', 'osd.flytime', 'details.timestamp')) return 'dji-flight-record';
  if (keys.has('datetime') && any('dronetype', 'isflying', 'planename', 'remainpowerpercent', 'flycontrollerserialnumber')) return 'litchi';
  if (keys.has('datetime') && keys.has('time') && any('height_above_takeoff', 'flycstate', 'gpslevel', 'flycstateraw')) return 'airdata';
  return looksLikeTelemetry(columns) ? 'telemetry' : null;
}

/** What a telemetry pass needs before it can finish: a date order for an ambiguous timestamp. */
export interface TelemetryNeeds {
  dateOrder: { example: string } | null;
}

interface Picked {
  datetime?: Column;
  date?: Column;
  offset?: Column;
  lat?: Column;
  lon?: Column;
  homeLat?: Column;
  homeLon?: Column;
  height?: Column;
  distance?: Column;
  speed?: Column;
  battery?: Column;
  model?: Column;
  serial?: Column;
  name?: Column;
  summaryTotalTime?: Column;
  summaryMaxHeight?: Column;
  summaryMaxSpeed?: Column;
  city?: Column;
  area?: Column;
}

function pick(columns: Column[]): Picked {
  const out: Picked = {};
  const fields: TelemetryField[] = ['date', 'offset', 'lat', 'lon', 'homeLat', 'homeLon', 'height', 'distance', 'speed', 'battery', 'model', 'serial', 'name', 'summaryTotalTime', 'summaryMaxHeight', 'summaryMaxSpeed', 'city', 'area'];
  for (const f of fields) {
    const c = findTelemetryColumn(f, columns);
    if (c) out[f] = c;
  }
  // Prefer the UTC timestamp where a log has both (Litchi: datetime(utc) and datetime(local)).
  out.datetime = findTelemetryColumn('datetime', columns, (c) => c.unit === 'utc');
  return out;
}

const MAX_ROW_ERRORS = 20;
const HAS_DATE = /\d{4}[-/.]\d{1,2}|\d{1,2}[-/.]\d{1,2}[-/.]\d{2}|[a-z]{3}/i;

/**
 * Litchi's numbered aircraft types, as open-source Litchi log readers map them. An unknown number
 * leaves the model unknown rather than guessed.
 */
const LITCHI_DRONE_TYPES: Record<number, string> = {
  1: 'Inspire 1',
  2: 'Phantom 3 Standard',
  3: 'Phantom 3 Advanced',
  4: 'Phantom 3 Professional',
  6: 'Mavic Pro',
  7: 'Inspire 2',
  8: 'Phantom 4',
  9: 'Phantom 4 Pro',
  10: 'Phantom 4 Advanced',
  11: 'Mavic Air',
  14: 'Mavic 2 Pro',
  15: 'Mavic 2 Zoom',
  17: 'Mavic Mini',
  18: 'Mavic Air 2',
  20: 'Mini 2',
  21: 'Spark',
  23: 'Air 2S',
};

/**
 * One pass over the rows. Every row adds to the running figures; nothing is kept per row, so memory
 * does not grow with the log's length.
 */
export class TelemetryAccumulator {
  readonly format: TelemetryFormat;
  private readonly c: Picked;
  private readonly decimalComma: boolean;
  private readonly order: DateOrder | null;
  private readonly lengthUnits: Partial<Record<'height' | 'distance', LengthUnit>>;
  private readonly speedUnit: SpeedUnit;
  private readonly offsetToSeconds: number;

  rows = 0;
  private firstMs: number | null = null;
  private lastMs: number | null = null;
  private firstDate: { date: string; time: string | null } | null = null;
  private firstOffset: number | null = null;
  private lastOffset: number | null = null;
  private ambiguousExample: string | null = null;
  private takeoff: { lat: number; lon: number } | null = null;
  private home: { lat: number; lon: number } | null = null;
  private maxHeight: number | null = null;
  private maxDistance: number | null = null;
  private maxDistanceComputed = 0;
  private maxSpeed: number | null = null;
  private batteryFirst: number | null = null;
  private batteryLast: number | null = null;
  private batteryMin: number | null = null;
  private drone: { model?: string; serial?: string; name?: string } = {};
  private summary: { totalTimeS?: number; maxHeight?: number; maxSpeed?: number; place?: string } = {};
  readonly errors: ImportError[] = [];
  unreadableRows = 0;

  constructor(format: TelemetryFormat, columns: Column[], decimalComma: boolean, order: DateOrder | null) {
    this.format = format;
    this.c = pick(columns);
    this.decimalComma = decimalComma;
    this.order = order;
    this.lengthUnits = {
      height: lengthUnitOf(this.c.height?.unit ?? null) ?? 'm',
      distance: lengthUnitOf(this.c.distance?.unit ?? null) ?? 'm',
    };
    this.speedUnit = speedUnitOf(this.c.speed?.unit ?? null) ?? 'm/s';
    const offsetUnit = durationUnitOf(this.c.offset?.unit ?? '') ?? (this.c.offset?.key === 'time' && this.format !== 'telemetry' ? 'ms' : 's');
    this.offsetToSeconds = offsetUnit === 'ms' ? 0.001 : offsetUnit === 'min' ? 60 : offsetUnit === 'h' ? 3600 : 1;
  }

  get hasTimeColumns() {
    return this.c.datetime !== undefined || this.c.offset !== undefined;
  }

  private num(fields: string[], col: Column | undefined): number | null {
    if (!col) return null;
    const raw = fields[col.index];
    return raw === undefined ? null : readNumber(raw, this.decimalComma);
  }

  private text(fields: string[], col: Column | undefined): string | undefined {
    if (!col) return undefined;
    const raw = fields[col.index]?.trim();
    return raw ? raw : undefined;
  }

  add(fields: string[], line: number) {
    this.rows++;
    const c = this.c;
    let readable = false;
    let reason = '';

    if (c.datetime) {
      let raw = fields[c.datetime.index] ?? '';
      // A time of day alone takes its date from the date column.
      if (c.date && c.date !== c.datetime && !HAS_DATE.test(raw)) raw = `${fields[c.date.index] ?? ''} ${raw}`;
      const at = readDateTime(raw, this.order);
      if (at && 'ambiguous' in at) {
        this.ambiguousExample ??= raw.trim();
      } else if (at) {
        readable = true;
        if (this.firstMs === null) {
          this.firstMs = at.ms;
          this.firstDate = { date: at.date, time: at.time };
        }
        this.lastMs = at.ms;
      } else if (raw.trim() !== '') reason = `the time '${raw.trim().slice(0, 40)}' is not a date and time`;
    }
    const offset = this.num(fields, c.offset);
    if (offset !== null) {
      readable = true;
      this.firstOffset ??= offset;
      this.lastOffset = offset;
    }

    if (!readable) {
      this.unreadableRows++;
      if (this.errors.length < MAX_ROW_ERRORS && !this.ambiguousExample) {
        this.errors.push({ line, message: `Row skipped: ${reason || 'it has no time'}` });
      }
      return;
    }

    const lat = this.num(fields, c.lat);
    const lon = this.num(fields, c.lon);
    const validPosition = lat !== null && lon !== null && Math.abs(lat) <= 90 && Math.abs(lon) <= 180 && !(lat === 0 && lon === 0);
    if (validPosition && !this.takeoff) this.takeoff = { lat, lon };
    const homeLat = this.num(fields, c.homeLat);
    const homeLon = this.num(fields, c.homeLon);
    if (!this.home && homeLat !== null && homeLon !== null && !(homeLat === 0 && homeLon === 0) && Math.abs(homeLat) <= 90) this.home = { lat: homeLat, lon: homeLon };

    const height = this.num(fields, c.height);
    if (height !== null) this.maxHeight = Math.max(this.maxHeight ?? -Infinity, toMetres(height, this.lengthUnits.height!));
    const distance = this.num(fields, c.distance);
    if (distance !== null) this.maxDistance = Math.max(this.maxDistance ?? 0, toMetres(distance, this.lengthUnits.distance!));
    if (validPosition) {
      // Measured from home when the log has no distance column, or leaves it empty.
      const from = this.home ?? this.takeoff;
      if (from) this.maxDistanceComputed = Math.max(this.maxDistanceComputed, haversineMetres(from.lat, from.lon, lat, lon));
    }
    const speed = this.num(fields, c.speed);
    if (speed !== null) this.maxSpeed = Math.max(this.maxSpeed ?? 0, toMetresPerSecond(speed, this.speedUnit));
    const battery = this.num(fields, c.battery);
    if (battery !== null && battery > 0 && battery <= 100) {
      this.batteryFirst ??= battery;
      this.batteryLast = battery;
      this.batteryMin = Math.min(this.batteryMin ?? 100, battery);
    }

    this.drone.model ??= this.modelName(this.text(fields, c.model));
    this.drone.serial ??= this.text(fields, c.serial);
    this.drone.name ??= this.text(fields, c.name);
    if (this.summary.totalTimeS === undefined) this.summary.totalTimeS = this.num(fields, c.summaryTotalTime) ?? undefined;
    if (this.summary.maxHeight === undefined) this.summary.maxHeight = this.num(fields, c.summaryMaxHeight) ?? undefined;
    if (this.summary.maxSpeed === undefined) this.summary.maxSpeed = this.num(fields, c.summaryMaxSpeed) ?? undefined;
    if (this.summary.place === undefined) {
      const place = [this.text(fields, c.city), this.text(fields, c.area)].filter(Boolean).join(', ');
      if (place) this.summary.place = place;
    }
  }

  /** Litchi writes its aircraft type as a number; other logs write the name. */
  private modelName(raw: string | undefined): string | undefined {
    if (raw === undefined || this.format !== 'litchi' || !/^\d+$/.test(raw)) return raw;
    return LITCHI_DRONE_TYPES[Number(raw)];
  }

  needs(): TelemetryNeeds {
    return { dateOrder: this.ambiguousExample && this.firstMs === null ? { example: this.ambiguousExample } : null };
  }

  /** The flight, or why there is none. */
  finish(): { flight: FlightCandidate | null; errors: ImportError[] } {
    const errors = [...this.errors];
    if (this.unreadableRows > this.errors.length) {
      errors.push({ line: null, message: `${this.unreadableRows} rows in all had no readable time and were skipped` });
    }
    if (!this.firstDate) {
      errors.unshift({ line: null, message: 'The log has no readable date and time, so the flight cannot be dated' });
      return { flight: null, errors };
    }
    const spanS = Math.max(
      this.firstMs !== null && this.lastMs !== null ? (this.lastMs - this.firstMs) / 1000 : 0,
      this.firstOffset !== null && this.lastOffset !== null ? (this.lastOffset - this.firstOffset) * this.offsetToSeconds : 0,
    );
    // A DJI record's summary gives the whole flight's time even when the rows are cut short.
    const durationS = this.summary.totalTimeS && this.summary.totalTimeS > spanS ? this.summary.totalTimeS : spanS;
    const at = this.home ?? this.takeoff;
    const location = at ? `${this.summary.place ? `${this.summary.place} ` : ''}(${at.lat.toFixed(6)}, ${at.lon.toFixed(6)})`.replace(/^\((.*)\)$/, '$1') : null;
    const drone: DroneRef = {
      serial: this.drone.serial ?? null,
      model: this.drone.model ?? null,
      name: this.drone.name ?? null,
      manufacturer: this.format === 'dji-flight-record' || this.format === 'litchi' ? 'DJI' : null,
      identifier: null,
    };
    return {
      flight: {
        line: null,
        flightDate: this.firstDate.date,
        takeoffTime: this.firstDate.time,
        durationMinutes: Math.max(1, Math.round(durationS / 60)),
        location,
        flightType: null,
        conditions: null,
        notes: this.notes(durationS),
        drone,
      },
      errors,
    };
  }

  private notes(durationS: number): string {
    const parts: string[] = [];
    const maxHeight = this.summary.maxHeight ?? this.maxHeight;
    if (maxHeight !== null && maxHeight > 0) parts.push(`max altitude ${maxHeight.toFixed(1)} m (${Math.round(maxHeight / 0.3048)} ft)`);
    const maxDistance = this.maxDistance ?? this.maxDistanceComputed;
    if (maxDistance > 0) parts.push(`max distance ${Math.round(maxDistance)} m (${Math.round(maxDistance / 0.3048)} ft)`);
    const maxSpeed = this.summary.maxSpeed ?? this.maxSpeed;
    if (maxSpeed !== null && maxSpeed > 0) parts.push(`max speed ${maxSpeed.toFixed(1)} m/s (${(maxSpeed / 0.44704).toFixed(1)} mph)`);
    if (this.batteryFirst !== null && this.batteryLast !== null) {
      parts.push(`battery ${Math.round(this.batteryFirst)}% → ${Math.round(this.batteryLast)}% (${Math.round(this.batteryFirst - (this.batteryMin ?? this.batteryLast))}% used)`);
    }
    const seconds = Math.round(durationS);
    const length = `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
    const aircraft = this.drone.name && this.drone.model ? ` Aircraft '${this.drone.name}'.` : '';
    const zone = this.c.datetime?.unit === 'local' ? ' The log gives local time only: the takeoff time is as logged, not UTC.' : '';
    return `Imported from ${FORMAT_LABELS[this.format]}: ${length}, ${this.rows} rows.${aircraft}${parts.length ? ` ${capitalise(parts.join(', '))}.` : ''}${zone}`;
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
