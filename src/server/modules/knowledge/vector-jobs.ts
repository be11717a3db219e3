import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { indexSectionVectors } from './embeddings.ts';

/** Embedding the sections that have no vector yet (a business's new passages): one pg-boss queue. */
export const VECTORS_QUEUE = 'knowledge-section-vectors';

/**
 * A document's passages are written inside the transaction that approves or reads it; their vectors
 * are not (embedding thousands of passages is minutes of CPU, and no long work runs inside a
 * transaction). The writer enqueues this job in its own transaction, so it exists exactly when the
 * passages do; the handler embeds whatever has no vector, so one run serves any number of documents.
 * Until it is done the passages are found by full-text search alone.
 */
export function sectionVectorJobs(db: Db, jobs: JobQueue, log: FastifyBaseLogger) {
  jobs.define<Record<string, never>>({
    name: VECTORS_QUEUE,
    pollingIntervalSeconds: 30,
    // One waiting and one running: a burst of approvals is one more run, not one per document.
    queue: { policy: 'stately', retryLimit: 3, retryDelay: 30, expireInSeconds: 3600, retentionSeconds: 24 * 3600 },
    handler: async () => {
      const { embedded } = await indexSectionVectors(db);
      if (embedded) log.info({ embedded }, 'knowledge: embedded sections');
    },
  });
  // Sections written while no process ran the queue (or before it existed) get theirs at start.
  jobs.beforeWork(async () => {
    await jobs.send(VECTORS_QUEUE, {});
  });
  return {
    /** Inside the transaction that wrote sections. */
    enqueue: (tx: DbOrTx) => jobs.send(VECTORS_QUEUE, {}, { tx }),
    /** After its commit: this process starts now rather than at its next poll. */
    wake: () => jobs.wake(VECTORS_QUEUE),
  };
}
