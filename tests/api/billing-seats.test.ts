import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingCustomers, mailOutbox } from '../../src/server/db/schema/index.ts';
import { loadConfig } from '../../src/server/config.ts';
import { createSeatBilling } from '../../src/server/modules/billing/seats.ts';
import { createStripePayments } from '../../src/server/providers/payments/stripe-payments.ts';
import type { CreateSubscriptionResponse } from '../../src/shared/billing.ts';
import type { SetupResponse } from '../../src/shared/business.ts';
import { firstUrl } from '../support/e2e/smtp-server.ts';
import { createUser, type SignedInUser } from '../support/factories.ts';
import { startStripeServer, stripeEnv, TEST_PRICES, type StripeServer } from '../support/stripe-server.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Extra pilot seats (ADR 0041): the business plan includes 2 pilots; each further pilot is a seat of
 * STRIPE_PRICE_BUSINESS_SEAT on the same subscription, its quantity sent to Stripe after the team change
 * commits, and a failed call is retried by the next change, the next webhook or the reconciler.
 */
let stripe: StripeServer;
let t: TestApp;
beforeAll(async () => {
  stripe = await startStripeServer();
  t = await createTestApp(stripeEnv(stripe));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const call = (u: SignedInUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { ...(u?.headers ?? {}), origin: TEST_ORIGIN }, ...(payload === undefined ? {} : { payload: payload as object }) });

const deliver = (event: { payload: string; header: string }) =>
  t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, payload: event.payload });

const billingRow = async (userId: string) => (await t.db.select().from(billingCustomers).where(eq(billingCustomers.userId, userId)))[0]!;
const outOfDate = async (userId: string) => {
  const row = await billingRow(userId);
  return row.seatsGeneration > row.seatsSyncedGeneration;
};
/** The subscription updates that set a seat quantity (the plan's own updates carry a price, never these). */
const seatUpdates = (subscriptionId: string) =>
  stripe.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === `/v1/subscriptions/${subscriptionId}` &&
      ((r.params.items as Record<string, unknown>[] | undefined) ?? []).some((i) => 'quantity' in i || 'deleted' in i),
  );

/** A business administrator who paid for the business plan (Stripe active, webhook delivered), with a named profile. */
async function payingBusiness(label: string) {
  const admin = await createUser(t, label, 'basic');
  const res = await call(admin, 'POST', '/api/create-subscription', { priceId: TEST_PRICES.business });
  expect(res.statusCode, res.body).toBe(200);
  const sub = res.json<CreateSubscriptionResponse>();
  stripe.setStatus(sub.subscriptionId, 'active');
  expect((await deliver(stripe.signedEvent('customer.subscription.updated', sub.subscriptionId))).statusCode).toBe(200);
  const setup = await call(admin, 'POST', '/api/business-profile/setup', { companyName: `${label} Inc` });
  expect(setup.statusCode, setup.body).toBe(200);
  return { admin, subscriptionId: sub.subscriptionId, profileId: setup.json<SetupResponse>().profile.id! };
}

async function tokenFromMail(email: string): Promise<string> {
  const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return new URL(firstUrl(mail!.text)!).searchParams.get('token')!;
}

/** Invites a new user and has them accept: one more pilot in the team. */
async function join(admin: SignedInUser, label: string) {
  const pilot = await createUser(t, label, 'basic');
  expect((await call(admin, 'POST', '/api/pilots/invite', { email: pilot.email })).statusCode).toBe(201);
  const res = await call(pilot, 'POST', '/api/pilots/accept-invitation', { token: await tokenFromMail(pilot.email) });
  expect(res.statusCode, res.body).toBe(200);
  return pilot;
}

const leave = async (admin: SignedInUser, pilot: SignedInUser) => {
  const res = await call(admin, 'DELETE', `/api/pilots/${pilot.userId}`);
  expect(res.statusCode, res.body).toBe(200);
};

describe('extra pilot seats on the business subscription', () => {
  it('bills nothing for the 2 included pilots, sends quantity 1 when the 3rd joins, 2 for the 4th, and decreases when one leaves', async () => {
    const { admin, subscriptionId } = await payingBusiness('seat-flow');
    await join(admin, 'seat-flow-p1');
    await join(admin, 'seat-flow-p2');
    expect(seatUpdates(subscriptionId)).toHaveLength(0);
    expect(stripe.seatQuantity(subscriptionId)).toBe(0);

    const third = await join(admin, 'seat-flow-p3');
    const added = seatUpdates(subscriptionId).at(-1);
    expect(added?.params).toMatchObject({ items: [{ price: TEST_PRICES.business_seat, quantity: '1' }], proration_behavior: 'create_prorations' });
    expect(stripe.seatQuantity(subscriptionId)).toBe(1);
    // The plan item is untouched beside the seat item.
    const items = (stripe.subscriptions.get(subscriptionId)?.items as { data: { price: { id: string } }[] }).data.map((i) => i.price.id);
    expect(items).toEqual([TEST_PRICES.business, TEST_PRICES.business_seat]);

    await join(admin, 'seat-flow-p4');
    expect(stripe.seatQuantity(subscriptionId)).toBe(2);
    expect(seatUpdates(subscriptionId).at(-1)?.params).toMatchObject({ items: [{ quantity: '2' }] });

    await leave(admin, third);
    expect(stripe.seatQuantity(subscriptionId)).toBe(1);
    expect(seatUpdates(subscriptionId).at(-1)?.params).toMatchObject({ items: [{ quantity: '1' }] });
    expect(await billingRow(admin.userId)).toMatchObject({ seatQuantity: 1 });
    expect(await outOfDate(admin.userId)).toBe(false);
  });

  it('removes the seat item when the team is back within the included seats', async () => {
    const { admin, subscriptionId } = await payingBusiness('seat-down');
    const pilots = [await join(admin, 'seat-down-p1'), await join(admin, 'seat-down-p2'), await join(admin, 'seat-down-p3')];
    expect(stripe.seatQuantity(subscriptionId)).toBe(1);
    await leave(admin, pilots[0]!);
    expect(stripe.seatQuantity(subscriptionId)).toBe(0);
    expect(seatUpdates(subscriptionId).at(-1)?.params).toMatchObject({ items: [{ deleted: 'true' }] });
    const items = (stripe.subscriptions.get(subscriptionId)?.items as { data: unknown[] }).data;
    expect(items).toHaveLength(1);
  });

  it('tolerates Stripe failing: the pilot joins, the quantity stays marked out of date, and the reconciler sends it later', async () => {
    const { admin, subscriptionId } = await payingBusiness('seat-fail');
    await join(admin, 'seat-fail-p1');
    await join(admin, 'seat-fail-p2');
    const restore = stripe.fail(new RegExp(`^POST /v1/subscriptions/${subscriptionId}$`));
    const third = await join(admin, 'seat-fail-p3');
    expect(third.userId).toBeTruthy();
    expect(stripe.seatQuantity(subscriptionId)).toBe(0);
    expect(await outOfDate(admin.userId)).toBe(true);

    // Still down: the reconciler tries, fails, and leaves the marker.
    const seats = createSeatBilling({ db: t.db, stripe: t.config.stripe, payments: createStripePayments(t.config.stripe!), log: () => {} });
    expect(await seats.reconcile()).toContain('failed');
    expect(await outOfDate(admin.userId)).toBe(true);

    restore();
    const results = await seats.reconcile();
    expect(results).toContain('synced');
    expect(stripe.seatQuantity(subscriptionId)).toBe(1);
    expect(await outOfDate(admin.userId)).toBe(false);
    // Nothing left to do: a second pass finds nothing marked.
    expect(await seats.reconcile()).toEqual([]);
  });

  it('a failed call is also put right by the next team change, which sends the whole quantity, not a delta', async () => {
    const { admin, subscriptionId } = await payingBusiness('seat-next');
    await join(admin, 'seat-next-p1');
    await join(admin, 'seat-next-p2');
    const restore = stripe.fail(new RegExp(`^POST /v1/subscriptions/${subscriptionId}$`));
    await join(admin, 'seat-next-p3');
    await join(admin, 'seat-next-p4');
    expect(stripe.seatQuantity(subscriptionId)).toBe(0);
    restore();
    await join(admin, 'seat-next-p5');
    expect(stripe.seatQuantity(subscriptionId)).toBe(3);
    expect(await outOfDate(admin.userId)).toBe(false);
  });

  it("the subscription's next webhook also brings the quantity up to date", async () => {
    const { admin, subscriptionId } = await payingBusiness('seat-hook');
    await join(admin, 'seat-hook-p1');
    await join(admin, 'seat-hook-p2');
    const restore = stripe.fail(new RegExp(`^POST /v1/subscriptions/${subscriptionId}$`));
    await join(admin, 'seat-hook-p3');
    restore();
    expect(stripe.seatQuantity(subscriptionId)).toBe(0);
    expect((await deliver(stripe.signedEvent('invoice.paid', subscriptionId))).statusCode).toBe(200);
    expect(stripe.seatQuantity(subscriptionId)).toBe(1);
    expect(await outOfDate(admin.userId)).toBe(false);
  });

  it('moving the business subscription to a plan without seats removes the seat item', async () => {
    const { admin, subscriptionId } = await payingBusiness('seat-plan');
    for (const n of [1, 2, 3, 4]) await join(admin, `seat-plan-p${n}`);
    expect(stripe.seatQuantity(subscriptionId)).toBe(2);
    const res = await call(admin, 'POST', '/api/user/upgrade-tier', { tier: 'pro' });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.seatQuantity(subscriptionId)).toBe(0);
    const items = (stripe.subscriptions.get(subscriptionId)?.items as { data: { price: { id: string } }[] }).data.map((i) => i.price.id);
    expect(items).toEqual([TEST_PRICES.pro]);
  });

  it('a business without a billing account (tier assigned by staff) seats pilots without calling Stripe', async () => {
    const admin = await createUser(t, 'seat-staff-assigned', 'business');
    expect((await call(admin, 'POST', '/api/business-profile/setup', { companyName: 'Assigned Inc' })).statusCode).toBe(200);
    const before = stripe.requests.length;
    for (const n of [1, 2, 3]) await join(admin, `seat-staff-assigned-p${n}`);
    expect(stripe.requests.length).toBe(before);
  });
});

describe('configuration', () => {
  it('reads STRIPE_PRICE_BUSINESS_SEAT and refuses it when it is also a plan price', () => {
    expect(t.config.stripe?.seatPrice).toBe(TEST_PRICES.business_seat);
    const env = { ...stripeEnv(stripe), AUTH_DEV_LOGIN: '1', STRIPE_PRICE_BUSINESS_SEAT: TEST_PRICES.business };
    expect(() => loadConfig(env, { authSecret: 'test-secret-test-secret-test-secret-0123' })).toThrow(/each plan needs its own price id/);
  });
});
