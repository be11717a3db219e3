/**
 * Flight-log figures (issue 4), never pass/fail:
 *  - importing a 100,000-row telemetry log (AirData layout, 10 Hz, about 2.8 hours) and a 10,000-row
 *    logbook through POST /api/flight-logs/import/csv: wall time and peak memory, beside merely parsing
 *    the same file with csv-parse in the same run (the ratio is the figure);
 *  - GET /api/flight-logs (first page) requests/s and p99 for a user with 5,000 flights.
 * Each measured step runs in its own child process, so one step's garbage is not the next one's peak.
 * Peak memory is the process's resident set, sampled every 5 ms by a worker thread (the main thread
 * is busy parsing), minus what it was just before the step.
 *
 * Run alone: node bench/flight-logs.ts [--quick]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { parse } from 'csv-parse/sync';
import { AIRDATA_FLIGHT, airDataCsv } from '../tests/fixtures/flight-logs/generate.ts';
import { fmt, heading } from './lib.ts';

const self = fileURLToPath(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

type Step = 'parse' | 'import' | 'server';
interface StepResult {
  ms: number;
  peakMb: number;
  rows: number;
  detail: string;
}
interface ServerReady {
  port: number;
  cookie: string;
  flights: number;
  database: string;
}

/** A pilot's spreadsheet: 10,000 flights over three drones and several years. */
export function logbookCsv(rows: number): string {
  const lines = ['Date,Takeoff Time (UTC),Duration (min),Drone,Serial Number,Model,Location,Flight Type,Notes'];
  const drones = [
    ['Survey Mavic', '1581F4XFB22A0012', 'Mavic 3'],
    ['Inspection M30T', '1ZNBJ7R00C00EX', 'Matrice 30T'],
    ['Training Mini', '1SSCJ2K00B0LZ4', 'Mini 3 Pro'],
  ];
  const types = ['commercial', 'inspection', 'training', 'recreational'];
  const start = Date.UTC(2019, 0, 1);
  for (let i = 0; i < rows; i++) {
    const d = drones[i % 3]!;
    const at = new Date(start + i * 4 * 3_600_000 + (i % 7) * 60_000);
    lines.push(
      [
        at.toISOString().slice(0, 10),
        at.toISOString().slice(11, 19),
        8 + ((i * 7) % 35),
        d[0],
        d[1],
        d[2],
        `"Site ${i % 40}, Block ${i % 9}"`,
        types[i % 4],
        i % 5 === 0 ? `"Flight ${i}: battery swap, ND16"` : '',
      ].join(','),
    );
  }
  return lines.join('\r\n') + '\r\n';
}

// ---- Child side ----

/** Samples the process's RSS from another thread while the main one is busy. */
function startSampler() {
  const shared = new Float64Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const peak = new Float64Array(workerData);
     setInterval(() => { const r = process.memoryUsage.rss(); if (r > peak[0]) peak[0] = r; }, 5);`,
    { eval: true, workerData: shared.buffer },
  );
  worker.unref();
  return {
    reset: () => (shared[0] = process.memoryUsage.rss()),
    peakSince: (base: number) => Math.max(0, (Math.max(shared[0]!, process.memoryUsage.rss()) - base) / 2 ** 20),
    stop: () => worker.terminate(),
  };
}

async function appWithUser(dataDir: string, tier: 'pro') {
  const { buildApp } = await import('../src/server/app.ts');
  const { loadConfig } = await import('../src/server/config.ts');
  const config = loadConfig(
    { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL, LOG_LEVEL: 'warn', RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_WRITES: '0', AUTH_DEV_LOGIN: '1', HOST: '127.0.0.1', PORT: '0' },
    { webRoot: null },
  );
  const built = await buildApp(config);
  const email = `bench-${process.pid}-${Date.now()}@example.com`;
  const res = await built.app.inject({ method: 'POST', url: '/api/dev/login', payload: { email, tier } });
  const session = res.cookies.find((c) => c.name === 'better-auth.session_token');
  if (res.statusCode !== 200 || !session) throw new Error(`bench sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = `${session.name}=${session.value}`;
  // The AirData layout names no drone: the pilot's one drone takes the flight (no question asked).
  const drone = await built.app.inject({ method: 'POST', url: '/api/drones', headers: { cookie }, payload: { serialNumber: '1581F4XFB22A0012', manufacturer: 'DJI', model: 'Mavic 3' } });
  if (drone.statusCode !== 201) throw new Error(`bench drone failed: ${drone.statusCode} ${drone.body}`);
  return { ...built, cookie };
}

async function importFile(app: Awaited<ReturnType<typeof appWithUser>>, body: Buffer) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/flight-logs/import/csv',
    headers: { cookie: app.cookie, 'content-type': 'text/csv' },
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json<{ imported: number; totalFound: number; format: string }>();
}

async function child(step: Step, file: string, dataDir: string) {
  const send = (m: unknown) => process.send?.(m);
  const body = readFileSync(file);
  if (step === 'parse') {
    const sampler = startSampler();
    const base = sampler.reset();
    const t0 = performance.now();
    const records = parse(body.toString('utf8'), { relax_column_count: true });
    const ms = performance.now() - t0;
    send({ ms, peakMb: sampler.peakSince(base), rows: records.length - 1, detail: 'csv-parse/sync, default options' } satisfies StepResult);
    await sampler.stop();
    return;
  }
  const app = await appWithUser(dataDir, 'pro');
  if (step === 'import') {
    const sampler = startSampler();
    await new Promise((r) => setTimeout(r, 50));
    const base = sampler.reset();
    const t0 = performance.now();
    const result = await importFile(app, body);
    const ms = performance.now() - t0;
    send({ ms, peakMb: sampler.peakSince(base), rows: result.totalFound, detail: `${result.format}: ${result.imported} flights imported` } satisfies StepResult);
    await sampler.stop();
    await app.app.close();
    return;
  }
  // 'server': a user with 5,000 flights (imported through the product), then listen for autocannon.
  const result = await importFile(app, body);
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  send({ port: address.port, cookie: app.cookie, flights: result.imported, database: app.database.kind } satisfies ServerReady);
  const close = async () => {
    await app.app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void close());
  process.on('disconnect', () => void close());
}

// ---- Parent side ----

function runChild<T>(step: Step, file: string, dataDir: string): { result: Promise<T>; stop: () => Promise<void> } {
  const proc = fork(self, ['--child', step, file, dataDir], { cwd: root, execPath: join(root, 'node_modules/.bin/node'), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const result = new Promise<T>((resolve, reject) => {
    proc.once('message', (m) => resolve(m as T));
    proc.once('exit', (code) => reject(new Error(`bench child '${step}' exited (${code}) without a result`)));
  });
  return {
    result,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGTERM');
      await exited;
    },
  };
}

async function measure(step: Step, file: string, dataDir: string): Promise<StepResult> {
  const c = runChild<StepResult>(step, file, dataDir);
  try {
    return await c.result;
  } finally {
    await c.stop();
  }
}

export async function benchFlightLogs(opts: { quick: boolean } = { quick: false }) {
  const telemetryRows = 100_000;
  const logbookRows = 10_000;
  const listFlights = 5_000;
  const seconds = opts.quick ? 3 : 10;
  heading('Flight-log import and logbook reads');
  const dir = mkdtempSync(join(tmpdir(), 'dd-bench-flights-'));
  try {
    const telemetry = join(dir, 'airdata-100k.csv');
    // 100,000 rows at 10 Hz is 9,999.9 s of flight.
    writeFileSync(telemetry, airDataCsv({ ...AIRDATA_FLIGHT, seconds: (telemetryRows - 1) / 10, rangeM: 2500, heightM: 110 }));
    const logbook = join(dir, 'logbook-10k.csv');
    writeFileSync(logbook, logbookCsv(logbookRows));
    const list = join(dir, 'logbook-5k.csv');
    writeFileSync(list, logbookCsv(listFlights));
    console.log(
      `Files: ${fmt(telemetryRows)}-row AirData telemetry (${fmt(readFileSync(telemetry).length / 2 ** 20, 1)} MB, 46 columns), ` +
        `${fmt(logbookRows)}-row logbook (${fmt(readFileSync(logbook).length / 2 ** 20, 1)} MB). Database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite, fresh data folder per step'}.`,
    );

    const rows: [string, StepResult, StepResult][] = [];
    for (const [label, file] of [
      ['telemetry 100,000 rows', telemetry],
      ['logbook    10,000 rows', logbook],
    ] as const) {
      const parsed = await measure('parse', file, mkdtempSync(join(dir, 'db-')));
      const imported = await measure('import', file, mkdtempSync(join(dir, 'db-')));
      rows.push([label, parsed, imported]);
    }
    console.log(`${'file'.padEnd(24)}  ${'parse ms'.padStart(9)}  ${'parse MB'.padStart(9)}  ${'import ms'.padStart(9)}  ${'import MB'.padStart(9)}  ${'time x'.padStart(7)}  result`);
    for (const [label, p, i] of rows) {
      console.log(
        `${label.padEnd(24)}  ${fmt(p.ms).padStart(9)}  ${fmt(p.peakMb).padStart(9)}  ${fmt(i.ms).padStart(9)}  ${fmt(i.peakMb).padStart(9)}  ${(i.ms / p.ms).toFixed(2).padStart(6)}x  ${i.detail}`,
      );
    }
    console.log('(parse: csv-parse/sync on the same bytes, all records as arrays; import: the whole POST, decode + recognise + read + write, in one transaction; MB: peak RSS above the step\'s start)');

    const server = runChild<ServerReady>('server', list, mkdtempSync(join(dir, 'db-')));
    try {
      const ready = await server.result;
      const url = `http://127.0.0.1:${ready.port}/api/flight-logs`;
      const check = await fetch(url, { headers: { cookie: ready.cookie } });
      const body = (await check.json()) as { flightLogs: unknown[]; nextCursor: string | null };
      // Paged since issue 8 (ADR 0014): the first page of the default size, with a cursor to the next.
      if (check.status !== 200 || body.flightLogs.length === 0 || body.nextCursor === null) throw new Error(`GET /api/flight-logs answered ${check.status} with ${body.flightLogs.length} flights`);
      await autocannon({ url, connections: 10, duration: 1, headers: { cookie: ready.cookie } });
      const result = await autocannon({ url, connections: 10, duration: seconds, headers: { cookie: ready.cookie } });
      // Let requests still in flight when the run ended finish before the server stops.
      await new Promise((r) => setTimeout(r, Math.min(15_000, result.latency.max + 500)));
      console.log(
        `GET /api/flight-logs first page (${body.flightLogs.length} of ${fmt(ready.flights)} flights, ${fmt(JSON.stringify(body).length / 1024, 1)} KB JSON), autocannon ${seconds} s x 10 connections, ${ready.database}: ` +
          `${fmt(result.requests.average, 1)} req/s, p50 ${fmt(result.latency.p50)} ms, p99 ${fmt(result.latency.p99)} ms, non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') {
  await child(argv[1] as Step, argv[2]!, argv[3]!);
} else if (process.argv[1] === self) {
  await benchFlightLogs({ quick: argv.includes('--quick') });
}
