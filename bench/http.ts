import autocannon, { type Result } from 'autocannon';
import type { BenchServerReady } from './http-server.ts';
import { fmt, heading, startBenchServer } from './lib.ts';

const CONNECTIONS = 50;

interface Target {
  label: string;
  path: string;
  signedIn: boolean;
}

const TARGETS: Target[] = [
  { label: 'bare Fastify route  GET /bench/hello', path: '/bench/hello', signedIn: false },
  { label: 'signed in  GET /api/auth/user', path: '/api/auth/user', signedIn: true },
  { label: 'signed in  GET /api/preferences', path: '/api/preferences', signedIn: true },
];


/** Requests/s and p99 latency of each route, sequentially, against one server process. */
export async function benchHttp(opts: { seconds: number }) {
  heading(`HTTP (autocannon ${opts.seconds} s x ${CONNECTIONS} connections each, one after another)`);
  const { ready, stop } = await startBenchServer<BenchServerReady>('bench/http-server.ts');
  try {
    console.log(
      `Server: the real app from buildApp() in a child process (${ready.database === 'pglite' ? 'embedded PGlite, fresh data folder' : 'PostgreSQL, BENCH_DATABASE_URL'}), ` +
        'LOG_LEVEL=warn, RATE_LIMIT_SIGN_IN=0, RATE_LIMIT_WRITES=0; autocannon in this process.',
    );
    const base = `http://127.0.0.1:${ready.port}`;
    const results: { target: Target; result: Result }[] = [];
    for (const target of TARGETS) {
      const headers = target.signedIn ? { cookie: ready.cookie } : undefined;
      // A wrong answer would make the figure meaningless: every route must answer 200 first.
      const check = await fetch(base + target.path, { headers });
      if (check.status !== 200) throw new Error(`${target.path} answered ${check.status}: ${await check.text()}`);
      await check.arrayBuffer().catch(() => undefined);
      // Warm up the JIT and the connection pool; not measured.
      await autocannon({ url: base + target.path, connections: CONNECTIONS, duration: Math.min(1, opts.seconds / 2), headers });
      await (await fetch(base + target.path, { headers })).arrayBuffer();
      const result = await autocannon({ url: base + target.path, connections: CONNECTIONS, duration: opts.seconds, headers });
      results.push({ target, result });
      // autocannon leaves requests queued in the server when it stops; one more answer means they have
      // been worked off, so the next run starts clean and the server is idle when it is stopped.
      await (await fetch(base + target.path, { headers })).arrayBuffer();
    }

    const bare = results[0]!.result.requests.average;
    const width = Math.max(...results.map((r) => r.target.label.length));
    console.log(`${'route'.padEnd(width)}  ${'req/s'.padStart(9)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'vs bare'.padStart(7)}  non-2xx/errors`);
    for (const { target, result } of results) {
      const ratio = result.requests.average / bare;
      console.log(
        `${target.label.padEnd(width)}  ${fmt(result.requests.average).padStart(9)}  ${fmt(result.latency.p50, 1).padStart(7)}  ` +
          `${fmt(result.latency.p99, 1).padStart(7)}  ${(ratio.toFixed(2) + 'x').padStart(7)}  ${result.non2xx}/${result.errors + result.timeouts}`,
      );
    }
  } finally {
    await stop();
  }
}
