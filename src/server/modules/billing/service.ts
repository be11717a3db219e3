import type { StripeConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { PaymentsProvider, SubscriptionState } from '../../providers/payments/stripe-payments.ts';
import { isPaidTier, PAID_TIERS, tierRank, type BillingStatus, type CreateSubscriptionResponse, type PaidTier, type UpgradeTierResponse } from '../../../shared/billing.ts';
import type { Tier } from '../../../shared/tiers.ts';
import type { AccountService } from '../account/service.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { isLive, isManagedByStaff, tierDecision, tierForPrice } from './policy.ts';
import * as repo from './repo.ts';
import type { SeatBilling } from './seats.ts';

const notConfigured = () => new AppError(503, 'PAYMENTS_NOT_CONFIGURED', 'Payments are not configured. Tiers are assigned by staff in User Management.');
const staffRefused = () => new AppError(403, 'ADMIN_ACCOUNT', 'Admin Account: staff tiers are assigned in User Management, not bought.');

export interface BillingDeps {
  db: Db;
  accounts: AccountService;
  stripe: StripeConfig | null;
  payments: PaymentsProvider | null;
  /** Extra pilot seats on a business subscription (ADR 0041). */
  seats: SeatBilling;
  publicUrl: string;
}

/**
 * Plans and payments (issue 12). Every Stripe call happens before or after the database writes, never
 * inside a transaction, and the tier only ever follows a subscription state read from Stripe.
 */
export function createBillingService({ db, accounts, stripe, payments, seats, publicUrl }: BillingDeps) {
  const prices = stripe?.prices ?? {};

  function configured(): PaymentsProvider {
    if (!payments || !stripe) throw notConfigured();
    return payments;
  }

  /**
   * Applies a subscription state Stripe just reported to the user it belongs to. A terminal state of a
   * subscription that is no longer the user's current one (replaced by a newer one) changes nothing.
   */
  async function applyState(userId: string, state: SubscriptionState, reason: string): Promise<Tier | null> {
    const row = await repo.findByUser(db, userId);
    if (!row) return null;
    const isCurrent = !row.subscriptionId || row.subscriptionId === state.id;
    if (!isCurrent && !isLive(state.status)) return null;
    // A live subscription replaces an older one only if the older one is not live any more.
    if (!isCurrent && row.subscriptionStatus && isLive(row.subscriptionStatus) && row.subscriptionStatus !== 'past_due' && state.status === 'incomplete') return null;
    const decision = tierDecision(state.status, tierForPrice(prices, state.priceId));
    await repo.saveSubscription(db, userId, { subscriptionId: state.id, status: state.status, priceId: state.priceId, pastDue: decision.pastDue });
    // A plan that just became live (or changed) bills the team's extra seats as they are now.
    if (isLive(state.status)) await seats.syncUser(userId, state);
    const stored = await repo.storedTier(db, userId);
    if (!stored || isManagedByStaff(stored.tier) || decision.tier === null || decision.tier === stored.tier) return stored?.tier ?? null;
    await accounts.setTier(userId, decision.tier, `stripe: ${reason} (subscription ${state.id} ${state.status})`);
    return decision.tier;
  }

  async function customerFor(user: CurrentUser, provider: PaymentsProvider): Promise<string> {
    const existing = await repo.findByUser(db, user.id);
    if (existing) return existing.customerId;
    const customerId = await provider.createCustomer({ id: user.id, email: user.email });
    await repo.insertCustomer(db, user.id, customerId);
    const row = await repo.findByUser(db, user.id);
    if (!row) throw notFound('User');
    return row.customerId;
  }

  /** The user's current subscription as Stripe has it now (null: none, or Stripe forgot it). */
  async function currentSubscription(userId: string, provider: PaymentsProvider): Promise<SubscriptionState | null> {
    const row = await repo.findByUser(db, userId);
    if (!row?.subscriptionId) return null;
    return provider.retrieveSubscription(row.subscriptionId);
  }

  return {
    async status(user: CurrentUser): Promise<BillingStatus> {
      const row = await repo.findByUser(db, user.id);
      return {
        configured: stripe !== null,
        publishableKey: stripe?.publishableKey ?? null,
        prices: PAID_TIERS.flatMap((tier) => (prices[tier] ? [{ tier, priceId: prices[tier] }] : [])),
        subscription:
          row?.subscriptionId && row.subscriptionStatus
            ? { status: row.subscriptionStatus, tier: tierForPrice(prices, row.priceId), pastDue: row.pastDue }
            : null,
        canManage: stripe !== null && row !== undefined,
      };
    },

    async createSubscription(user: CurrentUser, priceId: string): Promise<CreateSubscriptionResponse> {
      const provider = configured();
      const tier = tierForPrice(prices, priceId);
      if (!tier) throw new AppError(400, 'PRICE_NOT_IN_CATALOGUE', 'This price is not one of our plans. Choose a plan on the pricing page.');
      if (isManagedByStaff(user.originalTier)) throw staffRefused();
      const customerId = await customerFor(user, provider);
      const current = await currentSubscription(user.id, provider);
      if (current && isLive(current.status)) {
        if (current.priceId === priceId) throw new AppError(409, 'ALREADY_ON_PLAN', 'You are already subscribed to this plan.');
        // A plan change updates the one subscription (prorated), never stacks a second one.
        const changed = await provider.changePrice(current, priceId);
        await applyState(user.id, changed, 'plan change');
        return { clientSecret: changed.clientSecret, subscriptionId: changed.id, status: changed.status };
      }
      // An unpaid first attempt is dropped so the user never holds two subscriptions.
      if (current && current.status === 'incomplete') await provider.cancelSubscription(current.id);
      const created = await provider.createSubscription(customerId, priceId, user.id);
      await repo.saveSubscription(db, user.id, { subscriptionId: created.id, status: created.status, priceId: created.priceId, pastDue: false });
      if (created.status !== 'incomplete') await applyState(user.id, created, 'subscription created');
      return { clientSecret: created.clientSecret, subscriptionId: created.id, status: created.status };
    },

    async changeTier(user: CurrentUser, target: 'basic' | PaidTier): Promise<UpgradeTierResponse> {
      const from = user.originalTier;
      if (isManagedByStaff(from)) throw staffRefused();
      if (target === from) return { tier: target, result: 'unchanged' };
      const downgrade = tierRank(target) < tierRank(from);
      if (downgrade) {
        // A downgrade needs no payment: the subscription is cancelled or moved down, the tier follows.
        const current = payments ? await currentSubscription(user.id, payments) : null;
        if (!payments || !current || !isLive(current.status)) {
          await accounts.setTier(user.id, target, `user downgrade from ${from}`);
          return { tier: target, result: 'changed' };
        }
        let next: SubscriptionState;
        if (target === 'basic') next = await payments.cancelSubscription(current.id);
        else {
          const price = prices[target];
          if (!price) throw new AppError(400, 'PLAN_NOT_AVAILABLE', `The ${target} plan has no price configured.`);
          next = await payments.changePrice(current, price);
        }
        const after = (await applyState(user.id, next, `user downgrade from ${from}`)) ?? from;
        // Not staff or enterprise (refused above), so the tier is on the paid order.
        const tier = after === 'basic' || isPaidTier(after) ? after : 'basic';
        return { tier, result: tier === target ? 'changed' : 'pending' };
      }
      // An upgrade only on Stripe's word: the current subscription, read now, is active for that tier.
      if (!payments) throw new AppError(403, 'UPGRADE_NOT_PAID', 'Failed to upgrade tier: payments are not configured; tiers are assigned in User Management.');
      const current = await currentSubscription(user.id, payments);
      if (!current || (current.status !== 'active' && current.status !== 'trialing') || tierForPrice(prices, current.priceId) !== target) {
        throw new AppError(403, 'UPGRADE_NOT_PAID', 'Failed to upgrade tier: Stripe has no active subscription for this plan.');
      }
      await applyState(user.id, current, 'upgrade confirmed with Stripe');
      return { tier: target, result: 'changed' };
    },

    async portalUrl(user: CurrentUser): Promise<string> {
      const provider = configured();
      const row = await repo.findByUser(db, user.id);
      if (!row) throw new AppError(404, 'NO_BILLING_ACCOUNT', 'You have no billing account yet: choose a plan first.');
      return provider.createPortalSession(row.customerId, `${publicUrl}/pricing`);
    },

    /** A verified webhook: handled once, by reading the subscription's current state from Stripe. */
    async handleWebhook(rawBody: Buffer, signature: string): Promise<{ received: boolean; duplicate: boolean }> {
      const provider = configured();
      let event;
      try {
        event = provider.verifyEvent(rawBody, signature);
      } catch {
        throw new AppError(400, 'BAD_SIGNATURE', 'The webhook signature does not match.');
      }
      if (await repo.eventSeen(db, event.id)) return { received: true, duplicate: true };
      if (event.subscriptionId) {
        // Out-of-order deliveries resolve themselves: whatever the event says, the state is Stripe's now.
        const state = await provider.retrieveSubscription(event.subscriptionId);
        const row = state ? await repo.findByCustomer(db, state.customerId) : undefined;
        if (state && row) await applyState(row.userId, state, `webhook ${event.type} ${event.id}`);
      }
      const first = await repo.recordEvent(db, event.id, event.type);
      return { received: true, duplicate: !first };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
