/**
 * Flight-log figures at scale (issue 8), never pass/fail:
 *  (a) the server's peak resident set while four 50 MiB telemetry logs are imported at once (four
 *      users, concurrent POST /api/flight-logs/import/csv over HTTP); the issue's bound is 512 MB;
 *  (b) GET /api/flight-logs (first page) p99 for a user with 200,000 flights, beside the same run's
 *      bare GET /api/user/tier p99 (the cheapest signed-in read: the floor of any request).
 * The server runs in its own process (bench/flight-logs-scale-server.ts), so its RSS is the app's.
 *
 * Run alone: node bench/flight-logs-scale.ts [--quick]   (BENCH_NO_ENCODER=1: without the assistant, as a diagnostic)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../src/server/process-memory.ts';
import { AIRDATA_FLIGHT, airDataCsv } from '../tests/fixtures/flight-logs/generate.ts';
import type { ScaleServerAsk, ScaleServerPeak, ScaleServerReady } from './flight-logs-scale-server.ts';
import { fmt, heading } from './lib.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const IMPORT_MIB = 50;

/** An AirData log of about `mib` MiB (10 rows a second, 46 columns), cut to just under the size. */
export function telemetryOfSize(mib: number): Buffer {
  const probe = Buffer.byteLength(airDataCsv({ ...AIRDATA_FLIGHT, seconds: 100 }));
  const seconds = Math.floor(((mib * 2 ** 20) / probe) * 100 * 0.98);
  return Buffer.from(airDataCsv({ ...AIRDATA_FLIGHT, seconds, rangeM: 2500, heightM: 110 }));
}

function startServer() {
  // Started as `npm start` starts the server (flags and allocator settings), so its RSS is a deployment's.
  const child = spawn(join(root, 'node_modules/.bin/node'), ['--expose-gc', ...SERVER_NODE_FLAGS, join(root, 'bench/flight-logs-scale-server.ts')], {
    cwd: root,
    env: { ...process.env, ...SERVER_MALLOC_ENV },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<ScaleServerReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ScaleServerReady));
    child.once('exit', (code) => reject(new Error(`flight-logs-scale-server exited (${code}) before it was ready`)));
  });
  const ask = (m: ScaleServerAsk) =>
    new Promise<ScaleServerPeak>((resolve) => {
      child.once('message', (r) => resolve(r as ScaleServerPeak));
      child.send(m);
    });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { ready, ask, stop };
}

async function p99(url: string, cookie: string, seconds: number) {
  await autocannon({ url, connections: 10, duration: 1, headers: { cookie } });
  const r = await autocannon({ url, connections: 10, duration: seconds, headers: { cookie } });
  return { p99: r.latency.p99, p50: r.latency.p50, rps: r.requests.average, bad: r.non2xx + r.errors + r.timeouts };
}

export async function benchFlightLogsScale(opts: { quick: boolean } = { quick: false }) {
  heading('Flight logs at scale: four 50 MiB imports at once, a 200,000-flight logbook');
  const file = telemetryOfSize(IMPORT_MIB);
  const server = startServer();
  try {
    const ready = await server.ready;
    const base = `http://127.0.0.1:${ready.port}`;

    console.log(
      `(a) start-up on ${ready.database === 'pglite' ? 'a new PGlite data folder (creating it, loading the facilities)' : 'BENCH_DATABASE_URL (facilities loaded unless an earlier run did)'}: peak RSS ${fmt(ready.startPeakMb)} MB until the facilities data was ready (${fmt(ready.facilitiesMs)} ms after listening)`,
    );
    const round = async (importers: string[], label: string) => {
      const before = await server.ask({ ask: 'reset' });
      const t0 = performance.now();
      const results = await Promise.all(
        importers.map(async (cookie) => {
          const res = await fetch(`${base}/api/flight-logs/import/csv`, { method: 'POST', headers: { cookie, 'content-type': 'text/csv' }, body: new Uint8Array(file) });
          const body = (await res.json()) as { imported?: number; format?: string; message?: string };
          if (res.status !== 200) throw new Error(`import answered ${res.status}: ${body.message ?? ''}`);
          return body;
        }),
      );
      const ms = performance.now() - t0;
      const peak = await server.ask({ ask: 'peak' });
      console.log(
        `(a) ${label}: 4 concurrent imports of a ${fmt(file.length / 2 ** 20, 1)} MiB AirData log (${results.map((r) => `${r.format}: ${r.imported}`).join(', ')}), ${ready.database}: ` +
          `server peak RSS ${fmt(peak.peakMb)} MB (${fmt(before.baseMb)} MB before, at rest after ${fmt((before.settleMs ?? 0) / 1000, 1)} s idle: V8 heap ${fmt(before.heapMb ?? 0)} MB, WebAssembly memories and buffers ${fmt(before.externalMb ?? 0)} MB; bound 512 MB), all four done in ${fmt(ms / 1000, 1)} s`,
      );
    };
    const noAssistant = process.env.BENCH_NO_ENCODER === '1';
    await round(
      ready.importers.slice(0, 4),
      noAssistant ? 'without the assistant (BENCH_NO_ENCODER=1: no knowledge sync, no encoder)' : "as `npm start` leaves the server (knowledge indexed; the sentence encoder loaded by the assistant's warm-up)",
    );
    await server.ask({ ask: 'encoder' });
    await round(ready.importers.slice(4, 8), noAssistant ? 'the same, second round' : 'after an assistant question (the encoder used just before)');

    await server.ask({ ask: 'seed' });
    const seconds = opts.quick ? 2 : 5;
    const list = await fetch(`${base}/api/flight-logs`, { headers: { cookie: ready.lister } });
    const page = (await list.json()) as { flightLogs: unknown[]; nextCursor: string | null };
    if (list.status !== 200 || page.flightLogs.length === 0 || page.nextCursor === null) throw new Error(`GET /api/flight-logs answered ${list.status}`);
    const logs = await p99(`${base}/api/flight-logs`, ready.lister, seconds);
    const tier = await p99(`${base}/api/user/tier`, ready.lister, seconds);
    console.log(
      `(b) ${fmt(ready.flights)} flights, autocannon ${seconds} s x 10 connections, ${ready.database}: ` +
        `GET /api/flight-logs first page (${page.flightLogs.length} flights) p99 ${fmt(logs.p99)} ms (p50 ${fmt(logs.p50)}, ${fmt(logs.rps)} req/s, bad ${logs.bad}); ` +
        `bare GET /api/user/tier p99 ${fmt(tier.p99)} ms (p50 ${fmt(tier.p50)}, ${fmt(tier.rps)} req/s, bad ${tier.bad})`,
    );
  } finally {
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchFlightLogsScale({ quick: process.argv.includes('--quick') });
