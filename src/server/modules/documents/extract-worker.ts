import { parentPort, workerData } from 'node:worker_threads';
import { ExtractionError, extractUnbounded, type DocumentKind } from './extract.ts';

/**
 * The body of an extraction thread (extract-in-worker.ts): reads one file and posts its text, or the
 * message a person understands when the file cannot be read. Anything else (a bug, a library crash)
 * is posted as a fault, which the job retries.
 */
export type WorkerReply =
  | { ok: true; pages: string[]; paged: boolean }
  | { ok: false; extractionError: string }
  | { ok: false; fault: string };

const { kind, bytes } = workerData as { kind: DocumentKind; bytes: Uint8Array };

try {
  const extracted = await extractUnbounded(kind, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  parentPort?.postMessage({ ok: true, ...extracted } satisfies WorkerReply);
} catch (error) {
  const reply: WorkerReply =
    error instanceof ExtractionError ? { ok: false, extractionError: error.message } : { ok: false, fault: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  parentPort?.postMessage(reply);
}
