import { sql } from 'drizzle-orm';
import { apiErrorSchema } from '../../../shared/errors.ts';
import { healthSchema, readySchema } from '../../../shared/health.ts';
import type { Database } from '../../db/client.ts';
import type { App } from '../../http/types.ts';

/** How long readiness waits for `select 1`: a probe must answer well within a balancer's timeout. */
const READY_TIMEOUT_MS = 2_000;
const READY_ATTEMPTS = 3;
const READY_RETRY_PAUSE_MS = 50;

/**
 * Liveness and readiness for a reverse proxy or orchestrator (issue 17). Neither needs a session and
 * neither says more than up or down: versions, pids and connection details stay private.
 */
export function healthRoutes(app: App, database: Database) {
  app.get(
    '/api/health',
    { schema: { summary: 'Liveness: the process answers, without touching the database', response: { 200: healthSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/ready',
    { schema: { summary: 'Readiness: the database answers within 2 s', response: { 200: readySchema, 503: apiErrorSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), READY_TIMEOUT_MS);
      });
      const selectOne = () =>
        database.db.execute(sql`select 1`).then(
          () => 'ok' as const,
          () => 'failed' as const,
        );
      // Pooled connections the server cut (a restart, terminated backends) each fail their next query and
      // are then dropped from the pool: that says nothing about the database, so a failure is asked again
      // after a moment (the pool hears of the other cut connections meanwhile), within the same deadline.
      const check = (async () => {
        for (let attempt = 1; ; attempt++) {
          const outcome = await selectOne();
          if (outcome === 'ok' || attempt === READY_ATTEMPTS) return outcome;
          await new Promise((resolve) => setTimeout(resolve, READY_RETRY_PAUSE_MS));
        }
      })();
      const outcome = await Promise.race([check, timeout]);
      clearTimeout(timer);
      if (outcome !== 'ok') {
        void reply.header('retry-after', '1');
        return reply.status(503).send({
          code: 'NOT_READY',
          message: outcome === 'timeout' ? `The database did not answer within ${READY_TIMEOUT_MS / 1000} s.` : 'The database cannot be reached.',
        });
      }
      return { status: 'ready' as const, database: database.kind };
    },
  );
}
