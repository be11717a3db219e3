import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { isIsoDate } from '../../../shared/drones.ts';
import type { FlightType } from '../../../shared/flight-logs/contract.ts';
import type { PageQuery } from '../../../shared/paging.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { afterCursor, type CursorValues, decodeCursor, pageOf } from '../../lib/paging.ts';
import { drones, flightLogs } from '../../db/schema/index.ts';

export type FlightLogRow = typeof flightLogs.$inferSelect;
export type NewFlightLogRow = typeof flightLogs.$inferInsert;

/** A flight as the list, the export and the chart read it: its columns and its drone's names. */
export interface FlightLogWithDrone {
  id: number;
  userId: string;
  droneId: number;
  flightDate: string;
  takeoffTime: string | null;
  flightDuration: number;
  location: string | null;
  flightType: FlightType;
  conditions: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  droneName: string | null;
  droneManufacturer: string;
  droneModel: string | null;
  droneCustomManufacturer: string | null;
  droneCustomModel: string | null;
  droneSerialNumber: string;
  droneUniqueIdentifier: string;
  droneRetired: boolean;
}

/**
 * The list's order as a total keyset (ADR 0014): date, then whether the takeoff time is known (unknown
 * last), then the time, then the id. `takeoff_time desc nulls last` cannot take part in a row
 * comparison (null compares to nothing), so the key splits it into a flag and a non-null time; the
 * order is the same. The index flight_logs_user_list_idx (custom migration) holds these expressions, so
 * the first page of a user with 200,000 flights reads 51 index entries, not 200,000 rows.
 */
const KEY = {
  date: sql`f.flight_date`,
  hasTime: sql`(f.takeoff_time is not null)::int`,
  time: sql`coalesce(f.takeoff_time, '00:00:00'::time)`,
  id: sql`f.id`,
};
const KEY_COLUMNS = [KEY.date, KEY.hasTime, KEY.time, KEY.id];
const orderBy = (direction: 'asc' | 'desc') => (direction === 'desc' ? sql`f.flight_date desc, (f.takeoff_time is not null)::int desc, coalesce(f.takeoff_time, '00:00:00'::time) desc, f.id desc` : sql`f.flight_date asc, (f.takeoff_time is not null)::int asc, coalesce(f.takeoff_time, '00:00:00'::time) asc, f.id asc`);

/** A flight's place in the order, as a cursor carries it. */
export const keyOf = (row: { flightDate: string; takeoffTime: string | null; id: number }): CursorValues => [row.flightDate, row.takeoffTime === null ? 0 : 1, row.takeoffTime ?? '00:00:00', row.id];

const TIME = /^\d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;

/** A cursor's values, each checked for its type: a forged one answers 400, never a database error. */
export function readCursor(cursor: string): CursorValues {
  const values = decodeCursor(cursor, KEY_COLUMNS.length);
  const [date, hasTime, time, id] = values;
  const ok =
    typeof date === 'string' && isIsoDate(date) &&
    (hasTime === 0 || hasTime === 1) &&
    typeof time === 'string' && TIME.test(time) && Number(time.slice(0, 2)) < 24 && Number(time.slice(3, 5)) < 60 && Number(time.slice(6, 8)) < 60 &&
    typeof id === 'number' && Number.isInteger(id) && id >= 0 && id <= 2 ** 31 - 1;
  if (!ok) throw new AppError(400, 'VALIDATION', 'cursor: is not a cursor this list gave out');
  return values;
}

const flightColumns = sql`f.id, f.user_id as "userId", f.drone_id as "droneId", f.flight_date as "flightDate", f.takeoff_time as "takeoffTime",
        f.flight_duration as "flightDuration", f.location, f.flight_type as "flightType", f.conditions, f.notes,
        f.created_at as "createdAt", f.updated_at as "updatedAt",
        d.name as "droneName", d.manufacturer as "droneManufacturer", d.model as "droneModel",
        d.custom_manufacturer as "droneCustomManufacturer", d.custom_model as "droneCustomModel",
        d.serial_number as "droneSerialNumber", d.unique_identifier as "droneUniqueIdentifier", d.retired_at is not null as "droneRetired"`;

/**
 * The page is cut from flight_logs alone, then joined to its drones: a planner without statistics
 * (PGlite never analyses by itself) then still walks flight_logs_user_list_idx for the first rows
 * instead of joining every flight of the user and sorting them. PostgreSQL builds the rows as one JSON array: a page arrives as one value instead of rows to convert
 * one by one (3 to 5 times faster on PGlite, where that conversion is the cost of the whole request).
 */
async function selectFlights(db: DbOrTx, where: SQL, limit: number | null = null, direction: 'asc' | 'desc' = 'desc'): Promise<FlightLogWithDrone[]> {
  const result = await db.execute<{ rows: string | null }>(sql`
    select json_agg(x)::text as rows from (
      select ${flightColumns}
      from (
        select * from ${flightLogs} f where ${where} order by ${orderBy(direction)} ${limit === null ? sql`` : sql`limit ${limit}`}
      ) f join ${drones} d on d.id = f.drone_id
      order by ${orderBy(direction)}
    ) x`);
  const json = result.rows[0]?.rows;
  return json ? (JSON.parse(json) as FlightLogWithDrone[]) : [];
}

const scope = (userId: string, after: CursorValues | null, direction: 'asc' | 'desc' = 'desc') =>
  after ? sql`f.user_id = ${userId} and ${afterCursor(KEY_COLUMNS, after, direction)}` : sql`f.user_id = ${userId}`;

/** One page, newest first: by date, then takeoff time (unknown last), then the order they were logged. */
export async function listFlightLogsPage(db: DbOrTx, userId: string, page: PageQuery) {
  const after = page.cursor ? readCursor(page.cursor) : null;
  const rows = await selectFlights(db, scope(userId, after), page.limit + 1);
  return pageOf(rows, page, keyOf);
}

/** Ids only, in the list's order: what "select all" needs, a page of thousands at a time. */
export async function listFlightLogIdsPage(db: DbOrTx, userId: string, page: PageQuery) {
  const after = page.cursor ? readCursor(page.cursor) : null;
  const result = await db.execute<{ id: number; flightDate: string; takeoffTime: string | null }>(sql`
    select f.id, f.flight_date::text as "flightDate", f.takeoff_time::text as "takeoffTime"
    from ${flightLogs} f
    where ${scope(userId, after)}
    order by ${orderBy('desc')}
    limit ${page.limit + 1}`);
  const { items, nextCursor } = pageOf(result.rows, page, keyOf);
  return { ids: items.map((r) => Number(r.id)), nextCursor };
}

/**
 * Every flight, oldest first, in batches of `batch` (the CSV export): the caller never holds more
 * than one batch, whatever the size of the logbook.
 */
export async function* allFlightLogsOldestFirst(db: DbOrTx, userId: string, batch = 2000): AsyncGenerator<FlightLogWithDrone[]> {
  let after: CursorValues | null = null;
  for (;;) {
    const rows = await selectFlights(db, scope(userId, after, 'asc'), batch, 'asc');
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = keyOf(rows[rows.length - 1]!);
  }
}

export async function findFlightLog(db: DbOrTx, userId: string, id: number) {
  const [row] = await selectFlights(db, sql`f.user_id = ${userId} and f.id = ${id}`);
  return row;
}

export async function findOwnLogRow(db: DbOrTx, userId: string, id: number, forUpdate = false) {
  const query = db.select().from(flightLogs).where(and(eq(flightLogs.id, id), eq(flightLogs.userId, userId))).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertFlightLog(db: DbOrTx, row: NewFlightLogRow) {
  const [created] = await db.insert(flightLogs).values(row).returning({ id: flightLogs.id });
  return created!;
}

/**
 * Many flights in one statement per 5,000: the rows travel as one JSON parameter, not twelve
 * parameters a row (an import of 10,000 flights is several times faster, most of all on PGlite).
 */
export async function insertFlightLogs(db: DbOrTx, rows: NewFlightLogRow[]) {
  for (let i = 0; i < rows.length; i += 5000) {
    const json = JSON.stringify(
      rows.slice(i, i + 5000).map((r) => ({
        user_id: r.userId,
        drone_id: r.droneId,
        flight_date: r.flightDate,
        takeoff_time: r.takeoffTime ?? null,
        flight_duration: r.flightDuration,
        location: r.location ?? null,
        flight_type: r.flightType ?? 'recreational',
        conditions: r.conditions ?? null,
        notes: r.notes ?? null,
        source: r.source ?? 'manual',
      })),
    );
    await db.execute(sql`
      insert into ${flightLogs} (user_id, drone_id, flight_date, takeoff_time, flight_duration, location, flight_type, conditions, notes, source)
      select user_id, drone_id, flight_date, takeoff_time, flight_duration, location, flight_type, conditions, notes, source
      from json_to_recordset(${json}::json) as x(user_id text, drone_id int, flight_date date, takeoff_time time, flight_duration int,
        location text, flight_type text, conditions text, notes text, source text)`);
  }
}

export async function updateFlightLog(db: DbOrTx, userId: string, id: number, set: Partial<NewFlightLogRow>) {
  const [row] = await db
    .update(flightLogs)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(flightLogs.id, id), eq(flightLogs.userId, userId)))
    .returning({ id: flightLogs.id });
  return row;
}

export async function deleteFlightLog(db: DbOrTx, userId: string, id: number) {
  const [row] = await db
    .delete(flightLogs)
    .where(and(eq(flightLogs.id, id), eq(flightLogs.userId, userId)))
    .returning({ id: flightLogs.id });
  return row;
}

export async function totals(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ minutes: sql<number>`coalesce(sum(${flightLogs.flightDuration}), 0)::int`, flights: sql<number>`count(*)::int` })
    .from(flightLogs)
    .where(eq(flightLogs.userId, userId));
  return { minutes: row?.minutes ?? 0, flights: row?.flights ?? 0 };
}

/** Minutes and flights per drone per month, for the logbook chart. */
export async function monthlyByDrone(db: DbOrTx, userId: string) {
  const month = sql<string>`to_char(${flightLogs.flightDate}, 'YYYY-MM')`;
  return db
    .select({
      droneId: flightLogs.droneId,
      month,
      minutes: sql<number>`sum(${flightLogs.flightDuration})::int`,
      flights: sql<number>`count(*)::int`,
    })
    .from(flightLogs)
    .where(eq(flightLogs.userId, userId))
    .groupBy(flightLogs.droneId, month)
    .orderBy(month);
}

/** How many flights already exist per (drone, date, takeoff time, duration): an import skips those. */
export async function existingFlightKeys(db: DbOrTx, userId: string, droneIds: number[]) {
  if (droneIds.length === 0) return [];
  return db
    .select({
      droneId: flightLogs.droneId,
      flightDate: flightLogs.flightDate,
      takeoffTime: flightLogs.takeoffTime,
      flightDuration: flightLogs.flightDuration,
      n: sql<number>`count(*)::int`,
    })
    .from(flightLogs)
    .where(and(eq(flightLogs.userId, userId), inArray(flightLogs.droneId, droneIds)))
    .groupBy(flightLogs.droneId, flightLogs.flightDate, flightLogs.takeoffTime, flightLogs.flightDuration);
}

/**
 * The caller's drone, locked FOR SHARE until the transaction ends: a deletion (FOR UPDATE on the same
 * row) waits for the flight being written, and a flight waits for a deletion in progress, then sees
 * the drone gone or retired. Another user's drone is not found.
 */
export async function lockDroneForFlight(tx: DbOrTx, userId: string, droneId: number) {
  const [row] = await tx
    .select({ id: drones.id, retired: sql<boolean>`${drones.retiredAt} is not null` })
    .from(drones)
    .where(and(eq(drones.id, droneId), eq(drones.userId, userId)))
    .limit(1)
    .for('share');
  return row;
}

/** Deletes those of `ids` that are the user's; returns how many. */
export async function deleteFlightLogs(db: DbOrTx, userId: string, ids: number[]) {
  const rows = await db
    .delete(flightLogs)
    .where(and(eq(flightLogs.userId, userId), inArray(flightLogs.id, ids)))
    .returning({ id: flightLogs.id });
  return rows.length;
}

/**
 * The bulk edit in one statement: only the fields given change; notes are appended (on a new line) or
 * replace. A flight whose notes would grow past `notesMax` is left as it was (counted as failed).
 */
export async function patchFlightLogs(
  db: DbOrTx,
  userId: string,
  ids: number[],
  set: { flightType?: FlightType; location?: string; conditions?: string; notes?: { text: string; append: boolean } },
  notesMax: number,
) {
  const notes = set.notes
    ? set.notes.append
      ? sql`case when ${flightLogs.notes} is null or ${flightLogs.notes} = '' then ${set.notes.text} else ${flightLogs.notes} || E'\n' || ${set.notes.text} end`
      : sql`${set.notes.text}`
    : null;
  const rows = await db
    .update(flightLogs)
    .set({
      ...(set.flightType ? { flightType: set.flightType } : {}),
      ...(set.location ? { location: set.location } : {}),
      ...(set.conditions ? { conditions: set.conditions } : {}),
      ...(notes ? { notes } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(flightLogs.userId, userId), inArray(flightLogs.id, ids), notes ? sql`char_length(${notes}) <= ${notesMax}` : undefined))
    .returning({ id: flightLogs.id });
  return rows.length;
}
