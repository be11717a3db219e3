import type { StripeConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PaymentsProvider, SubscriptionState } from '../../providers/payments/stripe-payments.ts';
import { createStripePayments } from '../../providers/payments/stripe-payments.ts';
import { extraSeats, isLive, tierForPrice } from './policy.ts';
import * as repo from './repo.ts';

/** A few rounds settle a race between two syncs of one business; more would hide a fault. */
const MAX_ROUNDS = 3;
/** How often the reconciler looks for seat quantities Stripe does not have yet. */
export const SEAT_RECONCILE_MS = 5 * 60_000;
const RECONCILE_BATCH = 50;

export interface SeatBillingDeps {
  db: Db;
  stripe: StripeConfig | null;
  payments: PaymentsProvider | null;
  log: (message: string, error?: unknown) => void;
}

export type SeatSyncResult = 'synced' | 'unchanged' | 'not-billed' | 'failed';

/**
 * Extra pilot seats as a quantity on the business subscription (ADR 0041). The business module calls
 * `markChanged` inside the transaction that seats or removes a pilot (a database write only) and `sync`
 * after the commit; the Stripe call never runs inside a transaction. A failed call leaves the durable
 * marker (generation > synced generation), which the next change, the subscription's next webhook or
 * the periodic reconciler clears by syncing again. The quantity is always recomputed from the team as
 * it is now, so a retry can never apply a stale delta.
 */
export function createSeatBilling({ db, stripe, payments, log }: SeatBillingDeps) {
  const seatPrice = stripe?.seatPrice;

  async function desiredFor(userId: string, state: SubscriptionState): Promise<number> {
    if (!stripe || !isLive(state.status)) return 0;
    return extraSeats(tierForPrice(stripe.prices, state.priceId), await repo.pilotCountOfAdministrator(db, userId));
  }

  /** Brings Stripe's seat quantity to the team's size; `known` spares a read when the caller has the state. */
  async function syncUser(userId: string, known?: SubscriptionState): Promise<SeatSyncResult> {
    let state = known ?? null;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const row = await repo.findByUser(db, userId);
      if (!row) return 'not-billed';
      const generation = row.seatsGeneration;
      if (!payments || !seatPrice || !row.subscriptionId) {
        await repo.seatsSynced(db, userId, generation, row.seatQuantity);
        return 'not-billed';
      }
      try {
        if (!state || state.id !== row.subscriptionId) state = await payments.retrieveSubscription(row.subscriptionId);
        // No live subscription: nothing to bill now; its activation (a webhook) syncs again.
        if (!state || !isLive(state.status)) {
          await repo.seatsSynced(db, userId, generation, 0);
          return 'not-billed';
        }
        const desired = await desiredFor(userId, state);
        const changed = desired !== state.seatQuantity;
        if (changed) state = await payments.setSeatQuantity(state, seatPrice, desired);
        // Read the team again after Stripe answered: if another sync wrote an older quantity last, or the
        // team changed meanwhile, go round again so the last write to Stripe is always checked.
        if ((await desiredFor(userId, state)) === state.seatQuantity) {
          await repo.seatsSynced(db, userId, generation, state.seatQuantity);
          return changed ? 'synced' : 'unchanged';
        }
        state = null;
      } catch (error) {
        log('seat quantity not sent to Stripe; it stays marked out of date', error);
        return 'failed';
      }
    }
    log('seat quantity still moving after several rounds; the reconciler will finish it');
    return 'failed';
  }

  return {
    /** In the team change's transaction: this business's seat quantity is out of date. */
    markChanged: (tx: DbOrTx, businessProfileId: string) => repo.markSeatsChanged(tx, businessProfileId),

    /** After the commit: sends the business's seat quantity to Stripe; never throws (the marker stays). */
    async sync(businessProfileId: string): Promise<SeatSyncResult> {
      const userId = await repo.administratorOf(db, businessProfileId);
      const row = userId ? await repo.findByUser(db, userId) : undefined;
      // Only a marked change needs Stripe (an administrator without a billing account has no marker).
      if (!userId || !row || row.seatsGeneration <= row.seatsSyncedGeneration) return 'unchanged';
      return syncUser(userId);
    },

    syncUser,

    /** The retry path: every business whose quantity Stripe does not have yet. */
    async reconcile(): Promise<SeatSyncResult[]> {
      const users = await repo.staleSeatUsers(db, RECONCILE_BATCH);
      const results: SeatSyncResult[] = [];
      for (const userId of users) results.push(await syncUser(userId));
      return results;
    },
  };
}

export type SeatBilling = ReturnType<typeof createSeatBilling>;

/** The seat billing the business module calls (its own SDK client; both talk to the same Stripe). */
export function seatBillingFor(deps: { db: Db; config: { stripe: StripeConfig | null }; log: SeatBillingDeps['log'] }): SeatBilling {
  const { stripe } = deps.config;
  return createSeatBilling({ db: deps.db, stripe, payments: stripe ? createStripePayments(stripe) : null, log: deps.log });
}
