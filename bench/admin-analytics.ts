/**
 * Staff analytics figure (issue 13), never pass/fail: GET /api/admin/analytics p50/p95 with 100,000 users
 * and 1,000,000 activity rows, beside the same run's GET /api/user/tier (the cheapest signed-in read of
 * the same user) as the yardstick. Requests go CONCURRENCY at a time for the given seconds; every
 * latency is kept, so p95 is exact.
 *
 * Run alone: node bench/admin-analytics.ts [--quick]
 */
import { fileURLToPath } from 'node:url';
import type { AnalyticsBenchReady } from './admin-analytics-server.ts';
import { fmt, heading, startBenchServer } from './lib.ts';

const CONCURRENCY = 4;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(url: string, cookie: string, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return latencies;
}

export async function benchAdminAnalytics(opts: { seconds: number; quick: boolean }) {
  const env = opts.quick ? { BENCH_USERS: '10000', BENCH_ACTIVITY: '100000' } : {};
  heading(`Staff analytics (${CONCURRENCY} concurrent requests for ${opts.seconds} s per route)`);
  const { ready, stop } = await startBenchServer<AnalyticsBenchReady>('bench/admin-analytics-server.ts', env);
  try {
    console.log(
      `Server: the real app in a child process (${ready.database === 'pglite' ? 'embedded PGlite' : 'PostgreSQL, BENCH_DATABASE_URL'}), ` +
        `${fmt(ready.users)} users and ${fmt(ready.activity)} activity rows seeded in ${fmt(ready.seedMs / 1000, 1)} s.`,
    );
    const base = `http://127.0.0.1:${ready.port}`;
    console.log(`${'route'.padEnd(28)}  ${'requests'.padStart(8)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}`);
    for (const path of ['/api/user/tier', '/api/admin/analytics', '/api/admin/analytics/daily-active-users', '/api/admin/analytics/monthly-active-users']) {
      await measure(base + path, ready.cookie, Math.min(1, opts.seconds / 2)); // warm-up, not measured
      const v = await measure(base + path, ready.cookie, opts.seconds);
      console.log(`${('GET ' + path.replace('/api/admin/analytics/', '…/')).padEnd(28)}  ${fmt(v.length).padStart(8)}  ${fmt(percentile(v, 50), 1).padStart(7)}  ${fmt(percentile(v, 95), 1).padStart(7)}`);
    }
  } finally {
    await stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const quick = process.argv.includes('--quick');
  await benchAdminAnalytics({ seconds: quick ? 2 : 10, quick });
}
