/**
 * The server the HTTP and weather benchmarks load, run as a child process so the load generator (and
 * the replay server) in the parent do not share its event loop. It is the real app from buildApp() on a
 * fresh embedded database (or BENCH_DATABASE_URL), plus one bench-only route, /bench/hello, added to this
 * instance (never to the product) as the baseline: it passes through the same global hooks (helmet,
 * origin check, error records) but does no work. With BENCH_REPLAY_URL the weather providers' base URLs
 * point at the parent's replay server of the recorded answers.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { answerProfileRequests } from './cpu-profile.ts';
import { listenUntilStopped, waitForBackgroundLoads } from './lib.ts';

export interface BenchServerReady {
  port: number;
  cookie: string;
  database: 'pglite' | 'postgres';
}

const replayUrl = process.env.BENCH_REPLAY_URL;
const providers = replayUrl
  ? {
      OPEN_METEO_URL: replayUrl,
      OPEN_METEO_GEOCODING_URL: replayUrl,
      OPEN_METEO_AIR_QUALITY_URL: replayUrl,
      AVIATION_WEATHER_URL: replayUrl,
      SWPC_URL: replayUrl,
    }
  : {};

const dataDir = mkdtempSync(join(tmpdir(), 'dd-bench-http-'));
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    // Empty means embedded PGlite (bench/http.ts runs both databases in one run).
    DATABASE_URL: process.env.BENCH_DATABASE_URL || undefined,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGN_IN: '0',
    RATE_LIMIT_WRITES: '0',
    // Only to sign the benchmark's user in.
    AUTH_DEV_LOGIN: '1',
    ...providers,
  },
  // The pages benchmark serves a production build; the HTTP ones serve no web app.
  { webRoot: process.env.BENCH_WEB_ROOT || null },
);
const { app, database } = await buildApp(config);
app.get('/bench/hello', async () => ({ hello: 'world' }));

const signIn = await app.inject({ method: 'POST', url: '/api/dev/login', payload: { email: 'bench@example.com', tier: 'pro' } });
const session = signIn.cookies.find((c) => c.name === 'better-auth.session_token');
if (signIn.statusCode !== 200 || !session) throw new Error(`bench sign-in failed: ${signIn.statusCode} ${signIn.body}`);

const port = await listenUntilStopped(app, dataDir);

// Every cookie the sign-in set, as a browser sends them (the session token and the session-data cookie).
const ready: BenchServerReady = { port, cookie: signIn.cookies.map((c) => `${c.name}=${c.value}`).join('; '), database: database.kind };
await waitForBackgroundLoads(app, ready.cookie);
answerProfileRequests('http');
process.send?.(ready);
