/**
 * The server the analytics benchmark loads (issue 13): the real app on a fresh database (embedded
 * PGlite, or BENCH_DATABASE_URL) seeded with BENCH_USERS users (default 100,000) signing up over 400
 * days and BENCH_ACTIVITY activity rows (default 1,000,000: ten a user over the last year, one in ten a
 * sign-in), plus a signed-in super_admin. Run as a child so the load generator has its own event loop.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { listenUntilStopped } from './lib.ts';

export interface AnalyticsBenchReady {
  port: number;
  cookie: string;
  database: 'pglite' | 'postgres';
  users: number;
  activity: number;
  seedMs: number;
}

const users = Number(process.env.BENCH_USERS ?? 100_000);
const activity = Number(process.env.BENCH_ACTIVITY ?? 1_000_000);
const dataDir = mkdtempSync(join(tmpdir(), 'dd-bench-analytics-'));
const config = loadConfig(
  { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_WRITES: '0', AUTH_DEV_LOGIN: '1' },
  { webRoot: null },
);
const { app, database } = await buildApp(config);
const { db } = database;

const started = Date.now();
await db.execute(sql`
  insert into users (id, email, display_name, created_at)
  select 'bench-' || g, 'bench-' || g || '@bench.example', 'Bench ' || g, now() - ((g % 400) || ' days')::interval - ((g % 1440) || ' minutes')::interval
  from generate_series(1, ${users}) g`);
// Bulk seeding goes around the per-row active-user trigger and fills the counters the way the migration
// back-fills them, in three statements instead of two million trigger calls.
await db.execute(sql`alter table user_activity disable trigger user_activity_record_active_user`);
// Row i belongs to user i % users on day offset (k * 37 + user % 7) for k = i / users: distinct days per
// user, so the once-a-day api_use index holds.
await db.execute(sql`
  insert into user_activity (user_id, activity_type, activity_date)
  select 'bench-' || (1 + i % ${users}),
         case when i % 10 = 0 then 'sign_in' else 'api_use' end,
         (now() at time zone 'utc')::date - (((i / ${users}) * 37 + (i % ${users}) % 7) % 365)
  from generate_series(0, ${activity - 1}) i`);
await db.execute(sql`
  insert into active_user_periods (period_kind, period_start, user_id)
  select distinct 'day', activity_date, user_id from user_activity
  union
  select distinct 'month', date_trunc('month', activity_date)::date, user_id from user_activity
  on conflict do nothing`);
await db.execute(sql`
  insert into active_user_counts (period_kind, period_start, users)
  select period_kind, period_start, count(*) from active_user_periods group by period_kind, period_start
  on conflict (period_kind, period_start) do update set users = excluded.users`);
await db.execute(sql`alter table user_activity enable trigger user_activity_record_active_user`);
await db.execute(sql`analyze users`);
await db.execute(sql`analyze user_activity`);
const seedMs = Date.now() - started;

const signIn = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'bench-boss@example.com', tier: 'super_admin' } });
if (signIn.statusCode !== 200) throw new Error(`bench sign-in failed: ${signIn.statusCode} ${signIn.body}`);
const port = await listenUntilStopped(app, dataDir);
const ready: AnalyticsBenchReady = { port, cookie: signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; '), database: database.kind, users, activity, seedMs };
process.send?.(ready);
