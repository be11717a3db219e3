import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * One Stripe customer per user, reused for every subscription, and the last state of the user's current
 * subscription as Stripe reported it (the tier itself lives in user_tiers and follows this state).
 */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  subscriptionId: text('subscription_id'),
  subscriptionStatus: text('subscription_status'),
  priceId: text('price_id'),
  /** past_due: the tier is kept and a banner asks the user to fix the payment. */
  pastDue: boolean('past_due').notNull().default(false),
  /**
   * Pilot seats (ADR 0041): a change of the team bumps `seats_generation` inside its own transaction;
   * the Stripe call runs after the commit and, once Stripe has the quantity, sets
   * `seats_synced_generation` to the generation it synced. generation > synced is the durable "seat
   * quantity out of date" marker a failed call leaves behind for the reconciler.
   */
  seatsGeneration: integer('seats_generation').notNull().default(0),
  seatsSyncedGeneration: integer('seats_synced_generation').notNull().default(0),
  /** The extra-seat quantity Stripe last confirmed on the subscription. */
  seatQuantity: integer('seat_quantity').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each webhook event id once: a replay is acknowledged and ignored. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
