import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { userDocuments } from '../../db/schema/index.ts';
import { ExtractionError, extract, type DocumentKind } from './extract.ts';
import * as repo from './repo.ts';
import { indexIfApproved, type KnowledgeBaseReady } from './service.ts';

/** A claimed job is the worker's for this long; a process that dies mid-job frees it when it runs out. */
const LEASE_SECONDS = 300;
const MAX_ATTEMPTS = 3;
const POLL_MS = 2000;

const KIND_OF_MIME: Record<string, DocumentKind> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/plain': 'text',
  'text/markdown': 'markdown',
};

/**
 * The extraction job (ADR 0045): a document in status processing is the job. Any process claims the
 * oldest unleased one with FOR UPDATE SKIP LOCKED, reads it outside any transaction, then writes the
 * text, the status and (when already approved) the index in one transaction. An upload nudges the worker;
 * a poll picks up what another process uploaded or what a restart interrupted.
 */
export function createDocumentJobs(db: Db, log: FastifyBaseLogger, notify: (ready: KnowledgeBaseReady | null) => Promise<void>) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function claim(): Promise<{ id: string; bytes: Buffer; mimeType: string; attempts: number } | null> {
    const result = await db.execute<{ id: string; file_bytes: Buffer | Uint8Array; mime_type: string; job_attempts: number }>(sql`
      update user_documents set job_locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), job_attempts = job_attempts + 1
      where id = (
        select id from user_documents
        where status = 'processing' and (job_locked_until is null or job_locked_until < now())
        order by upload_date limit 1 for update skip locked
      )
      returning id, file_bytes, mime_type, job_attempts`);
    const row = result.rows[0];
    if (!row) return null;
    const bytes = Buffer.isBuffer(row.file_bytes) ? row.file_bytes : Buffer.from(row.file_bytes);
    return { id: row.id, bytes, mimeType: row.mime_type, attempts: Number(row.job_attempts) };
  }

  async function finish(id: string, set: Partial<typeof userDocuments.$inferInsert>) {
    const ready = await db.transaction(async (tx) => {
      const doc = await repo.findById(tx, id, { forUpdate: true });
      if (!doc || doc.status !== 'processing') return null; // deleted meanwhile
      await tx.update(userDocuments).set({ ...set, jobLockedUntil: null }).where(eq(userDocuments.id, id));
      const updated = await repo.findById(tx, id);
      return updated ? indexIfApproved(tx, updated) : null;
    });
    await notify(ready);
  }

  async function processOne(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const kind = KIND_OF_MIME[job.mimeType];
    try {
      if (job.attempts > MAX_ATTEMPTS) throw new ExtractionError('Reading this file failed several times; please upload it again.');
      if (!kind) throw new ExtractionError('This file type is not supported.');
      const extracted = await extract(kind, job.bytes);
      await finish(job.id, {
        status: 'ready',
        processingError: null,
        content: extracted.pages.join('\f'),
        pageCount: extracted.paged ? extracted.pages.length : null,
      });
    } catch (error) {
      if (!(error instanceof ExtractionError)) {
        // An unexpected fault (the database went away): the lease runs out and the job is tried again.
        log.error({ err: error, documentId: job.id }, 'document extraction failed');
        return true;
      }
      await finish(job.id, { status: 'error', processingError: error.message.slice(0, 500) });
    }
    return true;
  }

  async function drain() {
    do {
      again = false;
      while (!stopped && (await processOne()));
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'document jobs failed'))
      .finally(() => {
        running = null;
      });
  }

  return {
    kick,
    start() {
      stopped = false;
      kick();
      timer = setInterval(kick, POLL_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
