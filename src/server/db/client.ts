import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { localChangeBus, postgresChangeBus, type ChangeBus } from './change-bus.ts';
import { ensurePrivateDir, lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories take either, so a caller inside a transaction passes its `tx`. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The raw PGlite instance (pg-boss and tests use it); null on PostgreSQL. */
  pglite: PGlite | null;
  /** Tells per-process caches, in every process sharing this database, that data changed. */
  changes: ChangeBus;
  close(): Promise<void>;
}

/**
 * PGlite runs PostgreSQL inside this process's WASM heap, which grows to what PostgreSQL allocates and
 * never shrinks. Its defaults (128 MB of shared buffers) are sized for a server owning the machine; one
 * embedded database serving one product needs far less, and the bound on the server's memory (ADR 0015)
 * counts it. The OS page cache still holds the files, so a small buffer pool costs little speed.
 */
const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'maintenance_work_mem = 16MB'];

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any fixed number: all app processes agree on it so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 727_001;

export interface OpenOptions {
  databaseUrl?: string;
  /** PostgreSQL: connections this process may hold (the deployment's budget is this × processes). */
  poolSize?: number;
  dataDir?: string;
  /**
   * PGlite only: start from a dumped data directory (`dumpDataDir`) instead of an empty cluster. Tests
   * use a migrated snapshot, since creating a cluster costs seconds.
   */
  loadDataDir?: Blob;
  /**
   * PGlite only: one-off work on the folder before this process opens it for serving (first-start.ts),
   * called with the folder's lock held. It runs in a thread that ends, so what the work made PGlite's WASM
   * heap grow to is given back instead of staying resident for the server's life (ADR 0057).
   */
  prepare?: (dataDir: string) => Promise<void>;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? DEFAULT_POOL_SIZE);
  return openPglite(opts.dataDir, opts.loadDataDir, opts.prepare);
}

export const DEFAULT_POOL_SIZE = 10;

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // A request waits at most 10 s for a connection; past it, the 503 of a database that cannot be reached.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 10_000 });
  // An idle connection can be cut (server restart, failover, an admin's kill): the pool drops it and opens
  // another when needed. Without a listener its 'error' event would crash the process. While the pool is
  // closing, connections ending is expected and not worth a line.
  pool.on('error', (err) => {
    if (!pool.ending) console.error(`PostgreSQL: an idle connection failed (${err.message}); the pool will open a new one.`);
  });
  // A connection checked out by a request (a transaction in progress) emits 'error' on the client itself,
  // where the pool's idle listener is not attached: without this the process dies on "Unhandled 'error'
  // event". The statement in flight rejects on its own (the request answers 503, see http/error-handler.ts)
  // and the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if (!pool.ending) console.error(`PostgreSQL: a connection in use failed (${err.message}); its request fails and the pool will open a new one.`);
    });
  });
  const client = await pool.connect();
  try {
    // N processes may start together against one database: the advisory lock lets one migrate.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  const db = drizzlePg({ client: pool, schema });
  const changes = postgresChangeBus(pool, url);
  const close = async () => {
    await changes.close();
    await pool.end();
  };
  return { db, kind: 'postgres', pglite: null, changes, close };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined, prepare: OpenOptions['prepare']): Promise<Database> {
  let lock: { release(): void } | null = null;
  if (dataDir) {
    if (ensurePrivateDir(dataDir)) console.warn(`Data folder ${dataDir} was open to other users; its permissions are now 0700 (owner only).`);
    // Before PGlite opens the folder: a second process must not touch it at all.
    lock = lockDataDir(dataDir);
  }
  try {
    if (dataDir && prepare) await prepare(dataDir);
    const { client, db } = await openPgliteClient(dataDir, loadDataDir);
    const close = async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    };
    // One process owns a PGlite folder (data-dir lock), so nobody else can change what it caches.
    return { db, kind: 'pglite', pglite: client, changes: localChangeBus(), close };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * PGlite opened and migrated, without the folder's lock: for openPglite, which holds it, and for the
 * first-start thread, which runs while its process holds it.
 */
export async function openPgliteClient(dataDir: string | undefined, loadDataDir?: Blob): Promise<{ client: PGlite; db: Db }> {
  // pg_trgm: the assistant corrects misspelt words against the knowledge base's vocabulary.
  const client = await PGlite.create({ extensions: { pg_trgm }, postgresqlconf: PGLITE_SETTINGS, ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  try {
    const pgliteDb = drizzlePglite({ client, schema });
    await migratePglite(pgliteDb, { migrationsFolder });
    // Both drivers expose the same query builder; the app is typed against node-postgres's flavour.
    return { client, db: pgliteDb as unknown as Db };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** The newest migration's name: a folder whose first start was done under another one needs it again. */
export function latestMigrationTag(): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.at(-1)?.tag ?? 'none';
}
