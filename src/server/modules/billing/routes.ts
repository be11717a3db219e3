import { z } from 'zod';
import {
  billingStatusSchema,
  createSubscriptionBodySchema,
  createSubscriptionResponseSchema,
  portalSessionSchema,
  upgradeTierBodySchema,
  upgradeTierResponseSchema,
  webhookAckSchema,
} from '../../../shared/billing.ts';
import { AppError } from '../../errors.ts';
import type { App, AppDeps } from '../../http/types.ts';
import { createStripePayments } from '../../providers/payments/stripe-payments.ts';
import { requireCurrentUser } from '../auth/current-user.ts';
import { SEAT_RECONCILE_MS, createSeatBilling } from './seats.ts';
import { createBillingService } from './service.ts';

const WEBHOOK_MAX_BYTES = 512 * 1024;

/** Plans and payments (doc 3 §7, issue 12). */
export function billingRoutes(app: App, deps: AppDeps) {
  const { config } = deps;
  const payments = config.stripe ? createStripePayments(config.stripe) : null;
  const seats = createSeatBilling({ db: deps.db, stripe: config.stripe, payments, log: (msg, err) => app.log.error({ err }, msg) });
  const billing = createBillingService({ db: deps.db, accounts: deps.accounts, stripe: config.stripe, payments, seats, publicUrl: config.publicUrl });

  if (config.stripe?.prices.business && !config.stripe.seatPrice) {
    app.log.warn('STRIPE_PRICE_BUSINESS_SEAT is not set: pilots beyond the 2 included seats are not billed (ADR 0041)');
  }
  // The retry path of seat quantities a failed Stripe call left out of date (ADR 0041).
  if (config.stripe?.seatPrice) {
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void seats.reconcile().catch((err: unknown) => app.log.error({ err }, 'seat reconcile failed')), SEAT_RECONCILE_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
  const read = { onRequest: deps.requireUser };
  const write = { onRequest: deps.requireUser, config: deps.limits.writes };

  app.get('/api/billing/status', { ...read, schema: { response: { 200: billingStatusSchema } } }, async (request) =>
    billing.status(requireCurrentUser(request)),
  );

  app.post(
    '/api/create-subscription',
    { ...write, schema: { body: createSubscriptionBodySchema, response: { 200: createSubscriptionResponseSchema } } },
    async (request) => billing.createSubscription(requireCurrentUser(request), request.body.priceId),
  );

  app.post(
    '/api/user/upgrade-tier',
    { ...write, schema: { body: upgradeTierBodySchema, response: { 200: upgradeTierResponseSchema } } },
    async (request) => billing.changeTier(requireCurrentUser(request), request.body.tier),
  );

  app.post('/api/billing/portal', { ...write, schema: { response: { 200: portalSessionSchema } } }, async (request) => ({
    url: await billing.portalUrl(requireCurrentUser(request)),
  }));

  // Stripe signs the exact bytes it sent: the webhook gets its own scope whose only parser keeps them raw.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/stripe/webhook',
      {
        bodyLimit: WEBHOOK_MAX_BYTES,
        schema: {
          summary: 'Stripe webhook (signed)',
          description: 'The raw event as Stripe sends it, verified with STRIPE_WEBHOOK_SECRET; each event id is handled once.',
          headers: z.object({ 'stripe-signature': z.string().max(2000).optional() }),
          response: { 200: webhookAckSchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
          throw new AppError(400, 'BAD_SIGNATURE', 'The webhook needs its raw body and a Stripe-Signature header.');
        }
        return billing.handleWebhook(request.body, signature);
      },
    );
  });
}
