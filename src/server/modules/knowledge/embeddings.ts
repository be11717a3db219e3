import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { EMBEDDING_DIMS, EMBEDDING_MODEL, embedQuery, embedTexts, sectionText, vectorKey } from './encoder.ts';
import { decodeVector, readShippedVectors } from './shipped-vectors.ts';

/** Texts per call to the encoder, and rows per insert: each insert bumps the knowledge version once. */
const BATCH = 256;

let shipped: Map<string, string> | null = null;

// A Buffer: node-postgres and PGlite both send it as bytea.
const asBytes = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** Stores sections' vectors of the current model (one statement; a new vector replaces an old one). */
export async function insertVectors(db: DbOrTx, rows: { id: string; vector: Float32Array }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${EMBEDDING_MODEL}, ${asBytes(r.vector)})`),
    sql`, `,
  );
  await db.execute(sql`
    insert into knowledge_section_vectors (section_id, model, vector) values ${values}
    on conflict (section_id) do update set model = excluded.model, vector = excluded.vector, indexed_at = now()
  `);
}

/**
 * Gives every section (shipped or a business's) without a vector of the current model one: the
 * committed vector of its text when there is one (the shipped sections: no encoder needed), else, with
 * `embed`, one embedded now. Idempotent, and one read when nothing is missing. Runs outside the writers'
 * transactions: embedding a large document is minutes of CPU (ADR 0065).
 */
export async function indexSectionVectors(db: DbOrTx, opts: { embed: boolean } = { embed: true }): Promise<{ fromFile: number; embedded: number }> {
  const missing = await db.execute<{ id: string; title: string; body: string }>(sql`
    select s.id, s.title, s.body
    from knowledge_sections s
    left join knowledge_section_vectors v on v.section_id = s.id and v.model = ${EMBEDDING_MODEL}
    where v.section_id is null
  `);
  shipped ??= readShippedVectors();
  const known: { id: string; vector: Float32Array }[] = [];
  const unknown: { id: string; text: string }[] = [];
  for (const r of missing.rows) {
    const text = sectionText(r);
    const committed = shipped.get(vectorKey(text));
    if (committed) known.push({ id: r.id, vector: decodeVector(committed) });
    else unknown.push({ id: r.id, text });
  }
  for (let i = 0; i < known.length; i += BATCH) await insertVectors(db, known.slice(i, i + BATCH));
  if (!opts.embed) return { fromFile: known.length, embedded: 0 };
  for (let i = 0; i < unknown.length; i += BATCH) {
    const batch = unknown.slice(i, i + BATCH);
    const vectors = await embedTexts(batch.map((b) => b.text));
    await insertVectors(
      db,
      batch.map((b, j) => ({ id: b.id, vector: vectors[j] ?? new Float32Array(EMBEDDING_DIMS) })),
    );
  }
  return { fromFile: known.length, embedded: unknown.length };
}

interface VectorIndex {
  version: string;
  ids: string[];
  businessIds: (string | null)[];
  /** Row-major, one unit vector of EMBEDDING_DIMS floats per section. */
  matrix: Float32Array;
}

let index: VectorIndex | null = null;
let loading: { version: string; index: Promise<VectorIndex> } | null = null;

async function readIndex(db: DbOrTx, version: string): Promise<VectorIndex> {
  const result = await db.execute<{ id: string; businessId: string | null; vector: Uint8Array }>(sql`
    select v.section_id as id, s.business_id as "businessId", v.vector
    from knowledge_section_vectors v join knowledge_sections s on s.id = v.section_id
    where v.model = ${EMBEDDING_MODEL}
  `);
  const rows = result.rows.filter((r) => r.vector.byteLength === EMBEDDING_DIMS * 4);
  const matrix = new Float32Array(rows.length * EMBEDDING_DIMS);
  rows.forEach((r, i) => {
    // Copied through a fresh buffer: the driver's bytes need not be 4-byte aligned.
    matrix.set(new Float32Array(Uint8Array.from(r.vector).buffer), i * EMBEDDING_DIMS);
  });
  return { version, ids: rows.map((r) => r.id), businessIds: rows.map((r) => r.businessId), matrix };
}

/**
 * All section vectors in memory, read again only when the knowledge version changed (every write to
 * the sections or their vectors bumps it: migrations 0020, 0022), which the question's first statement
 * already read. 5,000 sections × 384 floats is 7.7 MB, and a dot product over them a few milliseconds,
 * less than a round trip would cost. Concurrent questions of one version share one read.
 */
async function indexAt(db: DbOrTx, version: string): Promise<VectorIndex> {
  if (index?.version === version) return index;
  if (loading?.version === version) return loading.index;
  const mine = { version, index: readIndex(db, version) };
  loading = mine;
  mine.index.then(
    (ready) => {
      index = ready;
      if (loading === mine) loading = null;
    },
    () => {
      if (loading === mine) loading = null;
    },
  );
  return mine.index;
}

export interface SemanticHit {
  id: string;
  similarity: number;
}

/** The sections nearest the question in meaning (cosine similarity), shipped and the business's own. */
export async function semanticSearch(
  db: DbOrTx,
  query: Float32Array,
  opts: { businessId: string | null; limit: number; version: string },
): Promise<SemanticHit[]> {
  const idx = await indexAt(db, opts.version);
  const { matrix } = idx;
  const scores: SemanticHit[] = [];
  let floor = -2;
  for (let r = 0; r < idx.ids.length; r += 1) {
    const business = idx.businessIds[r];
    if (business !== null && business !== opts.businessId) continue;
    let dot = 0;
    const base = r * EMBEDDING_DIMS;
    for (let d = 0; d < EMBEDDING_DIMS; d += 1) dot += (matrix[base + d] ?? 0) * (query[d] ?? 0);
    if (dot <= floor) continue;
    scores.push({ id: idx.ids[r] ?? '', similarity: dot });
    // Kept at most twice the limit between trims: a sort per row would cost more than the products.
    if (scores.length >= opts.limit * 2) {
      scores.sort((a, b) => b.similarity - a.similarity);
      scores.length = opts.limit;
      floor = scores.at(-1)?.similarity ?? -2;
    }
  }
  scores.sort((a, b) => b.similarity - a.similarity);
  return scores.slice(0, opts.limit);
}

/** The knowledge base's version (migration 0020), for a caller that did not read it with its question. */
export async function knowledgeVersion(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`select version::text as version from knowledge_version where id = 1`);
  return result.rows[0]?.version ?? '0';
}

/** How many nearest sections a question gets: enough for fusion's candidates and the runner-up. */
const NEAREST = 40;

/**
 * The nearest sections in meaning to the texts: the question, and for a follow-up ("and at night?")
 * the question it follows. Each text is embedded on its own and the vectors averaged, so every
 * distinct question is embedded once per process, however conversations pair them up: embedding each
 * new pair would put the encoder (~10 ms of the event loop's thread) on most follow-ups under load.
 */
export async function nearestSections(db: DbOrTx, texts: string[], opts: { businessId: string | null; version: string }): Promise<SemanticHit[]> {
  const vectors = await Promise.all(texts.map(embedQuery));
  const query = new Float32Array(EMBEDDING_DIMS);
  for (const v of vectors) for (let d = 0; d < EMBEDDING_DIMS; d += 1) query[d] = (query[d] ?? 0) + (v[d] ?? 0);
  const norm = Math.hypot(...query) || 1;
  for (let d = 0; d < EMBEDDING_DIMS; d += 1) query[d] = (query[d] ?? 0) / norm;
  return semanticSearch(db, query, { ...opts, limit: NEAREST });
}
