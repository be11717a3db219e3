/**
 * The server of the flight-log scale figures (issue 8), in its own process so its resident set is the
 * app's alone: the real app on a fresh database, four pro users with a drone each (the importers), and
 * one user with 200,000 flights (written with one SQL statement when asked, after the imports: the list
 * is measured, not the import).
 * A worker thread samples this process's RSS every 5 ms; the parent asks for the peak over IPC.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { embedTexts } from '../src/server/modules/knowledge/encoder.ts';
import { listenUntilStopped } from './lib.ts';

export interface ScaleServerReady {
  port: number;
  importers: string[];
  lister: string;
  flights: number;
  database: 'pglite' | 'postgres';
  /** Peak RSS from the process start until the first-start work (database creation, facilities load) ended. */
  startPeakMb: number;
  facilitiesMs: number;
}
export type ScaleServerAsk = { ask: 'reset' } | { ask: 'peak' } | { ask: 'seed' } | { ask: 'encoder' };
export interface ScaleServerPeak {
  peakMb: number;
  baseMb: number;
  /** How long the server idled before its resident set stopped falling (reset only). */
  settleMs?: number;
  /**
   * What the resident set at rest holds (reset only, MB): V8's heap, and memory outside it (every
   * WebAssembly memory, PGlite's and the encoder's, and buffers), as process.memoryUsage() counts them.
   */
  heapMb?: number;
  externalMb?: number;
}

const FLIGHTS = Number(process.env.BENCH_FLIGHTS ?? 200_000);

const shared = new Float64Array(new SharedArrayBuffer(8));
const sampler = new Worker(
  `const { workerData } = require('node:worker_threads');
   const peak = new Float64Array(workerData);
   setInterval(() => { const r = process.memoryUsage.rss(); if (r > peak[0]) peak[0] = r; }, 5);`,
  { eval: true, workerData: shared.buffer },
);
sampler.unref();

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'dd-bench-scale-'));
const config = loadConfig(
  { DATA_DIR: dataDir, DATABASE_URL: process.env.BENCH_DATABASE_URL, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', RATE_LIMIT_SIGN_IN: '0', RATE_LIMIT_WRITES: '0', AUTH_DEV_LOGIN: '1' },
  { webRoot: null },
);
const { app, database, assistant } = await buildApp(config);
// As main.ts does before listening: the knowledge base indexed, and with it the assistant's warm-up, which
// loads the sentence encoder (a server just started has it loaded for its first 10 minutes).
// BENCH_NO_ENCODER=1 leaves the assistant out altogether, to tell what it adds.
const withAssistant = process.env.BENCH_NO_ENCODER !== '1';
if (withAssistant) await assistant.syncKnowledge();

async function signIn(email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { email, tier: 'pro' } });
  if (res.statusCode !== 200) throw new Error(`bench sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  // The AirData layout names no drone: the pilot's one drone takes the flight (no question asked).
  const drone = await app.inject({ method: 'POST', url: '/api/drones', headers: { cookie }, payload: { serialNumber: '1581F4XFB22A0012', manufacturer: 'DJI', model: 'Mavic 3' } });
  if (drone.statusCode !== 201) throw new Error(`bench drone failed: ${drone.statusCode} ${drone.body}`);
  return { cookie, droneId: drone.json<{ id: number }>().id };
}

const importers = [];
// Two rounds of four: as the server was started, then after an assistant question.
for (let i = 0; i < 8; i++) importers.push((await signIn(`bench-importer-${i}-${process.pid}@example.com`)).cookie);
const lister = await signIn(`bench-lister-${process.pid}@example.com`);
const [owner] = (await database.db.execute<{ user_id: string }>(sql`select user_id from drones where id = ${lister.droneId}`)).rows;


const port = await listenUntilStopped(app, dataDir);

/**
 * A new data folder's one-off work (creating the cluster, the facilities load the listening server starts)
 * is waited for and its peak reported apart: the bound is about imports on a running server, and a deployed
 * server did that work once, at its first start.
 */
async function firstStartDone() {
  const t0 = performance.now();
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/api/facilities/status', headers: { cookie: lister.cookie } });
    if (res.statusCode === 200 && res.json<{ state: string }>().state === 'ready') return Math.round(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 200));
  }
}
const facilitiesMs = await firstStartDone();
const startPeakMb = Math.max(shared[0]!, process.memoryUsage.rss()) / 2 ** 20;
/** After the imports: PGlite's memory grows with what it has written and never shrinks, so the seed would be in their figure. */
async function seed() {
  // Dates over 25 years, a takeoff time on nine flights in ten (unknown on the tenth, as manual logs).
  await database.db.execute(sql`
    insert into flight_logs (user_id, drone_id, flight_date, takeoff_time, flight_duration, location, flight_type, notes, source)
    select ${owner!.user_id}, ${lister.droneId}, date '2000-01-01' + (i % 9000), case when i % 10 = 0 then null else time '00:00' + (i * 37 % 86400) * interval '1 second' end,
      1 + i % 90, 'Site ' || (i % 40), 'commercial', case when i % 5 = 0 then 'Battery swap, ND16' end, 'import'
    from generate_series(1, ${FLIGHTS}) as i`);
}

/**
 * A server at rest, as a deployed one is when pilots import: after start-up V8 gives back what it no
 * longer needs over a few idle seconds (its memory reducer), which a forced GC alone does not do. Waits
 * until the RSS has moved less than 4 MB over 6 s (at most 30 s) and says how long that took.
 */
async function settled(): Promise<number> {
  const t0 = performance.now();
  global.gc?.();
  let last = process.memoryUsage.rss();
  let steadySince = performance.now();
  while (performance.now() - t0 < 30_000) {
    await new Promise((r) => setTimeout(r, 500));
    const now = process.memoryUsage.rss();
    if (Math.abs(now - last) > 4 * 2 ** 20) {
      last = now;
      steadySince = performance.now();
    } else if (performance.now() - steadySince >= 6000) break;
  }
  return Math.round(performance.now() - t0);
}

process.on('message', (m: ScaleServerAsk) => {
  if (m.ask === 'encoder' && !withAssistant) process.send?.({ peakMb: 0, baseMb: 0 } satisfies ScaleServerPeak);
  else if (m.ask === 'encoder') {
    // What a question does to the server's memory: its sentence encoder loads the model.
    void embedTexts(['how high can i fly my drone']).then(() => process.send?.({ peakMb: 0, baseMb: 0 } satisfies ScaleServerPeak));
  } else if (m.ask === 'seed') {
    void seed().then(() => process.send?.({ peakMb: 0, baseMb: 0 } satisfies ScaleServerPeak));
  } else if (m.ask === 'reset') {
    void settled().then((settleMs) => {
      shared[0] = process.memoryUsage.rss();
      const { heapTotal, external } = process.memoryUsage();
      process.send?.({ peakMb: shared[0] / 2 ** 20, baseMb: shared[0] / 2 ** 20, settleMs, heapMb: heapTotal / 2 ** 20, externalMb: external / 2 ** 20 } satisfies ScaleServerPeak);
    });
  } else process.send?.({ peakMb: Math.max(shared[0]!, process.memoryUsage.rss()) / 2 ** 20, baseMb: 0 } satisfies ScaleServerPeak);
});
process.send?.({ port, importers, lister: lister.cookie, flights: FLIGHTS, database: database.kind, startPeakMb, facilitiesMs } satisfies ScaleServerReady);
