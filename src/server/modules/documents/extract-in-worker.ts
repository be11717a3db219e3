import { Worker } from 'node:worker_threads';
import { EXTRACTION_TIMEOUT_MS, ExtractionError, type DocumentKind, type Extracted } from './extract.ts';
import type { WorkerReply } from './extract-worker.ts';

/**
 * Heap of one extraction thread. A hostile file that needs more (a PDF of 10,000 complex pages, a
 * DOCX whose XML explodes) ends that thread, not the server; 256 MB reads a 2,000-page manual.
 */
export const EXTRACTION_HEAP_MB = 256;

const workerUrl = new URL('./extract-worker.ts', import.meta.url);

export const TOO_SLOW = 'Reading this file took too long; it may be damaged or far too complex.';
export const TOO_BIG = 'Reading this file needed more memory than a document may use; it may be damaged or far too complex.';

/**
 * Extracts a file's text in a worker thread of its own, bounded in time (EXTRACTION_TIMEOUT_MS, then
 * the thread is terminated, not abandoned) and in memory (EXTRACTION_HEAP_MB of JavaScript heap).
 * Rejects with an ExtractionError for a file that cannot be read, with a plain Error for a fault
 * (the job is retried) and when `signal` aborts (the job was given up: expiry or shutdown).
 */
export function extractBounded(kind: DocumentKind, bytes: Buffer, options: { signal?: AbortSignal; timeoutMs?: number; heapMb?: number } = {}): Promise<Extracted> {
  return new Promise((resolve, reject) => {
    // The thread gets its own copy, handed over without a second copy.
    const copy = new Uint8Array(bytes);
    const worker = new Worker(workerUrl, {
      workerData: { kind, bytes: copy },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? EXTRACTION_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new ExtractionError(TOO_SLOW))), options.timeoutMs ?? EXTRACTION_TIMEOUT_MS);
    const onAbort = () => finish(() => reject(new Error('extraction abandoned: the job was given up')));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });

    worker.once('message', (reply: WorkerReply) =>
      finish(() => {
        if (reply.ok) resolve({ pages: reply.pages, paged: reply.paged });
        else if ('extractionError' in reply) reject(new ExtractionError(reply.extractionError));
        else reject(new Error(`extraction failed: ${reply.fault}`));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ExtractionError(TOO_BIG) : error)),
    );
    worker.once('exit', (code) => finish(() => reject(new Error(`extraction thread exited (${code}) without an answer`))));
  });
}
