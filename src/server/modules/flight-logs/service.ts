import { Readable } from 'node:stream';
import type { PageQuery } from '../../../shared/paging.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { droneDisplayName } from '../../../shared/drones.ts';
import {
  FLIGHT_LOG_MESSAGES,
  FLIGHT_LOG_LEN,
  exportFileName,
  type BulkResult,
  type FlightLog,
  type FlightLogInput,
  type FlightLogPatch,
  type FlightStats,
  type TotalHours,
} from '../../../shared/flight-logs/contract.ts';
import { CSV_EXPORT_UPGRADE_TIP, canExportCsv } from '../../../shared/flight-logs/policy.ts';
import type { Tier } from '../../../shared/tiers.ts';
import * as droneRepo from '../drones/repo.ts';
import { exportCsvChunks } from './csv-export.ts';
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

/**
 * A new flight must name one of the caller's drones in the list; an edit may keep a retired one. The
 * drone row is locked FOR SHARE in the transaction that writes the flight: deleting or retiring a drone
 * takes FOR UPDATE on the same row (drones service `remove`), so the two line up. A flight written
 * first is counted by the deletion (the drone is retired, not deleted); a flight written second sees
 * the drone gone or retired and answers 404, never lands on it.
 */
async function lockDrone(tx: Tx, userId: string, droneId: number, keepRetiredId?: number) {
  const drone = await repo.lockDroneForFlight(tx, userId, droneId);
  if (!drone || (drone.retired && droneId !== keepRetiredId)) throw droneNotFound();
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

export function createFlightLogsService(db: Db) {
  async function view(userId: string, id: number): Promise<FlightLog> {
    const row = await repo.findFlightLog(db, userId, id);
    if (!row) throw notFound('Flight log');
    return toFlightLogView(row);
  }

  return {
    view,

    /** One page of the list (ADR 0014); a forged cursor answers 400. */
    async list(userId: string, page: PageQuery): Promise<{ flightLogs: FlightLog[]; nextCursor: string | null }> {
      const { items, nextCursor } = await repo.listFlightLogsPage(db, userId, page);
      return { flightLogs: items.map(toFlightLogView), nextCursor };
    },

    /** Every id, a page at a time, for "select all". */
    async ids(userId: string, page: PageQuery) {
      return repo.listFlightLogIdsPage(db, userId, page);
    },

    async create(caller: FlightLogCaller, input: FlightLogInput): Promise<FlightLog> {
      const { id } = await db.transaction(async (tx) => {
        await lockDrone(tx, caller.id, input.droneId);
        return repo.insertFlightLog(tx, { ...columns(input), takeoffTime: input.takeoffTime ?? null, userId: caller.id, source: 'manual' });
      });
      return view(caller.id, id);
    },

    /** PUT replaces the flight; a takeoff time left out is kept (the form has none, imports do). */
    async replace(caller: FlightLogCaller, id: number, input: FlightLogInput): Promise<FlightLog> {
      await db.transaction(async (tx) => {
        const existing = await repo.findOwnLogRow(tx, caller.id, id, true);
        if (!existing) throw notFound('Flight log');
        await lockDrone(tx, caller.id, input.droneId, existing.droneId);
        const takeoffTime = input.takeoffTime === undefined ? existing.takeoffTime : input.takeoffTime;
        await repo.updateFlightLog(tx, caller.id, id, { ...columns(input), takeoffTime });
      });
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

    async bulkDelete(caller: FlightLogCaller, ids: number[]): Promise<BulkResult> {
      const unique = [...new Set(ids)];
      const done = await repo.deleteFlightLogs(db, caller.id, unique);
      return { done, failed: unique.length - done };
    },

    /** The bulk edit: the same rules as PATCH, for every flight of the chunk in one statement. */
    async bulkPatch(caller: FlightLogCaller, ids: number[], patch: FlightLogPatch): Promise<BulkResult> {
      const unique = [...new Set(ids)];
      const done = await repo.patchFlightLogs(
        db,
        caller.id,
        unique,
        {
          flightType: patch.flightType && patch.flightType !== 'unchanged' ? patch.flightType : undefined,
          location: patch.location ?? undefined,
          conditions: patch.conditions ?? undefined,
          notes: patch.notes ? { text: patch.notes, append: patch.notesMode === 'append' } : undefined,
        },
        FLIGHT_LOG_LEN.notes,
      );
      return { done, failed: unique.length - done };
    },

    async totalHours(userId: string): Promise<TotalHours> {
      const { minutes, flights } = await repo.totals(db, userId);
      return { totalHours: hours(minutes), totalMinutes: minutes, totalFlights: flights };
    },

    async stats(userId: string): Promise<FlightStats> {
      const [rows, allDrones] = await Promise.all([repo.monthlyByDrone(db, userId), droneRepo.allDronesOf(db, userId)]);
      return buildStats(rows, allDrones);
    },

    /** The whole logbook as CSV, streamed a batch at a time (200,000 flights never sit in memory at once). */
    exportCsv(caller: FlightLogCaller, now = new Date()) {
      if (!canExportCsv(caller.tier)) throw forbidden(CSV_EXPORT_UPGRADE_TIP);
      return { fileName: exportFileName(now), body: Readable.from(exportCsvChunks(repo.allFlightLogsOldestFirst(db, caller.id))) };
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
