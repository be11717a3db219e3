import { and, asc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { drones, flightLogs } from '../../db/schema/index.ts';

export type DroneRow = typeof drones.$inferSelect;
export type NewDroneRow = typeof drones.$inferInsert;

/** Any fixed number: the first key of the per-user advisory lock every drone change takes. */
const DRONE_LOCK_CLASS = 727_002;

/**
 * Serialises the drone changes of one user (create under the limit, set primary, delete) across every
 * app process: the lock is PostgreSQL's and ends with the transaction.
 */
export async function lockUserDrones(tx: DbOrTx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${DRONE_LOCK_CLASS}, hashtext(${userId}))`);
}

const flightTotals = (db: DbOrTx) =>
  db
    .select({
      droneId: flightLogs.droneId,
      flightCount: sql<number>`count(*)::int`.as('flight_count'),
      loggedMinutes: sql<number>`coalesce(sum(${flightLogs.flightDuration}), 0)::int`.as('logged_minutes'),
    })
    .from(flightLogs)
    .groupBy(flightLogs.droneId)
    .as('flight_totals');

/** The user's drones in the list (not retired), with their logbook totals. */
export async function listDrones(db: DbOrTx, userId: string) {
  const totals = flightTotals(db);
  return db
    .select({ drone: drones, flightCount: totals.flightCount, loggedMinutes: totals.loggedMinutes })
    .from(drones)
    .leftJoin(totals, eq(totals.droneId, drones.id))
    .where(and(eq(drones.userId, userId), isNull(drones.retiredAt)))
    .orderBy(sql`${drones.isPrimary} desc`, asc(drones.createdAt), asc(drones.id));
}

export async function findDroneWithTotals(db: DbOrTx, userId: string, id: number) {
  const totals = flightTotals(db);
  const [row] = await db
    .select({ drone: drones, flightCount: totals.flightCount, loggedMinutes: totals.loggedMinutes })
    .from(drones)
    .leftJoin(totals, eq(totals.droneId, drones.id))
    .where(and(eq(drones.id, id), eq(drones.userId, userId), isNull(drones.retiredAt)))
    .limit(1);
  return row;
}

/** The user's own drone in the list; another user's or a retired one is not found. */
export async function findActiveDrone(db: DbOrTx, userId: string, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(drones)
    .where(and(eq(drones.id, id), eq(drones.userId, userId), isNull(drones.retiredAt)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The user's own drone, retired or not (a flight may keep referring to a retired one). */
export async function findOwnDrone(db: DbOrTx, userId: string, id: number) {
  const [row] = await db.select().from(drones).where(and(eq(drones.id, id), eq(drones.userId, userId))).limit(1);
  return row;
}

export async function countActiveDrones(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(drones)
    .where(and(eq(drones.userId, userId), isNull(drones.retiredAt)));
  return row?.n ?? 0;
}

export async function hasPrimary(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: drones.id })
    .from(drones)
    .where(and(eq(drones.userId, userId), eq(drones.isPrimary, true)))
    .limit(1);
  return row !== undefined;
}

/** Whether another active (not retired) drone of the user matches every condition. */
async function activeDroneMatches(db: DbOrTx, userId: string, conditions: SQL[], exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: drones.id })
    .from(drones)
    .where(and(eq(drones.userId, userId), ...conditions, isNull(drones.retiredAt), exceptId === undefined ? undefined : ne(drones.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export function identifierTaken(db: DbOrTx, userId: string, uniqueIdentifier: string, exceptId?: number): Promise<boolean> {
  return activeDroneMatches(db, userId, [eq(drones.uniqueIdentifier, uniqueIdentifier)], exceptId);
}

/** Whether another active drone of the user has this serial from the same maker (case-insensitive, as the index; 'Unknown' never clashes). */
export async function serialTaken(
  db: DbOrTx,
  userId: string,
  drone: { manufacturer: string; customManufacturer: string | null; serialNumber: string },
  exceptId?: number,
): Promise<boolean> {
  if (drone.serialNumber.toLowerCase() === 'unknown') return false;
  return activeDroneMatches(
    db,
    userId,
    [
      eq(drones.manufacturer, drone.manufacturer),
      sql`lower(coalesce(${drones.customManufacturer}, '')) = lower(${drone.customManufacturer ?? ''})`,
      sql`lower(${drones.serialNumber}) = lower(${drone.serialNumber})`,
    ],
    exceptId,
  );
}

export async function insertDrone(db: DbOrTx, row: NewDroneRow): Promise<DroneRow> {
  const [created] = await db.insert(drones).values(row).returning();
  return created!;
}

export async function updateDrone(db: DbOrTx, userId: string, id: number, set: Partial<NewDroneRow>) {
  const [row] = await db
    .update(drones)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(drones.id, id), eq(drones.userId, userId)))
    .returning();
  return row;
}

/** Two statements, not one: the partial unique index is checked row by row, so clear first. */
export async function makePrimary(db: DbOrTx, userId: string, id: number) {
  await db
    .update(drones)
    .set({ isPrimary: false, updatedAt: new Date() })
    .where(and(eq(drones.userId, userId), eq(drones.isPrimary, true), ne(drones.id, id)));
  await db
    .update(drones)
    .set({ isPrimary: true, updatedAt: new Date() })
    .where(and(eq(drones.id, id), eq(drones.userId, userId)));
}

export async function countFlightsOfDrone(db: DbOrTx, droneId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(flightLogs).where(eq(flightLogs.droneId, droneId));
  return row?.n ?? 0;
}

export async function deleteDrone(db: DbOrTx, id: number) {
  await db.delete(drones).where(eq(drones.id, id));
}

export async function retireDrone(db: DbOrTx, id: number) {
  await db.update(drones).set({ retiredAt: new Date(), isPrimary: false, updatedAt: new Date() }).where(eq(drones.id, id));
}

/** The drone that takes over as primary: the earliest added of those left. */
export async function oldestActiveDrone(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: drones.id })
    .from(drones)
    .where(and(eq(drones.userId, userId), isNull(drones.retiredAt)))
    .orderBy(asc(drones.createdAt), asc(drones.id))
    .limit(1);
  return row;
}

/** Every drone of the user, retired ones too: the import matches flights to them. */
export async function allDronesOf(db: DbOrTx, userId: string) {
  return db.select().from(drones).where(eq(drones.userId, userId)).orderBy(asc(drones.id));
}
