/**
 * GET /api/weather figures (issue 5): p50/p95 with a cold cache and with a warm cache, the replay
 * server's own time beside them, and requests/s warm. The app runs in a child process against the
 * replay server of the recorded provider answers (tests/support/replay-server.ts) in this process.
 */
import autocannon from 'autocannon';
import { startReplayServer } from '../tests/support/replay-server.ts';
import type { BenchServerReady } from './http-server.ts';
import { fmt, heading, startBenchServer } from './lib.ts';

const CONNECTIONS = 10;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}


/** Distinct locations near Orlando (so the METAR/TAF of KMCO are decoded), each its own cache key. */
const coldLocation = (i: number) => `${(28.3 + (i % 10) * 0.02).toFixed(2)}, ${(-81.5 + Math.floor(i / 10) * 0.02).toFixed(2)}`;
const WARM_LOCATION = '28.42, -81.31';

export async function benchWeather(opts: { seconds: number; requests: number }) {
  heading(`GET /api/weather (${opts.requests} sequential requests cold and warm; autocannon ${opts.seconds} s x ${CONNECTIONS} connections warm)`);
  const replay = await startReplayServer();
  const { ready, stop } = await startBenchServer<BenchServerReady>('bench/http-server.ts', { BENCH_REPLAY_URL: replay.url });
  try {
    console.log('Server: the real app in a child process (embedded PGlite), providers pointed at the replay server of the recorded answers in this process.');
    const base = `http://127.0.0.1:${ready.port}/api/weather`;
    const headers = { cookie: ready.cookie };
    const get = async (location: string) => {
      const t0 = performance.now();
      const res = await fetch(`${base}?location=${encodeURIComponent(location)}`, { headers });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`GET /api/weather answered ${res.status}: ${text.slice(0, 200)}`);
      return performance.now() - t0;
    };

    // Warm the JIT, the connection pools and the planetary Kp (one figure for every location); not measured.
    for (let i = 0; i < 20; i++) await get(`10.${String(i).padStart(2, '0')}, 10.00`);

    replay.reset();
    const cold: number[] = [];
    for (let i = 0; i < opts.requests; i++) cold.push(await get(coldLocation(i)));
    const coldCalls = replay.requests.length;
    const replayTimes = [...replay.serverTimes];

    await get(WARM_LOCATION);
    replay.reset();
    const warm: number[] = [];
    for (let i = 0; i < opts.requests; i++) warm.push(await get(WARM_LOCATION));
    const warmCalls = replay.requests.length;

    // The same signed-in path without weather work, to show what the weather part itself costs.
    const baseline: number[] = [];
    for (let i = 0; i < opts.requests; i++) {
      const t0 = performance.now();
      const res = await fetch(`http://127.0.0.1:${ready.port}/api/preferences`, { headers });
      await res.arrayBuffer();
      baseline.push(performance.now() - t0);
    }

    const load = await autocannon({ url: `${base}?location=${encodeURIComponent(WARM_LOCATION)}`, connections: CONNECTIONS, duration: opts.seconds, headers });

    const row = (label: string, v: number[]) =>
      console.log(`${label.padEnd(34)}  ${fmt(percentile(v, 50), 1).padStart(7)}  ${fmt(percentile(v, 95), 1).padStart(7)}`);
    console.log(`${''.padEnd(34)}  ${'p50 ms'.padStart(7)}  ${'p95 ms'.padStart(7)}`);
    row('cold cache (new location each)', cold);
    row('  replay server, per outside call', replayTimes);
    row('warm cache (same location)', warm);
    row('baseline: GET /api/preferences', baseline);
    console.log(`Outside calls: ${fmt(coldCalls / opts.requests, 1)} per cold request (forecast, air quality, METAR, TAF; Kp is planetary and stays cached), ${warmCalls} for ${opts.requests} warm requests.`);
    console.log(
      `Warm throughput: ${fmt(load.requests.average)} req/s, latency p50 ${fmt(load.latency.p50, 1)} ms, p99 ${fmt(load.latency.p99, 1)} ms, non-2xx/errors ${load.non2xx}/${load.errors + load.timeouts}.`,
    );
  } finally {
    await stop();
    await replay.close();
  }
}

// Run alone: `node bench/weather.ts [--quick]`.
if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.argv.includes('--quick');
  await benchWeather({ seconds: quick ? 2 : 10, requests: quick ? 50 : 200 });
}
