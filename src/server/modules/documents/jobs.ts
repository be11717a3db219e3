import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { userDocuments } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { extractBounded } from './extract-in-worker.ts';
import { ExtractionError, extractUnbounded, type DocumentKind } from './extract.ts';
import * as repo from './repo.ts';
import type { MailProvider } from '../../providers/mail/mail-provider.ts';
import { indexIfApproved, knowledgeBaseReadyMail, type KnowledgeBaseReady } from './service.ts';
import { sectionVectorJobs } from '../knowledge/vector-jobs.ts';

/** Reading a document's text (ADR 0046): one pg-boss job per upload, keyed by the document. */
export const EXTRACTION_QUEUE = 'document-extraction';
/** Where a job goes when every attempt failed (faults, not unreadable files): the document gets an error. */
export const EXTRACTION_FAILED_QUEUE = 'document-extraction-failed';

/** The mail to a business's administrator when its first document makes its knowledge base ready. */
export const READY_MAIL_QUEUE = 'knowledge-base-ready-mail';

export const GAVE_UP_MESSAGE = 'Reading this file failed several times; please upload it again.';

/** Bounds of the job itself; the reading inside it has its own (extract-in-worker.ts). */
const QUEUE_SETTINGS = {
  // One live job per document: a second send for it (the start-up sweep) is ignored.
  policy: 'exclusive',
  retryLimit: 2,
  retryDelay: 5,
  // Above the 120 s reading deadline plus the writes, so pg-boss gives up only on a stuck handler.
  expireInSeconds: 300,
  // A worker refreshes its claim every 15 s; one silent for 30 s (its process died) loses the job to
  // the supervisor, which puts it back in the queue for any process.
  heartbeatSeconds: 30,
  deadLetter: EXTRACTION_FAILED_QUEUE,
  notify: true,
  retentionSeconds: 14 * 24 * 3600,
  deleteAfterSeconds: 7 * 24 * 3600,
} as const;

interface ExtractionJob {
  documentId: string;
}

const KIND_OF_MIME: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'text',
  'text/markdown': 'markdown',
};

/**
 * The extraction job: reads the stored file in a bounded worker thread, outside any transaction, then
 * writes the text and the status (and the index, when staff already approved) in one transaction that
 * re-reads the row under lock, so a document deleted meanwhile stays deleted. An unreadable file is a
 * final answer stored on the document; a fault (the database went away) is thrown so pg-boss retries.
 */
export function documentJobs(db: Db, jobs: JobQueue, log: FastifyBaseLogger, mail: { provider: MailProvider; publicUrl: string }) {
  const vectors = sectionVectorJobs(db, jobs, log);

  /**
   * After a document may have been indexed, in the same transaction: the embedding of its passages
   * (ADR 0065; a run that finds nothing to embed costs one read), and the "knowledge base is ready"
   * mail when it made the business's knowledge base ready.
   */
  async function announce(tx: DbOrTx, ready: KnowledgeBaseReady | null) {
    await vectors.enqueue(tx);
    if (ready) await jobs.send<KnowledgeBaseReady>(READY_MAIL_QUEUE, ready, { tx });
  }

  async function finish(id: string, set: Partial<typeof userDocuments.$inferInsert>) {
    await db.transaction(async (tx) => {
      const doc = await repo.findById(tx, id, { forUpdate: true });
      if (!doc || doc.status !== 'processing') return;
      await tx.update(userDocuments).set(set).where(eq(userDocuments.id, id));
      const updated = await repo.findById(tx, id);
      if (updated) await announce(tx, await indexIfApproved(tx, updated));
    });
    vectors.wake();
  }

  async function extractOne(documentId: string, signal: AbortSignal) {
    const file = await repo.fileOf(db, documentId);
    if (!file || file.status !== 'processing') return; // deleted, or already read by an earlier attempt
    const kind = KIND_OF_MIME[file.mimeType];
    try {
      if (!kind) throw new ExtractionError('This file type is not supported.');
      // Text costs what its bytes cost (at most the 25 MB upload limit): no thread needed for it.
      const extracted = kind === 'text' || kind === 'markdown' ? await extractUnbounded(kind, file.bytes) : await extractBounded(kind, file.bytes, { signal });
      await finish(documentId, {
        status: 'ready',
        processingError: null,
        content: extracted.pages.join('\f'),
        pageCount: extracted.paged ? extracted.pages.length : null,
      });
    } catch (error) {
      if (!(error instanceof ExtractionError)) {
        log.error({ err: error, documentId }, 'document extraction failed; it will be retried');
        throw error;
      }
      await finish(documentId, { status: 'error', processingError: error.message.slice(0, 500) });
    }
  }

  // Sending may fail (the SMTP server is down): pg-boss retries it, spaced out, for about an hour.
  jobs.define<KnowledgeBaseReady>({
    name: READY_MAIL_QUEUE,
    // Woken by the commit that writes it; the poll only serves retries and other processes' mail.
    pollingIntervalSeconds: 10,
    queue: { retryLimit: 6, retryDelay: 60, retryBackoff: true, expireInSeconds: 120, retentionSeconds: 24 * 3600 },
    handler: async (job) => {
      await mail.provider.send(knowledgeBaseReadyMail(job.data, mail.publicUrl));
    },
  });
  jobs.define<ExtractionJob>({ name: EXTRACTION_FAILED_QUEUE, pollingIntervalSeconds: 10, queue: { retryLimit: 5, retentionSeconds: 14 * 24 * 3600 }, handler: async (job) => finish(job.data.documentId, { status: 'error', processingError: GAVE_UP_MESSAGE }) });
  jobs.define<ExtractionJob>({ name: EXTRACTION_QUEUE, queue: QUEUE_SETTINGS, handler: async (job) => extractOne(job.data.documentId, job.signal) });

  // Every document still processing gets its job (the policy drops one that already has a live job):
  // documents stored before the queue existed, or whose job was removed by hand, are read too.
  jobs.beforeWork(async () => {
    for (const id of await repo.processingIds(db)) await jobs.send<ExtractionJob>(EXTRACTION_QUEUE, { documentId: id }, { singletonKey: id });
  });

  return {
    /** Enqueues the reading of a document inside the transaction that stores it. */
    enqueue: (tx: DbOrTx, documentId: string) => jobs.send<ExtractionJob>(EXTRACTION_QUEUE, { documentId }, { tx, singletonKey: documentId }),
    /** After the commit: this process starts on it now rather than at its next poll. */
    wake: () => {
      jobs.wake(EXTRACTION_QUEUE);
      jobs.wake(READY_MAIL_QUEUE);
      vectors.wake();
    },
    announce,
  };
}
export type DocumentJobs = ReturnType<typeof documentJobs>;
