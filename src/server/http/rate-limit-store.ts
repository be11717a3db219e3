import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Keys are a route and a client id (an IP or a user id); anything longer is cut, never stored whole. */
const MAX_KEY = 300;
/** About one increment in this many also clears windows that ended a while ago. */
const SWEEP_EVERY = 500;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store on PostgreSQL: one upsert per counted request, atomic under concurrency
 * (the row lock of `on conflict do update`), so N processes share one budget. A database failure fails
 * the request like any other (503 via the error handler): a limit must not silently open up.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options: FastifyRateLimitOptions, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = `${this.prefix}${key}`.slice(0, MAX_KEY);
      const windowMs = Math.max(1, Math.round(timeWindow));
      void db
        .execute<{ hits: number; ttl: number }>(
          sql`insert into rate_limit_counters as c (key, hits, window_ends_at)
              values (${fullKey}, 1, clock_timestamp() + ${windowMs} * interval '1 millisecond')
              on conflict (key) do update set
                hits = case when c.window_ends_at <= clock_timestamp() then 1 else c.hits + 1 end,
                window_ends_at = case when c.window_ends_at <= clock_timestamp() then excluded.window_ends_at else c.window_ends_at end
              returning hits, greatest(0, ceil(extract(epoch from (window_ends_at - clock_timestamp())) * 1000))::int as ttl`,
        )
        .then((result) => {
          const row = result.rows[0]!;
          callback(null, { current: Number(row.hits), ttl: Number(row.ttl) });
          if (Math.random() * SWEEP_EVERY < 1) void sweep(db);
        }, (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` (its types name only the route options).
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new PostgresRateLimitStore({}, `${[route.method ?? ''].flat().join(',')} ${route.url ?? ''} `);
    }
  }
  return PostgresRateLimitStore;
}

async function sweep(db: Db) {
  await db.execute(sql`delete from rate_limit_counters where window_ends_at < clock_timestamp() - interval '1 minute'`).catch(() => undefined);
}
