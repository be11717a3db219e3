import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PgBoss, fromPglite } from 'pg-boss';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

export type TestDatabase = Database & { dispose(): Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (created here, dropped by `dispose`).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ loadDataDir: await migratedSnapshot() });
    return { ...database, dispose: () => database.close() };
  }
  const name = `dd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    async dispose() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

const migrationsDir = fileURLToPath(new URL('../../src/server/db/migrations', import.meta.url));

/** Migrations and PGlite version: a snapshot made from other ones is never reused. */
function snapshotKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const path = join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path));
  }
  for (const pkg of ['@electric-sql/pglite', 'pg-boss']) hash.update(readFileSync(fileURLToPath(new URL(`../../node_modules/${pkg}/package.json`, import.meta.url))));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A freshly migrated, empty PGlite cluster (pg-boss's schema installed), dumped once and kept in the temp directory: every test file
 * starts from it in about a second instead of running initdb and the migrations (many seconds on two
 * cores). The migrations still run on open, as a no-op that proves the snapshot is current.
 */
async function migratedSnapshot(): Promise<Blob> {
  const file = join(tmpdir(), `drone-doctor-test-pglite-${snapshotKey()}.tar.gz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await openDatabase({});
  // pg-boss's schema too (the app installs it at start otherwise: about a second per test file).
  const boss = new PgBoss({ db: fromPglite(fresh.pglite!), backend: 'pglite', supervise: false, schedule: false, registerInstance: false, openTelemetry: { enabled: false } });
  await boss.start();
  await boss.stop({ graceful: false });
  const dump = await fresh.pglite!.dumpDataDir('gzip');
  await fresh.close();
  // Two workers may race to make it: each writes its own file and the rename is atomic.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}
