import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, devSignIn, saveScreenshot, uniqueEmail } from '../support/e2e/browser.ts';
import { useE2eStack } from '../support/e2e/stack.ts';
import { expectText, hideBetaBanner, visitSignedIn } from '../support/e2e/ui.ts';
import { startStripeServer, stripeEnv } from '../support/stripe-server.ts';

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
    const elements = { create: () => element, getElement: () => element, update: noop, fetchUpdates: async () => ({}), submit: async () => ({}) };
    return {
      publishableKey,
      elements: () => elements,
      createToken: noop, createPaymentMethod: noop, confirmCardPayment: noop,
      _registerWrapper: noop, registerAppInfo: noop,
      async confirmPayment() {
        const result = await window.__stripeStandinPay();
        return result.ok ? { paymentIntent: { status: 'succeeded' } } : { error: { type: 'card_error', message: result.message } };
      },
    };
  };
})();`;

async function serveStripeStandIn(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: STRIPE_JS_STANDIN }));
  await page.exposeFunction('__stripeStandinPay', async () => {
    // The one incomplete subscription of this test's customer is the one being paid.
    const pending = [...stripe.subscriptions.values()].filter((s) => s.status === 'incomplete').at(-1);
    if (!pending) return { ok: false, message: 'No subscription is waiting for payment.' };
    const id = String(pending.id);
    stripe.setStatus(id, 'active');
    const event = stripe.signedEvent('customer.subscription.updated', id);
    const res = await fetch(`${stack.app.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': event.header }, body: event.payload });
    if (!res.ok) return { ok: false, message: `webhook ${res.status}` };
    return { ok: true };
  });
}

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
    await expectText(page.getByTestId('plan-basic'), 'Current plan');
    await expectText(page.getByTestId('plan-enterprise'), 'Contact sales');
    await saveScreenshot(page, 'pricing-basic');

    await page.getByTestId('upgrade-hobbyist').click();
    const dialog = page.getByTestId('payment-dialog');
    await dialog.getByTestId('card-standin').waitFor();
    await page.getByTestId('payment-submit').click();
    // The dialog closes, the page reloads to /pricing?success=true and shows the tier Stripe confirmed.
    await page.waitForURL(/\/pricing\?success=true/);
    await expectText(page.getByTestId('payment-success'), 'You are now on the Hobbyist plan', 30_000);
    await expectText(page.getByTestId('plan-hobbyist'), 'Current');
    await expectText(page.getByTestId('plan-basic'), 'Downgrade to Basic');
    await page.getByTestId('manage-billing').waitFor();

    await visitSignedIn(page, '/drones');
    await page.getByTestId('add-drone').waitFor();
    expect(await page.getByTestId('add-drone').isDisabled()).toBe(false);
    expect(await page.getByTestId('drone-limit-hint').count()).toBe(0);

    await visitSignedIn(page, '/profile');
    await expectText(page.getByTestId('plan-tier'), 'Hobbyist');
  });

  for (const size of [DESKTOP, MOBILE]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`pricing page at ${size.width} px, ${colorScheme}`, async () => {
        const page = await stack.newPage({ width: size.width, colorScheme });
        await hideBetaBanner(page);
        await devSignIn(page, uniqueEmail('pricing-shot'), 'pro');
        await visitSignedIn(page, '/pricing');
        await page.getByTestId('comparison-table').waitFor();
        await saveScreenshot(page, 'pricing');
        // Staff see a disabled 'Admin Account' in place of the actions.
        const staff = await stack.newPage({ width: size.width, colorScheme });
        await devSignIn(staff, uniqueEmail('pricing-staff'), 'admin');
        await visitSignedIn(staff, '/pricing');
        const adminButtons = staff.getByRole('button', { name: 'Admin Account' });
        await adminButtons.first().waitFor();
        expect(await adminButtons.first().isDisabled()).toBe(true);
      });
    }
  }
});
