import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, stripeEvents, userTiers } from '../../src/server/db/schema/index.ts';
import type { BillingStatus, CreateSubscriptionResponse } from '../../src/shared/billing.ts';
import type { Tier } from '../../src/shared/tiers.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { startStripeServer, stripeEnv, TEST_PRICES, type StripeServer } from '../support/stripe-server.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

let stripe: StripeServer;
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  stripe = await startStripeServer();
  t = await createTestApp(stripeEnv(stripe));
  // The same database without payments configured.
  off = await createTestApp({}, {}, { database: t.database });
});
afterAll(async () => {
  await off.close();
  await t.close();
  await stripe.close();
});

const call = (app: TestApp, u: SignedInUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.app.inject({ method, url, headers: { ...(u?.headers ?? {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });

const tierOf = async (userId: string): Promise<Tier> => (await t.db.select().from(userTiers).where(eq(userTiers.userId, userId)))[0]!.tier;
const billingRow = async (userId: string) => (await t.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)))[0];

async function subscribe(u: SignedInUser, priceId: string = TEST_PRICES.hobbyist): Promise<CreateSubscriptionResponse> {
  const res = await call(t, u, 'POST', '/api/create-subscription', { priceId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CreateSubscriptionResponse>();
}

const deliver = (event: { payload: string; header: string }) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, payload: event.payload });

/** A basic user who paid for `priceId`: Stripe marks the subscription active and the webhook arrives. */
async function paidUser(label: string, priceId: string = TEST_PRICES.hobbyist) {
  const u = await createUser(t, label, 'basic');
  const sub = await subscribe(u, priceId);
  stripe.setStatus(sub.subscriptionId, 'active');
  const res = await deliver(stripe.signedEvent('customer.subscription.updated', sub.subscriptionId));
  expect(res.statusCode, res.body).toBe(200);
  return { u, sub };
}

describe('signed out', () => {
  for (const [method, url] of [['GET', '/api/billing/status'], ['POST', '/api/create-subscription'], ['POST', '/api/user/upgrade-tier'], ['POST', '/api/billing/portal']] as const) {
    it(`${method} ${url} answers 401`, async () => {
      expect((await call(t, null, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(401);
    });
  }
});

describe('POST /api/create-subscription', () => {
  it('creates one customer and an incomplete subscription and returns the first payment client secret', async () => {
    const u = await createUser(t, 'sub-create', 'basic');
    const body = await subscribe(u);
    expect(body.status).toBe('incomplete');
    expect(body.clientSecret).toMatch(/_secret_/);
    const row = await billingRow(u.userId);
    expect(row?.customerId).toMatch(/^cus_/);
    expect(row?.subscriptionId).toBe(body.subscriptionId);
    // Nothing is granted before Stripe says the payment went through.
    expect(await tierOf(u.userId)).toBe('basic');
    const created = stripe.requests.filter((r) => r.path === '/v1/subscriptions' && r.method === 'POST').at(-1);
    expect(created?.params).toMatchObject({ customer: row?.customerId, items: [{ price: TEST_PRICES.hobbyist }], payment_behavior: 'default_incomplete' });
  });

  it('reuses the customer on a second attempt and drops the unpaid first subscription', async () => {
    const u = await createUser(t, 'sub-reuse', 'basic');
    const first = await subscribe(u);
    const customersBefore = stripe.customers.size;
    const second = await subscribe(u, TEST_PRICES.pro);
    expect(stripe.customers.size).toBe(customersBefore);
    expect(second.subscriptionId).not.toBe(first.subscriptionId);
    expect(stripe.subscriptions.get(first.subscriptionId)?.status).toBe('canceled');
    expect((await billingRow(u.userId))?.subscriptionId).toBe(second.subscriptionId);
  });

  it('refuses a price that is not one of the configured plans (400) and calls Stripe for nothing', async () => {
    const u = await createUser(t, 'sub-bad-price', 'basic');
    const before = stripe.requests.length;
    const res = await call(t, u, 'POST', '/api/create-subscription', { priceId: 'price_1PgafmB7WZ01zgkW6dKueIc5' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PRICE_NOT_IN_CATALOGUE' });
    expect(stripe.requests.length).toBe(before);
    expect(await billingRow(u.userId)).toBeUndefined();
  });

  it('refuses a malformed body with 400', async () => {
    const u = await createUser(t, 'sub-malformed', 'basic');
    expect((await call(t, u, 'POST', '/api/create-subscription', { priceId: 42 })).statusCode).toBe(400);
    expect((await call(t, u, 'POST', '/api/create-subscription', { priceId: 'x'.repeat(300) })).statusCode).toBe(400);
  });

  it('changes the plan of an active subscription by updating it, not stacking a second one', async () => {
    const { u, sub } = await paidUser('sub-change');
    expect(await tierOf(u.userId)).toBe('hobbyist');
    const subsBefore = stripe.subscriptions.size;
    const changed = await subscribe(u, TEST_PRICES.pro);
    expect(changed.subscriptionId).toBe(sub.subscriptionId);
    expect(stripe.subscriptions.size).toBe(subsBefore);
    const update = stripe.requests.filter((r) => r.path === `/v1/subscriptions/${sub.subscriptionId}` && r.method === 'POST').at(-1);
    expect(update?.params).toMatchObject({ proration_behavior: 'always_invoice' });
    expect(await tierOf(u.userId)).toBe('pro');
  });

  it('answers 503 with a clear message when payments are not configured', async () => {
    const u = await createUser(off, 'sub-off', 'basic');
    const res = await call(off, u, 'POST', '/api/create-subscription', { priceId: TEST_PRICES.hobbyist });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).toMatch(/not configured/);
  });

  it('refuses staff accounts', async () => {
    const u = await createUser(t, 'sub-admin', 'admin');
    expect((await call(t, u, 'POST', '/api/create-subscription', { priceId: TEST_PRICES.hobbyist })).statusCode).toBe(403);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('grants the plan tier when the subscription is active, and records the change', async () => {
    const { u } = await paidUser('hook-active');
    expect(await tierOf(u.userId)).toBe('hobbyist');
    const row = (await t.db.select().from(userTiers).where(eq(userTiers.userId, u.userId)))[0];
    expect(row?.updatedBy).toMatch(/^stripe: webhook customer\.subscription\.updated evt_/);
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const u = await createUser(t, 'hook-bad-sig', 'basic');
    const sub = await subscribe(u);
    stripe.setStatus(sub.subscriptionId, 'active');
    const forged = stripe.signedEvent('customer.subscription.updated', sub.subscriptionId, { secret: 'whsec_not_ours' });
    const res = await deliver(forged);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_SIGNATURE' });
    expect(await tierOf(u.userId)).toBe('basic');
    expect(await t.db.select().from(stripeEvents).where(eq(stripeEvents.id, forged.id))).toHaveLength(0);
    // A correctly signed body that was altered after signing is refused too.
    const good = stripe.signedEvent('customer.subscription.updated', sub.subscriptionId);
    const tampered = await deliver({ payload: good.payload.replace('"livemode":false', '"livemode":true'), header: good.header });
    expect(tampered.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: good.payload });
    expect(missing.statusCode).toBe(400);
    expect(await tierOf(u.userId)).toBe('basic');
  });

  it('acknowledges a replayed event and ignores it', async () => {
    const { u, sub } = await paidUser('hook-replay');
    const event = stripe.signedEvent('customer.subscription.deleted', sub.subscriptionId, { status: 'canceled' });
    // The first delivery finds the subscription still active at Stripe: the tier stays.
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: false });
    stripe.setStatus(sub.subscriptionId, 'canceled');
    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await tierOf(u.userId)).toBe('hobbyist');
  });

  it('resolves out-of-order events from the subscription state Stripe has now', async () => {
    const u = await createUser(t, 'hook-order', 'basic');
    const sub = await subscribe(u);
    const older = stripe.signedEvent('customer.subscription.created', sub.subscriptionId, { status: 'incomplete', created: 1000 });
    stripe.setStatus(sub.subscriptionId, 'active');
    const newer = stripe.signedEvent('customer.subscription.updated', sub.subscriptionId, { created: 2000 });
    await deliver(newer);
    expect(await tierOf(u.userId)).toBe('hobbyist');
    // The older "incomplete" event arrives late: Stripe still says active, the tier stays.
    expect((await deliver(older)).statusCode).toBe(200);
    expect(await tierOf(u.userId)).toBe('hobbyist');
    // An invoice event is resolved through its subscription the same way.
    expect((await deliver(stripe.signedEvent('invoice.paid', sub.subscriptionId))).statusCode).toBe(200);
    expect(await tierOf(u.userId)).toBe('hobbyist');
  });

  it('keeps the tier and flags past_due, then returns to basic when canceled', async () => {
    const { u, sub } = await paidUser('hook-past-due', TEST_PRICES.pro);
    expect(await tierOf(u.userId)).toBe('pro');
    stripe.setStatus(sub.subscriptionId, 'past_due');
    await deliver(stripe.signedEvent('invoice.payment_failed', sub.subscriptionId));
    expect(await tierOf(u.userId)).toBe('pro');
    const status = (await call(t, u, 'GET', '/api/billing/status')).json<BillingStatus>();
    expect(status.subscription).toEqual({ status: 'past_due', tier: 'pro', pastDue: true });
    stripe.setStatus(sub.subscriptionId, 'canceled');
    await deliver(stripe.signedEvent('customer.subscription.deleted', sub.subscriptionId));
    expect(await tierOf(u.userId)).toBe('basic');
    expect((await billingRow(u.userId))?.pastDue).toBe(false);
  });

  it('moves an unpaid subscription to basic', async () => {
    const { u, sub } = await paidUser('hook-unpaid');
    stripe.setStatus(sub.subscriptionId, 'unpaid');
    await deliver(stripe.signedEvent('customer.subscription.updated', sub.subscriptionId));
    expect(await tierOf(u.userId)).toBe('basic');
  });
});

describe('POST /api/user/upgrade-tier', () => {
  it('refuses a forged upgrade (no payment) with 403 and the spec text', async () => {
    const u = await createUser(t, 'upgrade-forged', 'basic');
    const res = await call(t, u, 'POST', '/api/user/upgrade-tier', { tier: 'business' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/^Failed to upgrade tier/);
    expect(await tierOf(u.userId)).toBe('basic');
  });

  it('refuses an upgrade to a tier other than the one paid for, and one whose payment is still incomplete', async () => {
    const { u } = await paidUser('upgrade-other');
    expect((await call(t, u, 'POST', '/api/user/upgrade-tier', { tier: 'pro' })).statusCode).toBe(403);
    const v = await createUser(t, 'upgrade-incomplete', 'basic');
    await subscribe(v);
    expect((await call(t, v, 'POST', '/api/user/upgrade-tier', { tier: 'hobbyist' })).statusCode).toBe(403);
    expect(await tierOf(v.userId)).toBe('basic');
  });

  it('grants an upgrade when Stripe confirms the active subscription before the webhook arrives', async () => {
    const u = await createUser(t, 'upgrade-confirmed', 'basic');
    const sub = await subscribe(u);
    stripe.setStatus(sub.subscriptionId, 'active');
    const res = await call(t, u, 'POST', '/api/user/upgrade-tier', { tier: 'hobbyist' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tier: 'hobbyist', result: 'changed' });
    expect(await tierOf(u.userId)).toBe('hobbyist');
  });

  it('downgrades to basic without payment by cancelling the subscription', async () => {
    const { u, sub } = await paidUser('downgrade-basic', TEST_PRICES.pro);
    const res = await call(t, u, 'POST', '/api/user/upgrade-tier', { tier: 'basic' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tier: 'basic', result: 'changed' });
    expect(stripe.subscriptions.get(sub.subscriptionId)?.status).toBe('canceled');
    expect(await tierOf(u.userId)).toBe('basic');
  });

  it('downgrades to a lower paid plan by changing the subscription price', async () => {
    const { u, sub } = await paidUser('downgrade-paid', TEST_PRICES.pro);
    const res = await call(t, u, 'POST', '/api/user/upgrade-tier', { tier: 'hobbyist' });
    expect(res.json()).toEqual({ tier: 'hobbyist', result: 'changed' });
    const item = (stripe.subscriptions.get(sub.subscriptionId)?.items as { data: { price: { id: string } }[] }).data[0];
    expect(item?.price.id).toBe(TEST_PRICES.hobbyist);
  });

  it('refuses an unknown tier and staff tiers with 400, and staff accounts with 403', async () => {
    const u = await createUser(t, 'upgrade-bad', 'basic');
    expect((await call(t, u, 'POST', '/api/user/upgrade-tier', { tier: 'admin' })).statusCode).toBe(400);
    expect((await call(t, u, 'POST', '/api/user/upgrade-tier', { tier: 'gold' })).statusCode).toBe(400);
    const staff = await createUser(t, 'upgrade-staff', 'developer');
    expect((await call(t, staff, 'POST', '/api/user/upgrade-tier', { tier: 'basic' })).statusCode).toBe(403);
    expect(await tierOf(staff.userId)).toBe('developer');
  });

  it('without payments: an upgrade is refused, a downgrade needs no payment', async () => {
    const u = await createUser(off, 'off-tiers', 'pro');
    expect((await call(off, u, 'POST', '/api/user/upgrade-tier', { tier: 'business' })).statusCode).toBe(403);
    const res = await call(off, u, 'POST', '/api/user/upgrade-tier', { tier: 'hobbyist' });
    expect(res.json()).toEqual({ tier: 'hobbyist', result: 'changed' });
    expect(await tierOf(u.userId)).toBe('hobbyist');
  });
});

describe('billing status and portal', () => {
  it('tells the page whether payments are configured and which prices exist', async () => {
    const u = await createUser(t, 'status', 'basic');
    const on = (await call(t, u, 'GET', '/api/billing/status')).json<BillingStatus>();
    expect(on).toMatchObject({ configured: true, publishableKey: 'pk_test_drone_doctor_local', subscription: null, canManage: false });
    expect(on.prices.map((p) => p.tier)).toEqual(['hobbyist', 'pro', 'business', 'business_pro']);
    const v = await createUser(off, 'status-off', 'basic');
    expect((await call(off, v, 'GET', '/api/billing/status')).json()).toMatchObject({ configured: false, prices: [], canManage: false });
  });

  it('opens a customer portal session for a paying user; none without a customer', async () => {
    const { u } = await paidUser('portal');
    const res = await call(t, u, 'POST', '/api/billing/portal');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ url: string }>().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const v = await createUser(t, 'portal-none', 'basic');
    expect((await call(t, v, 'POST', '/api/billing/portal')).statusCode).toBe(404);
  });
});
