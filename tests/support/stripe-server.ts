import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local server that answers the few Stripe API calls the product makes, from Stripe's own published
 * OpenAPI fixtures (../shared/fixtures/stripe, MIT: the data stripe-mock serves). Like stripe-mock it
 * reflects the request's parameters into the fixture; unlike it, it remembers the customers and
 * subscriptions it created, so a test can move a subscription to another status (as a payment, a failed
 * renewal or a cancellation would in Stripe) and the product reads that state back. Tests only.
 */
export const STRIPE_FIXTURES_FILE = new URL('../../../shared/fixtures/stripe/stripe-openapi-fixtures3.json', import.meta.url);

type Json = Record<string, unknown>;
const fixtures = (JSON.parse(readFileSync(STRIPE_FIXTURES_FILE, 'utf8')) as { resources: Record<string, Json> }).resources;
const fixture = (name: string): Json => structuredClone(fixtures[name] ?? {});

/** Stripe's form encoding (`items[0][price]=x&expand[0]=y`) into nested objects and arrays. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const next = parts[i + 1] ?? '';
      node[part] ??= /^\d+$/.test(next) ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

export interface StripeRequestRecord {
  method: string;
  path: string;
  params: Json;
}

export const TEST_WEBHOOK_SECRET = 'whsec_test_drone_doctor_local';
export const TEST_PRICES = {
  hobbyist: 'price_test_hobbyist',
  pro: 'price_test_pro',
  business: 'price_test_business',
  business_pro: 'price_test_business_pro',
  business_seat: 'price_test_business_seat',
} as const;

export async function startStripeServer() {
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_test${process.pid}x${++sequence}`;
  const customers = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const idempotent = new Map<string, Json>();
  const requests: StripeRequestRecord[] = [];

  const error = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'resource_missing', message } }));
  };
  const send = (res: ServerResponse, body: Json) => {
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': nextId('req') });
    res.end(JSON.stringify(body));
  };

  /** The subscription as the API returns it, with latest_invoice expanded when asked. */
  const view = (sub: Json, params: Json): Json => {
    const expand = Array.isArray(params.expand) ? (params.expand as string[]) : [];
    const out = structuredClone(sub);
    if (expand.includes('latest_invoice.confirmation_secret') || expand.includes('latest_invoice')) {
      const invoice = fixture('invoice');
      invoice.id = String(sub.latest_invoice);
      invoice.subscription = sub.id;
      invoice.customer = sub.customer;
      const paymentIntent = fixture('payment_intent');
      invoice.confirmation_secret =
        sub.status === 'incomplete' ? { type: 'payment_intent', client_secret: `${String(paymentIntent.id)}_${String(sub.id)}_secret_test` } : null;
      out.latest_invoice = invoice;
    }
    return out;
  };

  const setPrice = (sub: Json, priceId: string) => {
    const items = sub.items as { data: Json[] };
    const item = items.data[0] ?? fixture('subscription_item');
    (item.price as Json).id = priceId;
    item.subscription = sub.id;
    items.data = [item];
  };

  /**
   * `items[n]` of a subscription update, as Stripe applies them: with an id the item is changed (price,
   * quantity) or removed (`deleted`); without one a new item is added.
   */
  const updateItems = (sub: Json, changes: Json[]) => {
    const items = sub.items as { data: Json[] };
    for (const change of changes) {
      const existing = typeof change.id === 'string' ? items.data.find((i) => i.id === change.id) : undefined;
      if (typeof change.id === 'string' && !existing) return `No such subscription item: '${change.id}'`;
      if (existing && change.deleted === 'true') {
        items.data = items.data.filter((i) => i !== existing);
        continue;
      }
      const item = existing ?? { ...fixture('subscription_item'), id: nextId('si'), subscription: sub.id };
      if (typeof change.price === 'string') item.price = { ...(item.price as Json), id: change.price };
      if (typeof change.quantity === 'string') item.quantity = Number(change.quantity);
      if (!existing) items.data.push(item);
    }
    return null;
  };
  /** Paths that answer with a server error while a test wants Stripe down. */
  const failing: RegExp[] = [];

  const handle = (method: string, path: string, params: Json, headers: IncomingMessage['headers'], res: ServerResponse) => {
    requests.push({ method, path, params });
    if (failing.some((pattern) => pattern.test(`${method} ${path}`))) {
      // stripe-should-retry: false keeps the SDK from retrying, so one failure is one failed call.
      res.writeHead(500, { 'content-type': 'application/json', 'request-id': nextId('req'), 'stripe-should-retry': 'false' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred (local Stripe is failing on purpose).' } }));
      return;
    }
    const key = headers['idempotency-key'];
    const idemKey = typeof key === 'string' && method === 'POST' ? `${path} ${key}` : null;
    const stored = idemKey ? idempotent.get(idemKey) : undefined;
    if (stored) return send(res, stored);
    const remember = (body: Json) => {
      if (idemKey) idempotent.set(idemKey, body);
      send(res, body);
    };

    if (method === 'POST' && path === '/v1/customers') {
      const customer = { ...fixture('customer'), id: nextId('cus'), email: params.email ?? null, metadata: params.metadata ?? {} };
      customers.set(String(customer.id), customer);
      return remember(customer);
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const customer = typeof params.customer === 'string' ? params.customer : '';
      if (!customers.has(customer)) return error(res, 400, `No such customer: '${customer}'`);
      const price = ((params.items as Json[] | undefined)?.[0]?.price as string | undefined) ?? '';
      const sub = fixture('subscription');
      Object.assign(sub, { id: nextId('sub'), customer, status: 'incomplete', metadata: params.metadata ?? {}, latest_invoice: nextId('in'), cancel_at: null, canceled_at: null, ended_at: null });
      (sub.items as { data: Json[] }).data[0]!.id = nextId('si');
      setPrice(sub, price);
      subscriptions.set(String(sub.id), sub);
      return remember(view(sub, params));
    }
    const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (subMatch) {
      const sub = subscriptions.get(decodeURIComponent(subMatch[1]!));
      if (!sub) return error(res, 404, `No such subscription: '${subMatch[1]}'`);
      if (method === 'GET') return send(res, view(sub, params));
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000), ended_at: Math.floor(Date.now() / 1000) });
        return send(res, view(sub, params));
      }
      if (method === 'POST') {
        const problem = updateItems(sub, (params.items as Json[] | undefined) ?? []);
        if (problem) return error(res, 400, problem);
        return remember(view(sub, params));
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const session: Json = { ...fixture('billing_portal.session'), id: nextId('bps'), customer: params.customer, return_url: params.return_url, flow: null };
      session.url = `https://billing.stripe.com/p/session/${String(session.id)}`;
      return remember(session);
    }
    return error(res, 404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const params = parseStripeForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      handle(req.method ?? 'GET', url.pathname, params, req.headers, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signer = new Stripe('sk_test_signer');

  return {
    url,
    requests,
    customers,
    subscriptions,
    /** Stripe answers 500 to requests matching `pattern` (e.g. /^POST \/v1\/subscriptions\//) until the returned function is called. */
    fail(pattern: RegExp) {
      failing.push(pattern);
      return () => void failing.splice(failing.indexOf(pattern), 1);
    },
    /** The extra-seat quantity of a subscription (0 without a seat item). */
    seatQuantity(subscriptionId: string) {
      const items = (subscriptions.get(subscriptionId)?.items as { data: Json[] } | undefined)?.data ?? [];
      return Number(items.find((i) => (i.price as Json).id === TEST_PRICES.business_seat)?.quantity ?? 0);
    },
    /** What Stripe would do on its side: a payment, a failed renewal, a cancellation. */
    setStatus(subscriptionId: string, status: string) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      sub.status = status;
    },
    /** A signed event of Stripe's event fixture carrying the subscription (as it is now, or as given). */
    signedEvent(type: string, subscriptionId: string, options: { id?: string; status?: string; secret?: string; created?: number } = {}) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no subscription ${subscriptionId}`);
      const event = fixture('event');
      const object = type.startsWith('invoice.')
        ? { ...fixture('invoice'), id: String(sub.latest_invoice), customer: sub.customer, parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: {} } } }
        : { ...structuredClone(sub), status: options.status ?? sub.status };
      Object.assign(event, { id: options.id ?? nextId('evt'), type, created: options.created ?? Math.floor(Date.now() / 1000), data: { object } });
      const payload = JSON.stringify(event);
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? TEST_WEBHOOK_SECRET });
      return { id: String(event.id), payload, header };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

/** The env that points the product at this server. */
export const stripeEnv = (server: StripeServer): Record<string, string> => ({
  STRIPE_SECRET_KEY: 'sk_test_drone_doctor_local',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_drone_doctor_local',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_PRICE_HOBBYIST: TEST_PRICES.hobbyist,
  STRIPE_PRICE_PRO: TEST_PRICES.pro,
  STRIPE_PRICE_BUSINESS: TEST_PRICES.business,
  STRIPE_PRICE_BUSINESS_PRO: TEST_PRICES.business_pro,
  STRIPE_PRICE_BUSINESS_SEAT: TEST_PRICES.business_seat,
  STRIPE_API_URL: server.url,
});
