/** The first-start thread of first-start.ts: its PGlite, and the memory the work made it take, end with it. */
import { parentPort, workerData } from 'node:worker_threads';
import { openPgliteClient } from './db/client.ts';
import { emptyClusterFor } from './db/empty-cluster.ts';
import type { FirstStartMessage } from './first-start.ts';
import { createFacilitiesService } from './modules/facilities/service.ts';

const { dataDir } = workerData as { dataDir: string };

async function prepare(): Promise<FirstStartMessage> {
  // A folder without a cluster starts from the shipped empty one rather than initdb (db/empty-cluster.ts).
  const { client, db } = await openPgliteClient(dataDir, emptyClusterFor(dataDir) ?? undefined);
  try {
    const facilities = await createFacilitiesService(db, { singleConnection: true }).ensureLoaded();
    return { ok: true, facilities };
  } finally {
    await client.close();
  }
}

parentPort?.postMessage(await prepare().catch((error: unknown): FirstStartMessage => ({ ok: false, error: error instanceof Error ? error.message : String(error) })));
