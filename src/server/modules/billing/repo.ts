import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingCustomers, stripeEvents, userTiers } from '../../db/schema/index.ts';

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
