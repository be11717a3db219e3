import { Worker } from 'node:worker_threads';
import type { SpeechJob, SpeechJobResult } from './flite-worker.ts';
import { SpeechError, type SpeechProvider } from './speech-provider.ts';

export interface EmbeddedOptions {
  /** A job not answered in this time (queueing included) fails, and the thread is replaced. */
  timeoutMs?: number;
  /** Jobs waiting at once before new ones are refused as busy (each is ~0.1–0.5 s of one core). */
  maxPending?: number;
}

interface Pending {
  resolve: (wav: Uint8Array | null) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

const FAILED = 'Speech synthesis failed';

/**
 * Flite in one worker thread, started on first use (or by warm()) and kept for the process's life: the
 * WASM is compiled once there and every call reuses it. Jobs queue in the thread and run one at a time.
 */
export function createEmbeddedSynthesiser(options: EmbeddedOptions = {}): SpeechProvider {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxPending = options.maxPending ?? 16;
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (message: string) => {
    for (const job of pending.values()) {
      clearTimeout(job.timer);
      job.reject(new SpeechError(500, `${FAILED}: ${message}`));
    }
    pending.clear();
  };

  const stopWorker = (message: string) => {
    const current = worker;
    worker = null;
    failAll(message);
    if (current) void current.terminate();
  };

  const startWorker = (): Worker => {
    const started = new Worker(new URL('./flite-worker.ts', import.meta.url));
    // An idle synthesiser must not keep the process (or a test run) alive.
    started.unref();
    started.on('message', (result: SpeechJobResult) => {
      const job = pending.get(result.id);
      if (!job) return;
      pending.delete(result.id);
      clearTimeout(job.timer);
      if (result.ok) job.resolve(result.wav);
      else job.reject(new SpeechError(500, `${FAILED}: ${result.message}`));
    });
    started.on('error', (error: Error) => {
      if (worker === started) stopWorker(error.message);
    });
    started.on('exit', (code) => {
      if (worker === started) stopWorker(`the synthesiser stopped (exit ${code})`);
    });
    return started;
  };

  const run = (text: string, discard: boolean): Promise<Uint8Array | null> => {
    if (pending.size >= maxPending) return Promise.reject(new SpeechError(503, 'Speech service is busy, please try again shortly'));
    worker ??= startWorker();
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => stopWorker(`no answer within ${timeoutMs / 1000} s`), timeoutMs);
      pending.set(id, { resolve, reject, timer });
      const job: SpeechJob = { id, text, discard };
      worker!.postMessage(job);
    });
  };

  return {
    name: 'embedded Flite (WASM)',
    async synthesise(text) {
      const wav = await run(text, false);
      if (!wav) throw new SpeechError(500, FAILED);
      return { bytes: Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength), contentType: 'audio/wav' };
    },
    async warm() {
      await run('Ready for take off.', true);
    },
    async close() {
      const current = worker;
      worker = null;
      failAll('the server is shutting down');
      if (current) await current.terminate();
    },
  };
}
