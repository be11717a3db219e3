import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingCustomers, businessProfiles, stripeEvents, userTiers } from '../../db/schema/index.ts';

export type BillingRow = typeof billingCustomers.$inferSelect;

export async function findByUser(db: DbOrTx, userId: string): Promise<BillingRow | undefined> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId));
  return row;
}

export async function findByCustomer(db: DbOrTx, customerId: string): Promise<BillingRow | undefined> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.customerId, customerId));
  return row;
}

/** Keeps the first customer of a user when two requests race (the other's id is the same by idempotency). */
export async function insertCustomer(db: DbOrTx, userId: string, customerId: string) {
  await db.insert(billingCustomers).values({ userId, customerId }).onConflictDoNothing();
}

export async function saveSubscription(
  db: DbOrTx,
  userId: string,
  state: { subscriptionId: string; status: string; priceId: string | null; pastDue: boolean },
) {
  await db
    .update(billingCustomers)
    .set({ subscriptionId: state.subscriptionId, subscriptionStatus: state.status, priceId: state.priceId, pastDue: state.pastDue, updatedAt: new Date() })
    .where(eq(billingCustomers.userId, userId));
}

export async function storedTier(db: DbOrTx, userId: string) {
  const [row] = await db.select({ tier: userTiers.tier, email: userTiers.email }).from(userTiers).where(eq(userTiers.userId, userId));
  return row;
}

export async function eventSeen(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return row !== undefined;
}

/** True when this call recorded the event (false: another delivery got there first). */
export async function recordEvent(db: DbOrTx, id: string, type: string): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/**
 * Inside the transaction that changes a business's team: the administrator's seat quantity is now out of
 * date (a no-op when the administrator has no billing account). No network call here (ADR 0041).
 */
export async function markSeatsChanged(db: DbOrTx, businessProfileId: string) {
  await db
    .update(billingCustomers)
    .set({ seatsGeneration: sql`${billingCustomers.seatsGeneration} + 1` })
    .where(eq(billingCustomers.userId, sql`(select ${businessProfiles.administratorUserId} from ${businessProfiles} where ${businessProfiles.id} = ${businessProfileId})`));
}

/** The administrator of a business (the user whose subscription carries its seats). */
export async function administratorOf(db: DbOrTx, businessProfileId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: businessProfiles.administratorUserId }).from(businessProfiles).where(eq(businessProfiles.id, businessProfileId));
  return row?.userId;
}

/** Pilots seated in the business this user administers (0 without one); the trigger keeps the count. */
export async function pilotCountOfAdministrator(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: businessProfiles.pilotCount }).from(businessProfiles).where(eq(businessProfiles.administratorUserId, userId));
  return row?.n ?? 0;
}

/** Stripe has the quantity as of `generation`: clears the marker unless a newer change came meanwhile. */
export async function seatsSynced(db: DbOrTx, userId: string, generation: number, quantity: number) {
  await db
    .update(billingCustomers)
    .set({ seatsSyncedGeneration: generation, seatQuantity: quantity })
    .where(and(eq(billingCustomers.userId, userId), lt(billingCustomers.seatsSyncedGeneration, generation + 1)));
}

/** Administrators whose seat quantity Stripe does not have yet (a failed or interrupted call). */
export async function staleSeatUsers(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(gt(billingCustomers.seatsGeneration, billingCustomers.seatsSyncedGeneration))
    .limit(limit);
  return rows.map((r) => r.userId);
}
