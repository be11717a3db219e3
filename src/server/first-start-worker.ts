/** The first-start thread of first-start.ts: its PGlite, and the memory the work made it take, end with it. */
import { parentPort, workerData } from 'node:worker_threads';
import { openPgliteClient } from './db/client.ts';
import type { FirstStartMessage } from './first-start.ts';
import { createFacilitiesService } from './modules/facilities/service.ts';

const { dataDir } = workerData as { dataDir: string };

async function prepare(): Promise<FirstStartMessage> {
  const { client, db } = await openPgliteClient(dataDir);
  try {
    const facilities = await createFacilitiesService(db, { singleConnection: true }).ensureLoaded();
    return { ok: true, facilities };
  } finally {
    await client.close();
  }
}

parentPort?.postMessage(await prepare().catch((error: unknown): FirstStartMessage => ({ ok: false, error: error instanceof Error ? error.message : String(error) })));
