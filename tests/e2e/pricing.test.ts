import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { seriousAccessibilityViolations } from '../support/e2e/axe.ts';
import { DESKTOP, MOBILE, devSignIn, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, hideBetaBanner, visitSignedIn } from '../support/e2e/ui.ts';
import { TEST_PRICES, startStripeServer, stripeEnv } from '../support/stripe-server.ts';

// The local Stripe API (from Stripe's published fixtures) must exist before the app starts with its URL.
const stripe = await startStripeServer();
const stack = useE2eStack({ env: stripeEnv(stripe) });
afterAll(() => stripe.close());

/**
 * Stripe.js cannot be loaded here (no network), so the browser gets a stand-in of the few calls the
 * payment dialog makes (Stripe(), elements(), create('payment').mount(), confirmPayment()). Test only.
 * confirmPayment does what Stripe does on a successful card payment: the subscription becomes active at
 * the (local) Stripe API, and a signed webhook is sent to the app.
 */
const STRIPE_JS_STANDIN = `
(() => {
  const noop = () => {};
  window.Stripe = function Stripe(publishableKey) {
    const element = {
      mount(target) {
        const node = typeof target === 'string' ? document.querySelector(target) : target;
        node.innerHTML = '<div data-testid="card-standin" style="border:1px solid #8884;border-radius:6px;padding:10px;font:14px sans-serif">Card number 4242 4242 4242 4242 · 12/34 · 123</div>';
        setTimeout(() => (handlers.ready || []).forEach((h) => h({ elementType: 'payment' })), 0);
      },
      on(name, handler) { (handlers[name] ||= []).push(handler); return element; },
      off: noop, destroy: noop, unmount: noop, update: noop, focus: noop, blur: noop, clear: noop, collapse: noop,
    };
    const handlers = {};
    let clientSecret = null;
    const elements = { create: () => element, getElement: () => element, update: noop, fetchUpdates: async () => ({}), submit: async () => ({}) };
    return {
      publishableKey,
      elements: (options) => { clientSecret = (options && options.clientSecret) || null; return elements; },
      createToken: noop, createPaymentMethod: noop, confirmCardPayment: noop,
      _registerWrapper: noop, registerAppInfo: noop,
      async confirmPayment() {
        const result = await window.__stripeStandinPay(clientSecret);
        return result.ok ? { paymentIntent: { status: 'succeeded' } } : { error: { type: 'card_error', message: result.message } };
      },
    };
  };
})();`;

async function serveStripeStandIn(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STANDIN }));
  await page.exposeFunction('__stripeStandinPay', async (clientSecret: string | null) => {
    // The dialog's own subscription, named in the client secret it was given (never "the latest one":
    // another test's incomplete subscription must not be the one paid).
    const id = /_(sub_[A-Za-z0-9]+)_secret_/.exec(clientSecret ?? '')?.[1];
    if (!id || stripe.subscriptions.get(id)?.status !== 'incomplete') return { ok: false, message: 'No subscription is waiting for payment.' };
    stripe.setStatus(id, 'active');
    const res = await sendWebhook('customer.subscription.updated', id);
    if (!res.ok) return { ok: false, message: `webhook ${res.status}` };
    return { ok: true };
  });
}

/** What Stripe does after a change on its side: a signed event to the app's webhook. */
function sendWebhook(type: string, subscriptionId: string) {
  const event = stripe.signedEvent(type, subscriptionId);
  return fetch(`${stack.app.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, body: event.payload });
}

/** A signed-in user who has paid for `tier` (as the dialog would, then Stripe's webhook): the subscription id. */
async function payFor(page: Page, tier: 'hobbyist' | 'pro' | 'business'): Promise<string> {
  const res = await page.request.post('/api/create-subscription', { data: { priceId: TEST_PRICES[tier] } });
  expect(res.status(), await res.text()).toBe(200);
  const { subscriptionId } = (await res.json()) as { subscriptionId: string };
  stripe.setStatus(subscriptionId, 'active');
  expect((await sendWebhook('customer.subscription.updated', subscriptionId)).status).toBe(200);
  return subscriptionId;
}

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title });

describe('plans and payments', () => {
  it('a basic user at the drone limit follows See plans, pays for Hobbyist, and the limit is gone', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await serveStripeStandIn(page);
    await devSignIn(page, uniqueEmail('pricing'), 'basic');
    const added = await page.request.post('/api/drones', { data: { serialNumber: 'SN-PRICE-1', manufacturer: 'DJI', model: 'Mavic 3' } });
    expect(added.status()).toBe(201);

    await visitSignedIn(page, '/drones');
    await expectText(page.getByTestId('drone-limit-hint'), 'Basic');
    await page.getByTestId('drone-limit-hint').getByRole('link', { name: 'See plans' }).click();
    await page.getByTestId('pricing-page').waitFor();
    await expectText(page.getByTestId('billing-note'), 'All plans are billed monthly, assuming 30-day months of 4 weeks.');
    await expectText(page.getByRole('link', { name: 'Back to Dashboard' }), 'Back to Dashboard');
    await expectText(page.getByTestId('plan-basic'), 'Current plan');
    await expectText(page.getByTestId('plan-enterprise'), 'Contact sales');
    await saveScreenshot(page, 'pricing-basic');

    await page.getByTestId('upgrade-hobbyist').click();
    const dialog = page.getByTestId('payment-dialog');
    await dialog.getByTestId('card-standin').waitFor();
    await saveScreenshot(page, 'pricing-payment-dialog');
    await page.getByTestId('payment-submit').click();
    // The dialog closes, the page reloads to /pricing?success=true and shows the tier Stripe confirmed.
    await page.waitForURL(/\/pricing\?success=true/);
    await expectText(page.getByTestId('payment-success'), 'You are now on the Hobbyist plan', 30_000);
    await toast(page, 'Tier Upgraded!').waitFor();
    await expectText(page.getByTestId('plan-hobbyist'), 'Current');
    await expectText(page.getByTestId('plan-basic'), 'Downgrade to Basic');
    await page.getByTestId('manage-billing').waitFor();

    await visitSignedIn(page, '/drones');
    // The list must have loaded before the button and the hint say anything: the button is disabled
    // while the drones load, and the hint is absent then too (the flaky read of the first version).
    await page.getByText('SN-PRICE-1').first().waitFor();
    await page.locator('[data-testid="add-drone"]:enabled').waitFor();
    expect(await page.getByTestId('drone-limit-hint').count()).toBe(0);

    await visitSignedIn(page, '/profile');
    await expectText(page.getByTestId('plan-tier'), 'Hobbyist');
  });

  it("back on /pricing?success=true the page waits for Stripe's word, then shows the plan when the webhook comes", async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await devSignIn(page, uniqueEmail('pricing-wait'), 'basic');
    const res = await page.request.post('/api/create-subscription', { data: { priceId: TEST_PRICES.pro } });
    const { subscriptionId } = (await res.json()) as { subscriptionId: string };
    // The card went through Stripe.js, but Stripe's word has not reached the app yet.
    await visitSignedIn(page, '/pricing?success=true');
    await expectText(page.getByTestId('payment-waiting'), 'Waiting for Stripe to confirm your new plan…');
    await expectText(page.getByTestId('plan-basic'), 'Current plan');
    await saveScreenshot(page, 'pricing-waiting');
    stripe.setStatus(subscriptionId, 'active');
    expect((await sendWebhook('customer.subscription.updated', subscriptionId)).status).toBe(200);
    // The page re-reads the tier every 2 s until it changes.
    await expectText(page.getByTestId('payment-success'), 'You are now on the Pro plan');
    await toast(page, 'Tier Upgraded!').waitFor();
    await expectText(page.getByTestId('plan-pro'), 'Current plan');
  });

  it('without a webhook, the page asks the server, which confirms with Stripe (upgrade-tier)', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await devSignIn(page, uniqueEmail('pricing-nohook'), 'basic');
    const res = await page.request.post('/api/create-subscription', { data: { priceId: TEST_PRICES.hobbyist } });
    const { subscriptionId } = (await res.json()) as { subscriptionId: string };
    stripe.setStatus(subscriptionId, 'active');
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/upgrade-tier');
    await visitSignedIn(page, '/pricing?success=true');
    const answer = await asked;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ tier: 'hobbyist' });
    await expectText(page.getByTestId('payment-success'), 'You are now on the Hobbyist plan');
    await expectText(page.getByTestId('plan-hobbyist'), 'Current plan');
  });

  it('a failed renewal (past_due) shows the banner and keeps the tier; Manage billing opens the Stripe customer portal', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await devSignIn(page, uniqueEmail('pricing-past-due'), 'basic');
    const subscriptionId = await payFor(page, 'pro');
    stripe.setStatus(subscriptionId, 'past_due');
    expect((await sendWebhook('invoice.payment_failed', subscriptionId)).status).toBe(200);

    await visitSignedIn(page, '/pricing');
    await expectText(page.getByTestId('past-due'), 'Your last payment failed. Your plan stays active for now');
    await expectText(page.getByTestId('plan-pro'), 'Current');
    await saveScreenshot(page, 'pricing-past-due');

    // The portal is Stripe's page: here a stand-in answers its address, and the test checks where it went.
    await page.route('https://billing.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Stripe customer portal</title><h1>Portal</h1>' }));
    await page.getByTestId('manage-billing').click();
    await page.waitForURL(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_/);
    const session = stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
    expect(session?.params).toMatchObject({ customer: stripe.subscriptions.get(subscriptionId)?.customer, return_url: `${stack.app.url}/pricing` });

    // Stripe recovers the payment: the banner goes.
    stripe.setStatus(subscriptionId, 'active');
    expect((await sendWebhook('invoice.paid', subscriptionId)).status).toBe(200);
    await visitSignedIn(page, '/pricing');
    await expectText(page.getByTestId('plan-pro'), 'Current');
    expect(await page.getByTestId('past-due').count()).toBe(0);
  });

  it('a downgrade from the pricing page needs no payment and the tier follows Stripe', async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await serveStripeStandIn(page);
    await devSignIn(page, uniqueEmail('pricing-down'), 'basic');
    const subscriptionId = await payFor(page, 'pro');

    await visitSignedIn(page, '/pricing');
    await expectText(page.getByTestId('plan-pro'), 'Current');
    await page.getByTestId('downgrade-hobbyist').click();
    await toast(page, 'Tier Downgraded').waitFor();
    await expectText(page.getByTestId('plan-hobbyist'), 'Current plan');
    expect(await page.getByTestId('payment-dialog').count()).toBe(0);
    const items = (stripe.subscriptions.get(subscriptionId)?.items as { data: { price: { id: string } }[] }).data;
    expect(items.map((i) => i.price.id)).toEqual([TEST_PRICES.hobbyist]);

    await page.getByTestId('downgrade-basic').click();
    await expectText(page.getByTestId('plan-basic'), 'Current plan');
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    await visitSignedIn(page, '/profile');
    await expectText(page.getByTestId('plan-tier'), 'Basic');
  });

  it("Enterprise's Contact sales sends a help request of category sales", async () => {
    const page = await stack.newPage();
    await hideBetaBanner(page);
    await devSignIn(page, uniqueEmail('pricing-sales'), 'pro');
    await visitSignedIn(page, '/pricing');
    await page.getByTestId('plan-enterprise').getByTestId('contact-sales').click();
    const dialog = page.getByTestId('contact-sales-dialog');
    await dialog.getByTestId('help-request-form').waitFor();
    await saveScreenshot(page, 'pricing-contact-sales');
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/help-request' && r.method() === 'POST');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/help-request');
    await dialog.getByTestId('help-submit').click();
    expect((await sent).postDataJSON()).toMatchObject({ category: 'sales', subject: 'account' });
    expect((await answered).status()).toBe(201);
    await toast(page, 'Help request sent').waitFor();
    await dialog.waitFor({ state: 'detached' });
  });

  for (const size of [DESKTOP, MOBILE]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`pricing page at ${size.width} px, ${colorScheme}`, async () => {
        const page = await stack.newPage({ width: size.width, colorScheme });
        await hideBetaBanner(page);
        await devSignIn(page, uniqueEmail('pricing-shot'), 'pro');
        await visitSignedIn(page, '/pricing');
        await page.getByTestId('comparison-table').waitFor();
        await expectText(page.getByTestId('plan-pro'), 'Current plan');
        await saveScreenshot(page, 'pricing');
        const { violations, report } = await seriousAccessibilityViolations(page);
        expect(violations, report).toEqual([]);
        // Staff see a disabled 'Admin Account' in place of the actions.
        const staff = await stack.newPage({ width: size.width, colorScheme });
        await hideBetaBanner(staff);
        await devSignIn(staff, uniqueEmail('pricing-staff'), 'admin');
        await visitSignedIn(staff, '/pricing');
        const adminButtons = staff.getByRole('button', { name: 'Admin Account' });
        await adminButtons.first().waitFor();
        expect(await adminButtons.count()).toBe(5);
        for (const button of await adminButtons.all()) expect(await button.isDisabled()).toBe(true);
        await saveScreenshot(staff, 'pricing-staff');
      });
    }
  }
});
