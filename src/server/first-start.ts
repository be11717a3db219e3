import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { latestMigrationTag } from './db/client.ts';
import { BUNDLED_DATASETS, type LoadReport } from './modules/facilities/service.ts';

/**
 * A new PGlite folder's one-off work (creating the cluster, migrating, loading the 30,000 shipped
 * facilities) runs in a worker thread that ends before the server opens the folder for serving. PGlite's
 * WASM heap grows to what PostgreSQL touched and never shrinks, so done in the serving thread this work
 * left the server ~150 MB larger for its whole life than the same server restarted (ADR 0057).
 * The facilities service still checks its data sets when the server listens: a folder prepared here finds
 * them current, and one that somehow is not is loaded there, as before.
 */
export const FIRST_START_FILE = 'first-start.json';

/** What a prepared folder was prepared for: a release with a new migration or data set prepares it again. */
export function firstStartMarker(): string {
  return JSON.stringify({ migration: latestMigrationTag(), datasets: BUNDLED_DATASETS.map((d) => `${d.source}@${d.version()}`) });
}

export function isPrepared(dataDir: string): boolean {
  try {
    return readFileSync(join(dataDir, FIRST_START_FILE), 'utf8') === firstStartMarker();
  } catch {
    return false;
  }
}

export type FirstStartMessage = { ok: true; facilities: LoadReport } | { ok: false; error: string };

/** Runs the first start in its own thread when the folder needs it; the caller holds the folder's lock. */
export async function prepareDataFolder(dataDir: string, log: (line: string) => void = () => undefined): Promise<void> {
  if (isPrepared(dataDir)) return;
  const started = performance.now();
  log(`Preparing the data folder ${dataDir} for this release (a new folder: creating the database and loading the facilities, about 10 s)…`);
  const worker = new Worker(new URL('./first-start-worker.ts', import.meta.url), { workerData: { dataDir } });
  const result = await new Promise<FirstStartMessage>((resolve, reject) => {
    worker.once('message', (m: FirstStartMessage) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the first-start thread ended (code ${code}) without an answer`)));
  });
  await worker.terminate();
  if (!result.ok) throw new Error(`Preparing the data folder ${dataDir} failed: ${result.error}`);
  writeFileSync(join(dataDir, FIRST_START_FILE), firstStartMarker(), { mode: 0o600 });
  const rows = result.facilities.loaded.reduce((n, d) => n + d.rows, 0);
  log(`Data folder prepared in ${Math.round(performance.now() - started)} ms (migrations applied${rows > 0 ? `, ${rows} facilities loaded` : ''}).`);
}
