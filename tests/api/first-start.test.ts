import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { EMPTY_CLUSTER_FILE, EMPTY_CLUSTER_MANIFEST, emptyClusterFor, installedPgliteVersion, sha256Of, type EmptyClusterManifest } from '../../src/server/db/empty-cluster.ts';
import { FIRST_START_FILE, firstStartMarker, isPrepared } from '../../src/server/first-start.ts';

/**
 * A new PGlite folder's one-off work runs in a thread that ends before the server opens the folder
 * (first-start.ts, ADR 0057): the folder the server opens is created, migrated and holds the facilities,
 * it is marked for this release, and a folder already prepared for it is not prepared again.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'dd-first-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startOn(dir: string) {
  const config = loadConfig({ DATA_DIR: dir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent' }, { webRoot: null });
  return buildApp(config);
}

const facilityCount = async (db: Awaited<ReturnType<typeof buildApp>>['database']['db']) =>
  Number((await db.execute<{ n: string }>(sql`select count(*) as n from facilities`)).rows[0]!.n);

describe('the empty cluster made at install that a new folder starts from (db/empty-cluster.ts)', () => {
  it('was made by the installed PGlite and is intact (npm install makes it; `npm run db:empty-cluster` remakes it)', () => {
    const manifest = JSON.parse(readFileSync(EMPTY_CLUSTER_MANIFEST, 'utf8')) as EmptyClusterManifest;
    expect(manifest.pglite).toBe(installedPgliteVersion());
    const bytes = readFileSync(EMPTY_CLUSTER_FILE);
    expect({ bytes: bytes.length, sha256: sha256Of(bytes) }).toEqual({ bytes: manifest.bytes, sha256: manifest.sha256 });
  });

  it('is offered only to a folder without a cluster, never over an existing one', () => {
    const empty = mkdtempSync(join(tmpdir(), 'dd-empty-cluster-'));
    try {
      expect(emptyClusterFor(empty)?.size).toBe(statSync(EMPTY_CLUSTER_FILE).size);
      writeFileSync(join(empty, 'PG_VERSION'), '17\n');
      expect(emptyClusterFor(empty)).toBeNull();
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the first start of a PGlite data folder', () => {
  it('creates, migrates and loads the facilities in another thread, then marks the folder for this release', async () => {
    expect(isPrepared(dataDir)).toBe(false);
    const { app, database } = await startOn(dataDir);
    try {
      // Loaded before the serving database was opened: no request, no listen, and the table is full.
      expect(await facilityCount(database.db)).toBeGreaterThan(25_000);
      expect(readFileSync(join(dataDir, FIRST_START_FILE), 'utf8')).toBe(firstStartMarker());
      expect(statSync(join(dataDir, FIRST_START_FILE)).mode & 0o777).toBe(0o600);
    } finally {
      await app.close();
    }
  }, 120_000);

  it('does not prepare a folder already prepared for this release', async () => {
    const before = statSync(join(dataDir, FIRST_START_FILE)).mtimeMs;
    const { app, database } = await startOn(dataDir);
    try {
      expect(statSync(join(dataDir, FIRST_START_FILE)).mtimeMs).toBe(before);
      expect(await facilityCount(database.db)).toBeGreaterThan(25_000);
    } finally {
      await app.close();
    }
  }, 60_000);

  it('prepares it again for another release (another migration or data set), keeping its data', async () => {
    const earlier = await startOn(dataDir);
    try {
      await earlier.database.db.execute(sql`create table kept_by_upgrade (note text)`);
      await earlier.database.db.execute(sql`insert into kept_by_upgrade values ('written before the upgrade')`);
    } finally {
      await earlier.app.close();
    }
    writeFileSync(join(dataDir, FIRST_START_FILE), JSON.stringify({ migration: '0000_older', datasets: [] }));
    expect(isPrepared(dataDir)).toBe(false);
    const { app, database } = await startOn(dataDir);
    try {
      expect(isPrepared(dataDir)).toBe(true);
      expect(await facilityCount(database.db)).toBeGreaterThan(25_000);
      expect((await database.db.execute<{ note: string }>(sql`select note from kept_by_upgrade`)).rows).toEqual([{ note: 'written before the upgrade' }]);
    } finally {
      await app.close();
    }
  }, 60_000);
});
