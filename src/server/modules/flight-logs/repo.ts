import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FlightType } from '../../../shared/flight-logs/contract.ts';
import type { DbOrTx } from '../../db/client.ts';
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
 * PostgreSQL builds the rows as one JSON array: thousands of flights arrive as one value instead of
 * thousands of rows to convert one by one (3 to 5 times faster on PGlite, where that conversion is the
 * cost of the whole request).
 */
async function selectFlights(db: DbOrTx, where: SQL): Promise<FlightLogWithDrone[]> {
  const result = await db.execute<{ rows: string | null }>(sql`
    select json_agg(x)::text as rows from (
      select f.id, f.user_id as "userId", f.drone_id as "droneId", f.flight_date as "flightDate", f.takeoff_time as "takeoffTime",
        f.flight_duration as "flightDuration", f.location, f.flight_type as "flightType", f.conditions, f.notes,
        f.created_at as "createdAt", f.updated_at as "updatedAt",
        d.name as "droneName", d.manufacturer as "droneManufacturer", d.model as "droneModel",
        d.custom_manufacturer as "droneCustomManufacturer", d.custom_model as "droneCustomModel",
        d.serial_number as "droneSerialNumber", d.unique_identifier as "droneUniqueIdentifier", d.retired_at is not null as "droneRetired"
      from ${flightLogs} f join ${drones} d on d.id = f.drone_id
      where ${where}
      order by f.flight_date desc, f.takeoff_time desc nulls last, f.id desc
    ) x`);
  const json = result.rows[0]?.rows;
  return json ? (JSON.parse(json) as FlightLogWithDrone[]) : [];
}

/** Newest first: by date, then takeoff time (unknown last), then the order they were logged. */
export async function listFlightLogs(db: DbOrTx, userId: string) {
  return selectFlights(db, sql`f.user_id = ${userId}`);
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
