import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { prepareDataFolder } from './first-start.ts';
import { routeNotFound, unauthorized } from './errors.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { registerInputHygiene } from './http/input-hygiene.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerOriginCheck } from './http/origin-check.ts';
import { postgresRateLimitStore } from './http/rate-limit-store.ts';
import { registerRequestRecords } from './http/request-records.ts';
import type { App, AppDeps, PreHandler, RouteRateLimit } from './http/types.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { featureRoutes } from './modules/features/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { accessChanged, createAccessCache } from './modules/account/access-cache.ts';
import { findSessionAccess } from './modules/account/repo.ts';
import { createAccountService } from './modules/account/service.ts';
import { createAuth } from './modules/auth/auth.ts';
import { createCurrentUserResolver } from './modules/auth/current-user.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { billingRoutes } from './modules/billing/routes.ts';
import { businessRoutes } from './modules/business/routes.ts';
import { createRecordsService } from './modules/records/service.ts';
import { assistantRoutes } from './modules/assistant/routes.ts';
import { speechRoutes } from './modules/speech/routes.ts';
import { documentRoutes } from './modules/documents/routes.ts';
import { droneRoutes } from './modules/drones/routes.ts';
import { facilityRoutes } from './modules/facilities/routes.ts';
import { flightLogRoutes } from './modules/flight-logs/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { weatherRoutes } from './modules/weather/routes.ts';
import { weatherThresholdsRoutes } from './modules/weather-thresholds/routes.ts';
import { createMailProvider } from './providers/mail/mail-provider.ts';

export interface BuildOptions {
  /** An already-open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
}

const JSON_BODY_LIMIT = 100 * 1024;

function limit(max: number, key?: (r: Parameters<PreHandler>[0]) => string): RouteRateLimit {
  if (max <= 0) return { rateLimit: false };
  return { rateLimit: { max, timeWindow: '1 minute', ...(key ? { keyGenerator: key } : {}) } };
}

/** The whole server, ready to listen or to take `app.inject()` (DESIGN §3: buildApp(config) for tests). */
export async function buildApp(config: Config, options: BuildOptions = {}) {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: config.dataDir,
      prepare: (dir) => prepareDataFolder(dir, (line) => app.log.info(line)),
    }));
  const { db } = database;
  if (!options.database) app.addHook('onClose', async () => database.close());

  // The outbox prints each message as plain lines (not inside a JSON log record), so the sign-in link in
  // the console is one clean URL to copy.
  const printMail = (line: string) => {
    if (config.logLevel !== 'silent') console.log(line);
  };
  const mail = createMailProvider({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log: printMail });
  const accounts = createAccountService(db, config.staff, database.changes);
  const access = createAccessCache((token) => findSessionAccess(db, token), database.changes);
  app.addHook('onClose', async () => {
    access.close();
    accounts.close();
  });
  const records = createRecordsService(db, app.log);
  const auth = createAuth(config, db, mail, {
    onUserCreated: (user) => accounts.onUserCreated(user),
    onSignIn: async (userId) => {
      await accounts.onSignIn(userId);
      await records.recordSignIn(userId);
    },
    onDevLogin: async (user, tier) => {
      if (tier) await accounts.setTier(user.id, tier, 'dev-login');
    },
    onAccessChanged: (userId) => accessChanged(database.changes, userId),
  });
  const resolveCurrentUser = createCurrentUserResolver(auth, access, config.staff);

  const requireUser: PreHandler = async (request, reply) => {
    const user = await resolveCurrentUser(request, reply);
    if (!user) throw unauthorized();
    request.currentUser = user;
    await records.recordApiUse(user.id);
  };
  app.decorateRequest('currentUser', null);
  // The guard must run onRequest, before the body is parsed and validated: then a signed-out call answers
  // 401 whatever it sends, the per-user write limit (an onRequest hook added after it) keys on the user,
  // and the error log of a refused body knows who sent it. A route that puts it in preHandler gets it
  // moved to the front of onRequest, so none of the three can silently break.
  // Every route behind the guard is listed, so the security tests can call each one signed out.
  const guardedRoutes: { method: string; url: string }[] = [];
  const guardedKey = new Set<string>();
  /** Every route of the app (the OpenAPI test checks each /api one is described). */
  const allRoutes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    if (preHandlers.some((h) => h === (requireUser as unknown))) {
      route.preHandler = preHandlers.filter((h) => h !== (requireUser as unknown));
      route.onRequest = [requireUser, ...[route.onRequest ?? []].flat()];
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') allRoutes.push({ method, url: route.url });
    const onRequest: unknown[] = [route.onRequest ?? []].flat();
    if (!onRequest.includes(requireUser)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      guardedRoutes.push({ method, url: route.url });
      guardedKey.add(`${method} ${route.url}`);
    }
  });

  // Background jobs (pg-boss): started once every module has defined its queues, stopped before the
  // database closes (onClose hooks run last-added first).
  const jobs = createJobQueue(database, app.log);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  const deps: AppDeps = {
    config,
    db,
    dbKind: database.kind,
    changes: database.changes,
    auth,
    mail,
    accounts,
    records,
    jobs,
    requireUser,
    limits: {
      signIn: limit(config.rateLimit.signIn),
      writes: limit(config.rateLimit.writes, (r) => r.currentUser?.id ?? r.ip),
    },
  };

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Stripe.js and its card frames, only when payments are configured (issue 12).
        scriptSrc: ["'self'", ...(config.stripe ? ['https://js.stripe.com'] : [])],
        frameSrc: config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Sign-in redirects to identity providers must carry the referrer origin some providers check.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // With PostgreSQL, several processes may serve one deployment: their limits share one count (issue 17).
  // PGlite is one process by construction (its folder lock), so its counts stay in memory.
  await app.register(rateLimit, { global: false, ...(database.kind === 'postgres' ? { store: postgresRateLimitStore(db) } : {}) });
  await registerOpenApi(app, config, requireUser, (method, url) => guardedKey.has(`${method} ${url}`));
  registerErrorHandler(app);
  registerInputHygiene(app);
  registerOriginCheck(app, config.publicUrl);
  registerRequestRecords(app, records);

  healthRoutes(app, database);
  authRoutes(app, deps);
  accountRoutes(app, deps);
  supportRoutes(app, deps);
  weatherRoutes(app, deps);
  weatherThresholdsRoutes(app, deps);
  droneRoutes(app, deps);
  flightLogRoutes(app, deps);
  businessRoutes(app, deps);
  facilityRoutes(app, deps);
  documentRoutes(app, deps);
  billingRoutes(app, deps);
  const assistant = assistantRoutes(app, deps);
  speechRoutes(app, deps);
  adminRoutes(app, deps);
  featureRoutes(app, deps);

  registerWebApp(app, config.webRoot);
  return { app, database, deps, guardedRoutes, allRoutes, assistant };
}

/**
 * How long a browser keeps each file of the build (ADR 0017): index.html is asked for again every time,
 * so a release reaches everyone at once; the hashed assets it names never change, so they are kept for
 * a year; the few unhashed files (the icon) for an hour.
 */
export function cacheControlFor(path: string): string {
  const file = path.replace(/\.(br|gz)$/, '').replaceAll('\\', '/');
  if (file.endsWith('/index.html')) return 'no-cache';
  if (file.includes('/assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** The built React app for every path that is not the API; unknown /api paths stay JSON 404s. */
function registerWebApp(app: App, webRoot: string | null) {
  const hasWeb = webRoot !== null && existsSync(join(webRoot, 'index.html'));
  if (hasWeb) {
    // The build writes .br and .gz beside each text file (scripts/precompress.ts): the one the browser
    // accepts is sent as it is, with Vary: Accept-Encoding, and nothing is compressed per request.
    void app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', cacheControlFor(path));
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // A missing file (an asset of another build, a typo) is a 404, never the app's HTML under a .js name.
    const looksLikeFile = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (!hasWeb || looksLikeFile || path.startsWith('/api/') || path === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const { message, code } = routeNotFound(request.method, path);
      return reply.status(404).send({ message, code });
    }
    return reply.sendFile('index.html');
  });
}

export type AppInstance = Awaited<ReturnType<typeof buildApp>>['app'];
