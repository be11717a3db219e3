import autocannon, { type Result } from 'autocannon';
import type { BenchServerReady } from './http-server.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSummary, profileChild, type ProfileSummary } from './cpu-profile.ts';
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


/** The target ratios of issue 15, printed beside the figures (never a pass/fail). */
const TARGET_RATIO = { pglite: 0.3, postgres: 0.5 } as const;
const TARGET_P99_MS = 20;
/**
 * The server process's CPU time so far (user + system, ms), from /proc (Linux; null elsewhere). CPU per
 * answered request is the figure that other work on the machine disturbs least: req/s falls for every
 * route when another process takes a core, the bare one most, while the work each request costs stays.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in clock ticks (100 Hz).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** The signed-in route whose CPU profile is summarised. */
const PROFILED = '/api/auth/user';

/**
 * Requests/s and latency of each route, sequentially, against one server process per database: embedded
 * PGlite always, and PostgreSQL too when BENCH_DATABASE_URL is set. Ratios compare routes of one run on
 * one database. Then a separate, shorter run of the signed-in route under V8's profiler gives the top
 * self-time functions (the profile itself is kept for a flame graph).
 */
export async function benchHttp(opts: { seconds: number }) {
  heading(`HTTP (autocannon ${opts.seconds} s x ${CONNECTIONS} connections each, one after another)`);
  const databases: { kind: 'pglite' | 'postgres'; url: string }[] = [{ kind: 'pglite', url: '' }];
  if (process.env.BENCH_DATABASE_URL) databases.push({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL });
  else console.log('(PostgreSQL skipped: set BENCH_DATABASE_URL to measure it in the same run)');
  const profiles: { kind: string; summary: ProfileSummary }[] = [];
  const profileDir = mkdtempSync(join(tmpdir(), 'dd-bench-profile-'));
  for (const database of databases) {
    const { ready, stop, child } = await startBenchServer<BenchServerReady>('bench/http-server.ts', { BENCH_DATABASE_URL: database.url });
    try {
      console.log(
        `\nServer: the real app from buildApp() in a child process (${ready.database === 'pglite' ? 'embedded PGlite, fresh data folder' : 'PostgreSQL, BENCH_DATABASE_URL'}), ` +
          'LOG_LEVEL=warn, RATE_LIMIT_SIGN_IN=0, RATE_LIMIT_WRITES=0; autocannon in this process.',
      );
      const base = `http://127.0.0.1:${ready.port}`;
      const results: { target: Target; result: Result; cpuUsPerRequest: number | null }[] = [];
      for (const target of TARGETS) {
        const headers = target.signedIn ? { cookie: ready.cookie } : undefined;
        // A wrong answer would make the figure meaningless: every route must answer 200 first.
        const check = await fetch(base + target.path, { headers });
        if (check.status !== 200) throw new Error(`${target.path} answered ${check.status}: ${await check.text()}`);
        await check.arrayBuffer().catch(() => undefined);
        // Warm up the JIT and the connection pool; not measured.
        await autocannon({ url: base + target.path, connections: CONNECTIONS, duration: Math.min(1, opts.seconds / 2), headers });
        await (await fetch(base + target.path, { headers })).arrayBuffer();
        const cpuBefore = cpuMsOf(child.pid);
        const result = await autocannon({ url: base + target.path, connections: CONNECTIONS, duration: opts.seconds, headers });
        const cpuAfter = cpuMsOf(child.pid);
        const answered = result.requests.total;
        const cpuUsPerRequest = cpuBefore === null || cpuAfter === null || answered === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / answered;
        results.push({ target, result, cpuUsPerRequest });
        // autocannon leaves requests queued in the server when it stops; one more answer means they have
        // been worked off, so the next run starts clean and the server is idle when it is stopped.
        await (await fetch(base + target.path, { headers })).arrayBuffer();
      }

      const bare = results[0]!.result.requests.average;
      const bareCpu = results[0]!.cpuUsPerRequest;
      const width = Math.max(...results.map((r) => r.target.label.length));
      console.log(
        `${'route'.padEnd(width)}  ${'req/s'.padStart(9)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  ${'vs bare'.padStart(7)}  ` +
          `${'CPU µs/req'.padStart(10)}  ${'bare/this'.padStart(9)}  non-2xx/errors`,
      );
      for (const { target, result, cpuUsPerRequest } of results) {
        const ratio = result.requests.average / bare;
        const cpuRatio = cpuUsPerRequest === null || bareCpu === null ? '' : (bareCpu / cpuUsPerRequest).toFixed(2) + 'x';
        console.log(
          `${target.label.padEnd(width)}  ${fmt(result.requests.average).padStart(9)}  ${fmt(result.latency.p50, 1).padStart(7)}  ` +
            `${fmt(result.latency.p99, 1).padStart(7)}  ${(ratio.toFixed(2) + 'x').padStart(7)}  ` +
            `${(cpuUsPerRequest === null ? '' : fmt(cpuUsPerRequest, 1)).padStart(10)}  ${cpuRatio.padStart(9)}  ${result.non2xx}/${result.errors + result.timeouts}`,
        );
      }
      console.log(`(issue 15's target for the signed-in routes on ${database.kind}: ≥ ${TARGET_RATIO[database.kind]}x bare, p99 < ${TARGET_P99_MS} ms)`);
      console.log('(CPU µs/req: the server process\'s CPU time over the run divided by the requests answered; bare/this is the request-cost ratio, which other load on the machine disturbs least)');

      const headers = { cookie: ready.cookie };
      const summary = await profileChild(child, join(profileDir, `${database.kind}-api-auth-user.cpuprofile`), async () => {
        await autocannon({ url: base + PROFILED, connections: CONNECTIONS, duration: Math.min(opts.seconds, 5), headers });
      });
      await (await fetch(base + PROFILED, { headers })).arrayBuffer();
      profiles.push({ kind: database.kind, summary });
    } finally {
      await stop();
    }
  }
  for (const { kind, summary } of profiles) printSummary(`\nCPU profile of signed-in GET ${PROFILED} on ${kind} (${CONNECTIONS} connections)`, summary);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchHttp({ seconds: process.argv.includes('--quick') ? 2 : 10 });
