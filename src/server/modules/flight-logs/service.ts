import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { droneDisplayName } from '../../../shared/drones.ts';
import {
  FLIGHT_LOG_MESSAGES,
  FLIGHT_LOG_LEN,
  type FlightLog,
  type FlightLogInput,
  type FlightLogPatch,
  type FlightStats,
  type TotalHours,
} from '../../../shared/flight-logs/contract.ts';
import { CSV_EXPORT_UPGRADE_TIP, canExportCsv } from '../../../shared/flight-logs/policy.ts';
import type { Tier } from '../../../shared/tiers.ts';
import * as droneRepo from '../drones/repo.ts';
import { isForeignKeyViolation } from '../drones/pg-errors.ts';
import { buildExportCsv } from './csv-export.ts';
import * as repo from './repo.ts';

export interface FlightLogCaller {
  id: string;
  tier: Tier;
}

const hours = (minutes: number) => Math.round((minutes / 60) * 10) / 10;

export function toFlightLogView(row: repo.FlightLogWithDrone): FlightLog {
  return {
    id: row.id,
    userId: row.userId,
    droneId: row.droneId,
    droneName: droneDisplayName({
      name: row.droneName,
      manufacturer: row.droneManufacturer,
      model: row.droneModel,
      customManufacturer: row.droneCustomManufacturer,
      customModel: row.droneCustomModel,
    }),
    droneRetired: row.droneRetired,
    flightDate: row.flightDate,
    takeoffTime: row.takeoffTime ? row.takeoffTime.slice(0, 8) : null,
    flightDuration: row.flightDuration,
    location: row.location,
    flightType: row.flightType,
    conditions: row.conditions,
    notes: row.notes,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

const droneNotFound = () => new AppError(404, 'NOT_FOUND', FLIGHT_LOG_MESSAGES.droneNotFound);

/** A new flight must name one of the caller's drones in the list; an edit may keep a retired one. */
async function assertDrone(db: Db, userId: string, droneId: number, keepRetiredId?: number) {
  const drone = await droneRepo.findOwnDrone(db, userId, droneId);
  if (!drone || (drone.retiredAt !== null && droneId !== keepRetiredId)) throw droneNotFound();
}

function columns(input: FlightLogInput) {
  return {
    droneId: input.droneId,
    flightDate: input.flightDate,
    flightDuration: input.flightDuration,
    flightType: input.flightType,
    location: input.location ?? null,
    conditions: input.conditions ?? null,
    notes: input.notes ?? null,
  };
}

/** The drone a flight names can vanish between the check and the insert (deleted meanwhile). */
async function onMissingDrone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw droneNotFound();
    throw error;
  }
}

export function createFlightLogsService(db: Db) {
  async function view(userId: string, id: number): Promise<FlightLog> {
    const row = await repo.findFlightLog(db, userId, id);
    if (!row) throw notFound('Flight log');
    return toFlightLogView(row);
  }

  return {
    view,

    async list(userId: string): Promise<FlightLog[]> {
      return (await repo.listFlightLogs(db, userId)).map(toFlightLogView);
    },

    async create(caller: FlightLogCaller, input: FlightLogInput): Promise<FlightLog> {
      await assertDrone(db, caller.id, input.droneId);
      const { id } = await onMissingDrone(() =>
        repo.insertFlightLog(db, { ...columns(input), takeoffTime: input.takeoffTime ?? null, userId: caller.id, source: 'manual' }),
      );
      return view(caller.id, id);
    },

    /** PUT replaces the flight; a takeoff time left out is kept (the form has none, imports do). */
    async replace(caller: FlightLogCaller, id: number, input: FlightLogInput): Promise<FlightLog> {
      const existing = await repo.findOwnLogRow(db, caller.id, id);
      if (!existing) throw notFound('Flight log');
      await assertDrone(db, caller.id, input.droneId, existing.droneId);
      const takeoffTime = input.takeoffTime === undefined ? existing.takeoffTime : input.takeoffTime;
      const updated = await onMissingDrone(() => repo.updateFlightLog(db, caller.id, id, { ...columns(input), takeoffTime }));
      if (!updated) throw notFound('Flight log');
      return view(caller.id, id);
    },

    /** PATCH (bulk edit): only what was sent changes; notes are appended unless told to replace. */
    async patch(caller: FlightLogCaller, id: number, patch: FlightLogPatch): Promise<FlightLog> {
      await db.transaction(async (tx) => {
        const existing = await repo.findOwnLogRow(tx, caller.id, id, true);
        if (!existing) throw notFound('Flight log');
        const set: Partial<repo.NewFlightLogRow> = {};
        if (patch.flightType && patch.flightType !== 'unchanged') set.flightType = patch.flightType;
        if (patch.location) set.location = patch.location;
        if (patch.conditions) set.conditions = patch.conditions;
        if (patch.notes) {
          const notes = patch.notesMode === 'append' && existing.notes ? `${existing.notes}\n${patch.notes}` : patch.notes;
          if (notes.length > FLIGHT_LOG_LEN.notes) throw new AppError(400, 'VALIDATION', `notes: ${FLIGHT_LOG_MESSAGES.notesTooLong}`);
          set.notes = notes;
        }
        await repo.updateFlightLog(tx, caller.id, id, set);
      });
      return view(caller.id, id);
    },

    async remove(caller: FlightLogCaller, id: number) {
      const deleted = await repo.deleteFlightLog(db, caller.id, id);
      if (!deleted) throw notFound('Flight log');
      return { id, message: 'Flight log deleted' };
    },

    async totalHours(userId: string): Promise<TotalHours> {
      const { minutes, flights } = await repo.totals(db, userId);
      return { totalHours: hours(minutes), totalMinutes: minutes, totalFlights: flights };
    },

    async stats(userId: string): Promise<FlightStats> {
      const [rows, allDrones] = await Promise.all([repo.monthlyByDrone(db, userId), droneRepo.allDronesOf(db, userId)]);
      return buildStats(rows, allDrones);
    },

    async exportCsv(caller: FlightLogCaller, now = new Date()) {
      if (!canExportCsv(caller.tier)) throw forbidden(CSV_EXPORT_UPGRADE_TIP);
      const rows = await repo.listFlightLogs(db, caller.id);
      return buildExportCsv(rows, now);
    },
  };
}

type MonthRow = { droneId: number; month: string; minutes: number; flights: number };

/** Months from the first flight to the last, empty ones included, each split by drone. */
export function buildStats(rows: MonthRow[], allDrones: droneRepo.DroneRow[]): FlightStats {
  const perDrone = new Map<number, { minutes: number; flights: number }>();
  const perMonth = new Map<string, MonthRow[]>();
  let minutes = 0;
  let flights = 0;
  for (const r of rows) {
    minutes += r.minutes;
    flights += r.flights;
    const d = perDrone.get(r.droneId) ?? { minutes: 0, flights: 0 };
    d.minutes += r.minutes;
    d.flights += r.flights;
    perDrone.set(r.droneId, d);
    perMonth.set(r.month, [...(perMonth.get(r.month) ?? []), r]);
  }
  const months: FlightStats['months'] = [];
  const keys = [...perMonth.keys()].sort();
  if (keys.length > 0) {
    let [y, m] = keys[0]!.split('-').map(Number) as [number, number];
    const last = keys[keys.length - 1]!;
    for (;;) {
      const key = `${y}-${String(m).padStart(2, '0')}`;
      const inMonth = perMonth.get(key) ?? [];
      months.push({
        month: key,
        hours: hours(inMonth.reduce((s, r) => s + r.minutes, 0)),
        flights: inMonth.reduce((s, r) => s + r.flights, 0),
        byDrone: inMonth.map((r) => ({ droneId: r.droneId, hours: hours(r.minutes), flights: r.flights })),
      });
      if (key >= last) break;
      m += 1;
      if (m > 12) {
        m = 1;
        y += 1;
      }
    }
  }
  const drones = allDrones
    .filter((d) => perDrone.has(d.id))
    .map((d) => ({ droneId: d.id, droneName: droneDisplayName(d), retired: d.retiredAt !== null, hours: hours(perDrone.get(d.id)!.minutes), flights: perDrone.get(d.id)!.flights }));
  return { totalHours: hours(minutes), totalFlights: flights, drones, months };
}
