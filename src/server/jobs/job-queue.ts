import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { PgBoss, fromDrizzle, fromPglite, type Db as BossDb, type Job, type Queue } from 'pg-boss';
import type { Database, DbOrTx } from '../db/client.ts';

/**
 * Background work on pg-boss in the application's own PostgreSQL (DESIGN §2, §4 "Jobs"; ADR 0046):
 * PGlite through pg-boss's PGlite adapter, PostgreSQL through the app's connection pool. Any process
 * can work any job; a job lives in the `pgboss` schema beside the data it is about.
 *
 * A module declares its queues with `define` while the app is being built; `start` (the app's onReady)
 * installs or migrates pg-boss's schema, creates the queues and starts their workers; `stop` (onClose)
 * lets running handlers finish up to a deadline, then fails what is left so it is retried elsewhere.
 */

/**
 * How often the supervisor looks for jobs whose worker went quiet (a process that died mid-job) and
 * puts them back in their queue; one process of the deployment does it per interval.
 */
const SUPERVISE_SECONDS = 30;
/** A stopping process waits this long for its handlers before failing them back to the queue. */
const STOP_GRACE_MS = 10_000;

export interface QueueDefinition<T extends object> {
  name: string;
  /** Retry, expiry, heartbeat and dead-letter settings of the queue (pg-boss `createQueue`). */
  queue: Omit<Queue, 'name'>;
  /** Poll interval while no notification arrives; an upload in this process wakes its worker at once. */
  pollingIntervalSeconds?: number;
  handler: (job: Job<T>) => Promise<void>;
}

export interface JobQueue {
  /** Declares a queue and its handler; call before the app is ready. */
  define<T extends object>(definition: QueueDefinition<T>): void;
  /**
   * Enqueues a job. With `tx`, the job is written in that transaction: it exists exactly when the
   * row it is about was committed (no lost job when the process dies right after the commit).
   */
  send<T extends object>(name: string, data: T, options?: { tx?: DbOrTx; singletonKey?: string }): Promise<string | null>;
  /**
   * Runs at start once the queues exist, before any worker or the supervisor: a module enqueues what
   * its own tables say is still to do (work stored before its queue existed).
   */
  beforeWork(fn: () => Promise<void>): void;
  /** Wakes this process's worker of a queue now, instead of at its next poll (after a commit). */
  wake(name: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The pg-boss instance (tests and benchmarks inspect the queue through it). */
  readonly boss: PgBoss;
}

/** pg-boss's view of the app's database: the PGlite instance itself, or the app's pg pool. */
export function bossDatabase(database: Database): { db: BossDb; backend: 'pglite' | 'postgres' } {
  if (database.pglite) return { db: fromPglite(database.pglite), backend: 'pglite' };
  // drizzle's node-postgres client keeps the pool it was given; pg-boss runs its statements on it.
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return { db: { executeSql: (text, values) => pool.query(text, values) }, backend: 'postgres' };
}

/** Any fixed number (migrations use 727001, the knowledge base 727002): one process at a time installs pg-boss. */
const JOB_SCHEMA_LOCK_KEY = 727_003;

/**
 * pg-boss creates its schema without guarding against a second process doing the same at the same
 * moment: N processes starting together on an empty PostgreSQL failed with a duplicate `pgboss`
 * namespace (seen in tests/api/multi-process.test.ts). One transaction-scoped advisory lock makes them
 * take turns; the later ones find the schema and queues there. PGlite is one process, and a transaction
 * held on its single connection would block pg-boss's own queries, so it runs unguarded there.
 */
async function oneProcessAtATime(database: Database, run: () => Promise<void>) {
  if (database.kind !== 'postgres') return run();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${JOB_SCHEMA_LOCK_KEY})`);
    await run();
  });
}

export function createJobQueue(database: Database, log: FastifyBaseLogger): JobQueue {
  const { db, backend } = bossDatabase(database);
  const boss = new PgBoss({
    db,
    backend,
    // PGlite delivers NOTIFY in-process; on PostgreSQL the shared pool has no listening connection,
    // so workers poll and this process's own sends wake its worker directly.
    useListenNotify: backend === 'pglite',
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
    // The instance registry and queue statistics are for dashboards we do not run.
    registerInstance: false,
    persistWarnings: false,
    openTelemetry: { enabled: false },
  });
  // Without a listener an 'error' event would end the process; a failed poll is retried by pg-boss.
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  boss.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));

  const definitions: QueueDefinition<object>[] = [];
  const preparations: (() => Promise<void>)[] = [];
  const workerIds = new Map<string, string>();
  let started = false;

  return {
    boss,
    define<T extends object>(definition: QueueDefinition<T>) {
      if (started) throw new Error(`queue ${definition.name} defined after the job queue started`);
      definitions.push(definition as unknown as QueueDefinition<object>);
    },

    async send(name, data, options = {}) {
      const connection = options.tx ? { db: fromDrizzle(options.tx, sql) } : {};
      return boss.send(name, data, { ...connection, ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}) });
    },

    beforeWork(fn) {
      preparations.push(fn);
    },

    wake(name) {
      const id = workerIds.get(name);
      if (id) boss.notifyWorker(id);
    },

    async start() {
      if (started) return;
      started = true;
      // A dead-letter queue must exist before the queue that names it.
      const ordered = [...definitions].sort((a, b) => Number(Boolean(a.queue.deadLetter)) - Number(Boolean(b.queue.deadLetter)));
      await oneProcessAtATime(database, async () => {
        await boss.start();
        for (const d of ordered) {
          await boss.createQueue(d.name, d.queue);
          // createQueue keeps an existing queue as it was: settings changed in code are applied here.
          const { policy: _policy, partition: _partition, ...updatable } = d.queue;
          await boss.updateQueue(d.name, updatable);
        }
      });
      for (const prepare of preparations) await prepare();
      for (const d of ordered) {
        // Polling stays on beside NOTIFY: a retry coming due or a job failed back by the supervisor sends
        // no notification.
        const polling = d.pollingIntervalSeconds ?? 2;
        const id = await boss.work<object>(d.name, { pollingIntervalSeconds: polling, notifyPollingIntervalSeconds: polling, batchSize: 1 }, async (jobs) => {
          for (const job of jobs) await d.handler(job);
        });
        workerIds.set(d.name, id);
      }
      // A job whose process died before this start (its heartbeat ran out) is failed back to its queue
      // now, unless another process looked within the supervisor's interval, rather than one interval on.
      await boss.supervise();
    },

    async stop() {
      if (!started) return;
      started = false;
      workerIds.clear();
      await boss.stop({ graceful: true, timeout: STOP_GRACE_MS });
    },
  };
}
