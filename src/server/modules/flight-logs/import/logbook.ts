import { latestDateOnEarth } from '../../../../shared/drones.ts';
import { EARLIEST_FLIGHT_DATE, FLIGHT_LOG_LEN, MAX_FLIGHT_MINUTES, type ImportError } from '../../../../shared/flight-logs/contract.ts';
import { EXPORT_COLUMNS } from '../csv-export.ts';
import { type Candidate, type Column, candidatesFor, type LogbookField } from './columns.ts';
import { type Answers, NOT_A_FLIGHT_LOG, type Question, questions } from './questions.ts';
import type { FlightCandidate } from './types.ts';
import {
  type DateOrder,
  dateOrderEvidence,
  type DurationUnit,
  durationSelfDescribed,
  durationUnitOf,
  readDateTime,
  readDurationMinutes,
  readFlightType,
  readTimeOfDay,
  unneutralise,
} from './values.ts';

/**
 * Logbook files, one row per flight: our own export, other logbook apps' exports, a spreadsheet a
 * pilot typed. Columns are found by meaning; where the file does not say enough (which date column,
 * day or month first, minutes or seconds) the import asks.
 */

export interface Row {
  fields: string[];
  line: number;
}

export type MappingMethod = 'signature' | 'rules' | 'llm';

export interface LogbookMapping {
  columns: Partial<Record<LogbookField, Column>>;
  durationUnit: DurationUnit | null;
  clock: 'h:mm' | 'mm:ss';
  dateOrder: DateOrder | null;
  method: MappingMethod;
  /** Columns found only by a partial name match: they lower the confidence. */
  partialMatches: number;
  /** Questions the pilot answered about the columns. */
  answered: number;
}

/** `refused`: the file cannot be a flight log (no column reads as dates): no question could help. */
export type MappingResult = { mapping: LogbookMapping } | { question: Question } | { missing: 'date' | 'duration' } | { refused: string };

const cell = (row: Row, col: Column | undefined) => (col ? unneutralise((row.fields[col.index] ?? '').trim()) : '');

function sampleValues(rows: Row[], col: Column, n = 200) {
  const out: string[] = [];
  for (const r of rows) {
    const v = cell(r, col);
    if (v) out.push(v);
    if (out.length >= n) break;
  }
  return out;
}

const share = (values: string[], test: (v: string) => boolean) => (values.length === 0 ? 0 : values.filter(test).length / values.length);
const readsAsDate = (v: string) => readDateTime(v) !== null;
const readsAsTime = (v: string) => readTimeOfDay(v) !== null;
const readsAsDuration = (v: string) => readDurationMinutes(v, 'min', false) !== null;

const isOwnExport = (columns: Column[]) => columns.length === EXPORT_COLUMNS.length && columns.every((c, i) => c.header === EXPORT_COLUMNS[i]);

function unitOfDurationColumn(col: Column): { unit: DurationUnit | null; clock: 'h:mm' | 'mm:ss' } {
  const unit = col.unit?.replace(/\s/g, '') ?? '';
  if (/^(h|hh):mm(:ss)?$/.test(unit)) return { unit: null, clock: 'h:mm' };
  if (/^(m|mm):ss$/.test(unit)) return { unit: null, clock: 'mm:ss' };
  const fromUnit = durationUnitOf(unit);
  if (fromUnit) return { unit: fromUnit, clock: 'h:mm' };
  // "Minutes", "Flight time min", "duration_s": the unit as the name's last word.
  const words = col.words.split(' ');
  for (const w of [words[words.length - 1] ?? '', words[0] ?? '']) {
    const u = durationUnitOf(w);
    if (u && !(u === 'min' && w === 'm' && words.length === 1)) return { unit: u, clock: 'h:mm' };
  }
  return { unit: null, clock: 'h:mm' };
}

/** Finds the columns of a logbook file; a proposal (a model's) is used only where it passes the same checks. */
export function mapLogbook(columns: Column[], rows: Row[], answers: Answers, proposal?: Record<string, string>): MappingResult {
  const byHeader = (h: string | undefined) => (h === undefined ? undefined : columns.find((c) => c.header === h));
  const mapped: Partial<Record<LogbookField, Column>> = {};
  let partialMatches = 0;
  let answered = 0;
  let method: MappingMethod = 'rules';
  const used = new Set<number>();
  const take = (field: LogbookField, col: Column | undefined, strength = 3) => {
    if (!col) return;
    mapped[field] = col;
    used.add(col.index);
    if (strength < 3) partialMatches++;
  };

  if (isOwnExport(columns)) {
    const fields: LogbookField[] = ['date', 'time', 'duration', 'drone', 'manufacturer', 'model', 'serial', 'droneIdentifier', 'location', 'flightType', 'conditions', 'notes'];
    fields.forEach((f, i) => take(f, columns[i]));
    return { mapping: { columns: mapped, durationUnit: 'min', clock: 'h:mm', dateOrder: null, method: 'signature', partialMatches: 0, answered: 0 } };
  }

  // No column reads as dates: not a flight log, whatever it is called (issue 16: "hello,world" asked
  // for the date column forever). Refused at once rather than asked about.
  const datedColumns = columns.filter((c) => share(sampleValues(rows, c), readsAsDate) >= 0.5);
  if (datedColumns.length === 0) return { refused: NOT_A_FLIGHT_LOG };

  // The flight date: a column named so whose values read as dates.
  if (answers.dateColumn) {
    take('date', byHeader(answers.dateColumn));
    answered++;
  } else {
    const dated = (cands: Candidate[]) => cands.filter((c) => share(sampleValues(rows, c.column), readsAsDate) >= 0.5);
    const named = dated([...candidatesFor('date', columns), ...candidatesFor('datetime', columns)]).filter(
      (c, i, all) => all.findIndex((o) => o.column.index === c.column.index) === i,
    );
    const strong = named.filter((c) => c.strength >= 2);
    const best = strong.filter((c) => c.strength === 3);
    if (best.length === 1 || (best.length === 0 && strong.length === 1)) take('date', (best[0] ?? strong[0])!.column, (best[0] ?? strong[0])!.strength);
    else if (strong.length > 1) return { question: questions.dateColumn(strong.map((c) => c.column.header), false) };
    else if (named.length === 1) take('date', named[0]!.column, 1);
    else if (named.length > 1) return { question: questions.dateColumn(named.map((c) => c.column.header), false) };
    else {
      const proposed = byHeader(proposal?.date);
      const byValues = columns.filter((c) => share(sampleValues(rows, c), readsAsDate) >= 0.8);
      if (proposed && share(sampleValues(rows, proposed), readsAsDate) >= 0.5) {
        take('date', proposed);
        method = 'llm';
      } else if (byValues.length === 1) take('date', byValues[0], 1);
      else return { missing: 'date' };
    }
  }
  const dateCol = mapped.date;
  if (!dateCol) return { missing: 'date' };
  const dateValues = sampleValues(rows, dateCol, Infinity);
  if (share(dateValues.slice(0, 200), readsAsDate) < 0.5) {
    // An answer that did not resolve the question never gets the same question back: only the other
    // columns that do hold dates are offered, and with none left the file is refused.
    const others = datedColumns.filter((c) => c.index !== dateCol.index).map((c) => c.header);
    if (others.length === 0) return { refused: NOT_A_FLIGHT_LOG };
    return { question: questions.dateColumn(others, false, `The column '${dateCol.header}' does not hold dates.`) };
  }

  // Takeoff time: a time-of-day column, unless the date column carries the time already.
  const timeCands = candidatesFor('time', columns).filter((c) => !used.has(c.column.index) && share(sampleValues(rows, c.column), (v) => readsAsTime(v) || readsAsDate(v)) >= 0.5);
  if (timeCands[0]) take('time', timeCands[0].column, timeCands[0].strength);
  const endCands = candidatesFor('endTime', columns).filter((c) => !used.has(c.column.index) && share(sampleValues(rows, c.column), (v) => readsAsTime(v) || readsAsDate(v)) >= 0.5);
  if (endCands[0]) take('endTime', endCands[0].column, endCands[0].strength);

  // Duration.
  if (answers.durationColumn) {
    take('duration', byHeader(answers.durationColumn));
    answered++;
  } else {
    const durCands = candidatesFor('duration', columns).filter((c) => !used.has(c.column.index) && share(sampleValues(rows, c.column), readsAsDuration) >= 0.5);
    const proposed = byHeader(proposal?.duration);
    if (durCands[0]) take('duration', durCands[0].column, durCands[0].strength);
    else if (proposed && !used.has(proposed.index) && share(sampleValues(rows, proposed), readsAsDuration) >= 0.5) {
      take('duration', proposed);
      method = 'llm';
    } else if (!mapped.endTime || !(mapped.time || dateHasTime(dateValues))) return { missing: 'duration' };
  }

  let durationUnit: DurationUnit | null = null;
  let clock: 'h:mm' | 'mm:ss' = 'h:mm';
  if (mapped.duration) {
    ({ unit: durationUnit, clock } = unitOfDurationColumn(mapped.duration));
    if (!durationUnit) {
      const values = sampleValues(rows, mapped.duration, Infinity);
      const bare = values.find((v) => !durationSelfDescribed(v));
      if (bare !== undefined) {
        if (answers.durationUnit) {
          durationUnit = answers.durationUnit;
          answered++;
        } else return { question: questions.durationUnit(mapped.duration.header, bare) };
      }
    }
  }

  // Day/month order, when any date could be read both ways.
  let dateOrder: DateOrder | null = null;
  const evidence = dateOrderEvidence(dateValues);
  if (evidence.dmy > 0 && evidence.mdy === 0) dateOrder = 'dmy';
  else if (evidence.mdy > 0 && evidence.dmy === 0) dateOrder = 'mdy';
  else if (evidence.ambiguous > 0 || (evidence.dmy > 0 && evidence.mdy > 0)) {
    if (answers.dateOrder) {
      dateOrder = answers.dateOrder;
      answered++;
    } else return { question: questions.dateOrder(evidence.example ?? dateValues[0] ?? '') };
  }

  // The rest: the strongest unused column for each, or what the proposal named.
  for (const field of ['droneIdentifier', 'serial', 'model', 'manufacturer', 'drone', 'flightType', 'conditions', 'location', 'notes'] as const) {
    const cand = candidatesFor(field, columns).find((c) => !used.has(c.column.index));
    if (cand) take(field, cand.column, cand.strength);
    else {
      const proposed = byHeader(proposal?.[field]);
      if (proposed && !used.has(proposed.index)) {
        take(field, proposed);
        method = 'llm';
      }
    }
  }

  return { mapping: { columns: mapped, durationUnit, clock, dateOrder, method, partialMatches, answered } };
}

const dateHasTime = (values: string[]) => values.slice(0, 50).some((v) => {
  const r = readDateTime(v, 'dmy');
  return r !== null && !('ambiguous' in r) && r.time !== null;
});

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** Each row into a flight, or an error with its line and reason. */
export function readLogbookRows(rows: Row[], mapping: LogbookMapping, decimalComma: boolean): { flights: FlightCandidate[]; errors: ImportError[] } {
  const c = mapping.columns;
  const flights: FlightCandidate[] = [];
  const errors: ImportError[] = [];
  const latest = latestDateOnEarth();
  for (const row of rows) {
    const fail = (message: string) => errors.push({ line: row.line, message });
    const rawDate = cell(row, c.date);
    if (!rawDate) {
      fail('the flight date is missing');
      continue;
    }
    const at = readDateTime(rawDate, mapping.dateOrder);
    if (!at || 'ambiguous' in at) {
      fail(`the date '${clip(rawDate, 40)}' could not be read`);
      continue;
    }
    if (at.date < EARLIEST_FLIGHT_DATE) {
      fail(`the date ${at.date} is before 1900-01-01`);
      continue;
    }
    if (at.date > latest) {
      fail(`the date ${at.date} is in the future`);
      continue;
    }
    let time = at.time;
    const rawTime = cell(row, c.time);
    if (rawTime) {
      const t = readTimeOfDay(rawTime) ?? (() => {
        const dt = readDateTime(rawTime, mapping.dateOrder);
        return dt && !('ambiguous' in dt) ? dt.time : null;
      })();
      if (t === null) {
        fail(`the time '${clip(rawTime, 20)}' could not be read`);
        continue;
      }
      time = t;
    }

    let minutes: number | null | undefined;
    if (c.duration) {
      const rawDuration = cell(row, c.duration);
      if (!rawDuration) {
        fail('the duration is missing');
        continue;
      }
      minutes = readDurationMinutes(rawDuration, mapping.durationUnit, decimalComma, mapping.clock);
      if (minutes == null) {
        fail(`the duration '${clip(rawDuration, 20)}' could not be read`);
        continue;
      }
    } else {
      const end = readTimeOfDay(cell(row, c.endTime));
      if (!end || !time) {
        fail('the duration is missing');
        continue;
      }
      const toSeconds = (t: string) => t.split(':').reduce((s, p) => s * 60 + Number(p), 0);
      minutes = (((toSeconds(end) - toSeconds(time) + 86_400) % 86_400) / 60);
    }
    if (minutes <= 0) {
      fail('the duration must be at least 1 minute');
      continue;
    }
    if (minutes > MAX_FLIGHT_MINUTES) {
      fail(`the duration (${Math.round(minutes)} minutes) is longer than 24 hours`);
      continue;
    }

    const rawType = cell(row, c.flightType);
    const flightType = readFlightType(rawType);
    let notes = cell(row, c.notes) || null;
    if (rawType && flightType === 'other' && rawType.toLowerCase() !== 'other') notes = [notes, `Flight type in file: ${rawType}`].filter(Boolean).join('\n');
    const text = (col: Column | undefined, max: number) => {
      const v = cell(row, col);
      return v ? clip(v, max) : null;
    };
    flights.push({
      line: row.line,
      flightDate: at.date,
      takeoffTime: time,
      durationMinutes: Math.max(1, Math.round(minutes)),
      location: text(c.location, FLIGHT_LOG_LEN.location),
      flightType,
      conditions: text(c.conditions, FLIGHT_LOG_LEN.conditions),
      notes: notes ? clip(notes, FLIGHT_LOG_LEN.notes) : null,
      drone: {
        name: text(c.drone, 100),
        serial: text(c.serial, 100),
        model: text(c.model, 100),
        manufacturer: text(c.manufacturer, 100),
        identifier: text(c.droneIdentifier, 100),
      },
    });
  }
  return { flights, errors };
}
