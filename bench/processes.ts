/**
 * Issue 17's figure: signed-in GET /api/auth/user req/s with WEB_CONCURRENCY=1 and =2 on PostgreSQL, in
 * one run, and their ratio. Each server is `node src/server/main.ts` as `npm start` runs it (same flags),
 * on one fresh database of BENCH_DATABASE_URL's server. Skipped without BENCH_DATABASE_URL (PGlite is
 * one process by construction).
 *
 * Run alone: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/processes.ts [--quick]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { emptyDatabase, freePort, startServerProcess } from '../tests/support/server-processes.ts';
import { fmt, heading } from './lib.ts';

async function measure(databaseUrl: string, workers: number, seconds: number) {
  const port = await freePort();
  const server = await startServerProcess(
    {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'dd-bench-procs-')),
      AUTH_SECRET: 'bench-processes-secret-of-at-least-32-characters',
      AUTH_DEV_LOGIN: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGN_IN: '0',
      RATE_LIMIT_WRITES: '0',
      WEB_CONCURRENCY: String(workers),
    },
    workers > 1 ? new RegExp(`${workers} worker processes ready`) : /ready on/i,
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = await fetch(`${base}/api/dev/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
      body: JSON.stringify({ email: `bench-procs-${workers}@example.com`, tier: 'pro' }),
    });
    if (login.status !== 200) throw new Error(`bench sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const url = `${base}/api/auth/user`;
    await autocannon({ url, connections: 50, duration: 1, headers: { cookie } });
    const r = await autocannon({ url, connections: 50, duration: seconds, headers: { cookie } });
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bad: r.non2xx + r.errors + r.timeouts };
  } finally {
    await server.stop();
  }
}

export async function benchProcesses(opts: { seconds: number }) {
  heading('Several processes on one PostgreSQL (WEB_CONCURRENCY), signed-in GET /api/auth/user, autocannon 50 connections');
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log('skipped: set BENCH_DATABASE_URL to a PostgreSQL server (PGlite always runs one process).');
    return;
  }
  const database = await emptyDatabase(serverUrl);
  try {
    const one = await measure(database.url, 1, opts.seconds);
    const two = await measure(database.url, 2, opts.seconds);
    const line = (n: number, r: typeof one) =>
      `WEB_CONCURRENCY=${n}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms (bad ${r.bad})`;
    console.log(line(1, one));
    console.log(line(2, two));
    console.log(`ratio 2 / 1: ${(two.rps / one.rps).toFixed(2)}x (target ≥ 1.6x on 2 cores; the load generator shares those cores)`);
  } finally {
    await database.drop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchProcesses({ seconds: process.argv.includes('--quick') ? 3 : 10 });
