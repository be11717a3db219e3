import type { FastifyBaseLogger, FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type {} from '@fastify/rate-limit';
import type { Config } from '../config.ts';
import type { ChangeBus } from '../db/change-bus.ts';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { AccountService } from '../modules/account/service.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { RecordsService } from '../modules/records/service.ts';
import type { MailProvider } from '../providers/mail/mail-provider.ts';

export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What every route module receives: the services it calls and the guards it puts in front. */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Embedded PGlite (one connection for every request) or a PostgreSQL server. */
  dbKind: 'pglite' | 'postgres';
  /** Tells per-process caches in every process that data changed (src/server/db/change-bus.ts). */
  changes: ChangeBus;
  auth: Auth;
  mail: MailProvider;
  accounts: AccountService;
  records: RecordsService;
  /** Background jobs on pg-boss (src/server/jobs): modules define their queues while the app is built. */
  jobs: JobQueue;
  /** The signed-in guard: `onRequest: deps.requireUser` (app.ts moves it there from a preHandler). */
  requireUser: PreHandler;
  /** Per-route rate-limit settings: sign-in per IP, writes per user. */
  limits: { signIn: RouteRateLimit; writes: RouteRateLimit };
}

/** A route's `config`, carrying @fastify/rate-limit's per-route setting. */
export type RouteRateLimit = FastifyContextConfig;
