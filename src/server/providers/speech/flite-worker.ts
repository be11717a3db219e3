/**
 * The embedded synthesiser's thread. Flite is synchronous and takes 0.1–0.5 s per answer, which would
 * stall every other request on the main thread; here it runs beside it. Messages are handled one at a
 * time (the WASI run never yields), which is also how calls are serialised.
 */
import { parentPort } from 'node:worker_threads';
import { compileFlite, synthesiseWithFlite } from './flite.ts';

export interface SpeechJob {
  id: number;
  text: string;
  /** Warm-up only: synthesise and drop the audio (tiers the JIT up before the first real call). */
  discard?: boolean;
}

export type SpeechJobResult = { id: number; ok: true; wav: Uint8Array | null } | { id: number; ok: false; message: string };

const port = parentPort;
if (!port) throw new Error('flite-worker.ts runs as a worker thread');

const module = compileFlite();

port.on('message', (job: SpeechJob) => {
  let result: SpeechJobResult;
  try {
    const wav = synthesiseWithFlite(module, job.text);
    result = { id: job.id, ok: true, wav: job.discard ? null : wav };
  } catch (error) {
    result = { id: job.id, ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  // The audio's buffer is moved to the main thread, not copied.
  port.postMessage(result, result.ok && result.wav ? [result.wav.buffer as ArrayBuffer] : []);
});
