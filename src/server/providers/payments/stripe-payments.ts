import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';

/** What the billing module needs to know of a subscription, read from Stripe's own answer. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  status: string;
  /** The price of the plan item (the first item that is not the seat price); null without items. */
  priceId: string | null;
  itemId: string | null;
  /** The extra pilot seats item (ADR 0041), if the subscription has one, and its quantity (0 without). */
  seatItemId: string | null;
  seatQuantity: number;
  /** The first payment's client secret while the subscription waits for it. */
  clientSecret: string | null;
}

export interface VerifiedEvent {
  id: string;
  type: string;
  /** The subscription the event is about, if any (subscription and invoice events). */
  subscriptionId: string | null;
}

/** The one place the product talks to Stripe (DESIGN §4 "Payments"). */
export interface PaymentsProvider {
  createCustomer(user: { id: string; email: string }): Promise<string>;
  createSubscription(customerId: string, priceId: string, userId: string): Promise<SubscriptionState>;
  changePrice(subscription: SubscriptionState, priceId: string): Promise<SubscriptionState>;
  retrieveSubscription(id: string): Promise<SubscriptionState | null>;
  cancelSubscription(id: string): Promise<SubscriptionState>;
  /** Sets the quantity of the seat price on the subscription (0 removes the item), prorated. */
  setSeatQuantity(subscription: SubscriptionState, seatPrice: string, quantity: number): Promise<SubscriptionState>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Throws when the signature does not match the raw body (or no webhook secret is configured). */
  verifyEvent(rawBody: Buffer, signature: string): VerifiedEvent;
}

const idOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'id' in value && typeof value.id === 'string') return value.id;
  return null;
};

function readState(sub: Stripe.Subscription, seatPrice: string | undefined): SubscriptionState {
  // The seat item sits beside the plan item on a business subscription; either may come first.
  const item = sub.items.data.find((i) => i.price.id !== seatPrice);
  const seats = seatPrice ? sub.items.data.find((i) => i.price.id === seatPrice) : undefined;
  const invoice = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    priceId: item?.price.id ?? null,
    itemId: item?.id ?? null,
    seatItemId: seats?.id ?? null,
    seatQuantity: seats?.quantity ?? 0,
    clientSecret: invoice?.confirmation_secret?.client_secret ?? null,
  };
}

/** The subscription an event is about: the object itself, or the subscription of an invoice. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const object: unknown = event.data.object;
  if (!object || typeof object !== 'object') return null;
  const record = object as Record<string, unknown>;
  if (record.object === 'subscription') return idOf(record.id);
  if (record.object === 'invoice') {
    const parent = record.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    return idOf(parent?.subscription_details?.subscription) ?? idOf(record.subscription);
  }
  return null;
}

export function createStripePayments(config: StripeConfig): PaymentsProvider {
  const url = new URL(config.apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 1,
    timeout: 15_000,
  });
  const expand = ['latest_invoice.confirmation_secret'];
  const stateOf = (sub: Stripe.Subscription) => readState(sub, config.seatPrice);

  return {
    async createCustomer(user) {
      // The idempotency key makes two racing first payments of one user share one customer.
      const customer = await stripe.customers.create(
        { email: user.email, metadata: { userId: user.id } },
        { idempotencyKey: `customer-for-user-${user.id}` },
      );
      return customer.id;
    },

    async createSubscription(customerId, priceId, userId) {
      const sub = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceId }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId },
        expand,
      });
      return stateOf(sub);
    },

    async changePrice(subscription, priceId) {
      const sub = await stripe.subscriptions.update(subscription.id, {
        items: [subscription.itemId ? { id: subscription.itemId, price: priceId } : { price: priceId }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        expand,
      });
      return stateOf(sub);
    },

    async retrieveSubscription(id) {
      try {
        return stateOf(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },

    async cancelSubscription(id) {
      return stateOf(await stripe.subscriptions.cancel(id));
    },

    async setSeatQuantity(subscription, seatPrice, quantity) {
      const item: Stripe.SubscriptionUpdateParams.Item = subscription.seatItemId
        ? quantity > 0
          ? { id: subscription.seatItemId, quantity }
          : { id: subscription.seatItemId, deleted: true }
        : { price: seatPrice, quantity };
      // Seats added or removed mid-period are prorated onto the next invoice, not charged at once.
      const sub = await stripe.subscriptions.update(subscription.id, { items: [item], proration_behavior: 'create_prorations', expand });
      return stateOf(sub);
    },

    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    verifyEvent(rawBody, signature) {
      if (!config.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not configured');
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      return { id: event.id, type: event.type, subscriptionId: subscriptionIdOf(event) };
    },
  };
}
