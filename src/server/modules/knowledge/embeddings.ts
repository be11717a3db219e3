import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { EMBEDDING_DIMS, EMBEDDING_MODEL, embedQuery, embedSections, questionViews, sectionKey } from './encoder.ts';
import { Int8Rows, writeInt8Row } from './int8-rows.ts';
import { perKnowledgeVersion } from './per-version.ts';
import { isLeftOut, questionExamples, sectionLabel, type QuestionExamples } from './question-examples-file.ts';
import { decodeVector, shippedVectors } from './shipped-vectors.ts';
import { activeClassifier, sectionProbabilities } from './section-classifier.ts';

/** Sections per call to the encoder (up to MAX_VIEWS texts each), and rows per insert: each insert bumps the knowledge version once. */
const BATCH = 64;

// A Buffer: node-postgres and PGlite both send it as bytea.
const asBytes = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength);

/** Stores sections' vectors of the current model, all views of each in one row (one statement; a new vector replaces an old one). */
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
  const missing = await db.execute<{ id: string; title: string; body: string; questions: string }>(sql`
    select s.id, s.title, s.body, s.questions
    from knowledge_sections s
    left join knowledge_section_vectors v on v.section_id = s.id and v.model = ${EMBEDDING_MODEL}
    where v.section_id is null
  `);
  const shipped = shippedVectors();
  const known: { id: string; vector: Float32Array }[] = [];
  const unknown: { id: string; title: string; body: string; questions: string }[] = [];
  for (const r of missing.rows) {
    const committed = shipped.get(sectionKey(r));
    if (committed) known.push({ id: r.id, vector: decodeVector(committed) });
    else unknown.push(r);
  }
  for (let i = 0; i < known.length; i += BATCH) await insertVectors(db, known.slice(i, i + BATCH));
  if (!opts.embed) return { fromFile: known.length, embedded: 0 };
  for (let i = 0; i < unknown.length; i += BATCH) {
    const batch = unknown.slice(i, i + BATCH);
    const vectors = await embedSections(batch);
    await insertVectors(
      db,
      batch.map((b, j) => ({ id: b.id, vector: vectors[j] ?? new Float32Array(EMBEDDING_DIMS) })),
    );
  }
  return { fromFile: known.length, embedded: unknown.length };
}

interface VectorIndex {
  ids: string[];
  businessIds: (string | null)[];
  /** A shipped section's label (`slug#n`), for the section classifier; null for a business's. */
  labels: (string | null)[];
  /** Each section's row in a classifier's labels (classRowsOf). */
  classRows?: { labels: readonly string[]; rows: Int32Array };
  /** Every view of every section, one int8 row each with its scale back to a unit vector. */
  rows: Int8Rows;
  /** Each row's section (index into ids). */
  sectionOf: Int32Array;
  /** 1 for a row that is one of the section's questions (encoder.ts, questionViews) or a pilot's, 0 for its text. */
  isQuestion: Uint8Array;
  /** For a pilot's question (question-examples-file.ts), its set's index; -1 for the section's own rows. */
  exampleSource: Int16Array;
}


/**
 * The pilots' questions that a shipped section answers (question-examples-file.ts), by section id:
 * counted among the section's own questions, as a pilot's wording is closer to another pilot's than to
 * anything its writers thought of (ADR 0065, eleventh session).
 */
function pilotQuestionsOf(examples: QuestionExamples | null, rows: { id: string; businessId: string | null; articleKey: string; position: number }[]): Map<string, number[]> {
  const byLabel = new Map<string, string>(rows.filter((r) => r.businessId === null).map((r) => [sectionLabel(r.articleKey, r.position), r.id] as const));
  const views = new Map<string, number[]>();
  examples?.sections.forEach((labels, example) => {
    for (const label of labels) {
      const id = byLabel.get(label);
      if (!id) continue;
      const list = views.get(id) ?? [];
      list.push(example);
      views.set(id, list);
    }
  });
  return views;
}

async function readIndex(db: DbOrTx): Promise<VectorIndex> {
  const result = await db.execute<{ id: string; businessId: string | null; articleKey: string; position: number; questions: string; vector: Uint8Array }>(sql`
    select v.section_id as id, s.business_id as "businessId", s.article_key as "articleKey", s.position, s.questions, v.vector
    from knowledge_section_vectors v join knowledge_sections s on s.id = v.section_id
    where v.model = ${EMBEDDING_MODEL}
  `);
  const width = EMBEDDING_DIMS * 4;
  const rows = result.rows.filter((r) => r.vector.byteLength > 0 && r.vector.byteLength % width === 0);
  const examples = questionExamples();
  const pilots = pilotQuestionsOf(examples, rows);
  const views = rows.reduce((n, r) => n + r.vector.byteLength / width + (pilots.get(r.id)?.length ?? 0), 0);
  const vectorRows = new Int8Rows(views);
  const { matrix, scales } = vectorRows;
  const sectionOf = new Int32Array(views);
  const isQuestion = new Uint8Array(views);
  const exampleSource = new Int16Array(views).fill(-1);
  let row = 0;
  const add = (scale: number, section: number, question: boolean, source: number) => {
    scales[row] = scale;
    sectionOf[row] = section;
    isQuestion[row] = question ? 1 : 0;
    exampleSource[row] = source;
    row += 1;
  };
  rows.forEach((r, i) => {
    // Copied through a fresh buffer: the driver's bytes need not be 4-byte aligned.
    const all = new Float32Array(Uint8Array.from(r.vector).buffer);
    // The questions' views are the row's last ones (encoder.ts, sectionViews).
    const firstQuestion = all.length / EMBEDDING_DIMS - questionViews(r).length;
    for (let at = 0; at < all.length; at += EMBEDDING_DIMS) add(writeInt8Row(matrix, row, all.subarray(at, at + EMBEDDING_DIMS)), i, at / EMBEDDING_DIMS >= firstQuestion, -1);
    // A pilot's question is already int8 rows with a scale: copied as it is.
    for (const example of pilots.get(r.id) ?? []) {
      if (!examples) continue;
      matrix.set(examples.rows.matrix.subarray(example * EMBEDDING_DIMS, (example + 1) * EMBEDDING_DIMS), row * EMBEDDING_DIMS);
      add(examples.rows.scales[example] ?? 0, i, true, examples.sources[example] ?? -1);
    }
  });
  return { ids: rows.map((r) => r.id), businessIds: rows.map((r) => r.businessId), labels: rows.map((r) => (r.businessId === null ? sectionLabel(r.articleKey, r.position) : null)), rows: vectorRows, sectionOf, isQuestion, exampleSource };
}

/**
 * All section vectors in memory, read again only when the knowledge version changed. 5,000 sections of
 * ~5 views × 384 int8 numbers is ~10 MB, and the dot products over them under a millisecond, less than
 * a round trip would cost.
 */
const indexAt = perKnowledgeVersion(readIndex);

export interface SemanticHit {
  id: string;
  /** The business whose document the section is from; null for a shipped section. */
  businessId: string | null;
  /**
   * How close the section is to the question, for ranking: its text's closeness, or its questions' less
   * QUESTION_OFFSET when that is more (`closeness`), plus LEARNED_WEIGHT × the section classifier's
   * probability for it (none for a business's section).
   */
  similarity: number;
  /** Its text's closeness alone: what the thresholds of fuse-hits.ts were set on. */
  text: number;
  /** Its closest question's closeness (encoder.ts, questionViews), 0 for a section without questions. */
  asked: number;
  /** `similarity` without the section classifier's share: what the confidence reads (fuse-hits.ts). */
  closeness: number;
  /** Its closest pilot's question's closeness (question-examples-file.ts), 0 for a section without any. */
  pilots: number;
}

/**
 * A question is closer to a question than to prose, so a section's questions count this much less
 * than its text when ranking. Chosen on the tuning sets (ADR 0065, sixth session): offsets 0 to 0.15
 * put the right section first for 307–311 questions against 298 without questions; 0.05 stated the
 * fact most often. The thresholds of fuse-hits.ts read the text's closeness alone (`text`).
 */
export const QUESTION_OFFSET = 0.05;

/**
 * The section classifier's probability counts this much in a section's closeness for ranking
 * (section-classifier.ts); the confidence reads the closeness without it (fuse-hits.ts). Chosen on the
 * tuning sets, each told without its own questions (ADR 0065, twelfth session): 0.2 and 0.3 stated the
 * fact for 1,415 and 1,416 of 1,606 answerable questions (1,395 without the classifier), with 72 and 84
 * confident wrong answers (69 without).
 */
export const LEARNED_WEIGHT = 0.2;

/** Each section's row in the classifier's labels (-1: none, a business's section), kept on the index for the labels last asked. */
function classRowsOf(idx: VectorIndex, labels: readonly string[]): Int32Array {
  if (idx.classRows?.labels !== labels) {
    const at = new Map(labels.map((l, i) => [l, i] as const));
    idx.classRows = { labels, rows: Int32Array.from(idx.labels, (l) => (l === null ? -1 : (at.get(l) ?? -1))) };
  }
  return idx.classRows.rows;
}

/** The sections nearest the question in meaning (cosine similarity), shipped and the business's own. */
export async function semanticSearch(
  db: DbOrTx,
  query: Float32Array,
  opts: { businessId: string | null; limit: number; version: string },
): Promise<SemanticHit[]> {
  const idx = await indexAt(db, opts.version);
  const { sectionOf, isQuestion, exampleSource } = idx;
  const dots = idx.rows.dots(query);
  // A section is as close as its closest view.
  const best = new Float32Array(idx.ids.length).fill(-2);
  const bestText = new Float32Array(idx.ids.length).fill(-2);
  const bestAsked = new Float32Array(idx.ids.length);
  const bestPilot = new Float32Array(idx.ids.length);
  for (let r = 0; r < dots.length; r += 1) {
    const section = sectionOf[r] ?? 0;
    const business = idx.businessIds[section];
    if ((business !== null && business !== opts.businessId) || isLeftOut(exampleSource[r] ?? -1)) continue;
    let dot = dots[r] ?? 0;
    if (isQuestion[r]) {
      // A pilot's question ranks its section, and the confidence (fuse-hits.ts) reads its closeness apart
      // from the section's own questions' (`pilots`, `asked`): another pilot's wording of the same question
      // says more about being right than any the writers thought of (ADR 0065, sixteenth session).
      if ((exampleSource[r] ?? -1) < 0) {
        if (dot > (bestAsked[section] ?? 0)) bestAsked[section] = dot;
      } else if (dot > (bestPilot[section] ?? 0)) bestPilot[section] = dot;
      dot -= QUESTION_OFFSET;
    } else if (dot > (bestText[section] ?? -2)) bestText[section] = dot;
    if (dot > (best[section] ?? -2)) best[section] = dot;
  }
  const classifier = activeClassifier();
  const probabilities = classifier ? sectionProbabilities(classifier, query) : null;
  const rowOf = classifier ? classRowsOf(idx, classifier.labels) : null;
  const hitAt = (i: number, similarity: number, closeness: number): SemanticHit => ({
    id: idx.ids[i] ?? '',
    businessId: idx.businessIds[i] ?? null,
    similarity,
    text: bestText[i] ?? -2,
    asked: bestAsked[i] ?? 0,
    closeness,
    pilots: bestPilot[i] ?? 0,
  });
  const scores: SemanticHit[] = [];
  const own: SemanticHit[] = [];
  let floor = -2;
  let ownFloor = -2;
  for (let i = 0; i < best.length; i += 1) {
    const row = rowOf?.[i] ?? -1;
    const closeness = best[i] ?? -2;
    const similarity = closeness + LEARNED_WEIGHT * (row >= 0 ? (probabilities?.[row] ?? 0) : 0);
    const businessId = idx.businessIds[i] ?? null;
    if (businessId !== null && businessId === opts.businessId && closeness > ownFloor) {
      own.push(hitAt(i, similarity, closeness));
      if (own.length >= OWN_NEAREST * 2) {
        own.sort((a, b) => b.similarity - a.similarity);
        own.length = OWN_NEAREST;
        ownFloor = own.at(-1)?.similarity ?? -2;
      }
    }
    if (similarity <= floor) continue;
    scores.push(hitAt(i, similarity, closeness));
    // Kept at most twice the limit between trims: a sort per row would cost more than the products.
    if (scores.length >= opts.limit * 2) {
      scores.sort((a, b) => b.similarity - a.similarity);
      scores.length = opts.limit;
      floor = scores.at(-1)?.similarity ?? -2;
    }
  }
  scores.sort((a, b) => b.similarity - a.similarity);
  const nearest = scores.slice(0, opts.limit);
  // The business's own passages compete with shipped sections that have pilots' questions and the
  // classifier behind them, so its nearest few are always among the candidates (answer-engine.ts,
  // companyFirst, weighs them on their text alone).
  const taken = new Set(nearest.map((h) => h.id));
  own.sort((a, b) => b.similarity - a.similarity);
  return [...nearest, ...own.filter((h) => !taken.has(h.id)).slice(0, OWN_NEAREST)].sort((a, b) => b.similarity - a.similarity);
}

/** How many of the asking business's own passages are always among a question's nearest sections. */
export const OWN_NEAREST = 8;

/** The knowledge base's version (migration 0020), for a caller that did not read it with its question. */
export async function knowledgeVersion(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`select version::text as version from knowledge_version where id = 1`);
  return result.rows[0]?.version ?? '0';
}

/**
 * A follow-up's own words count twice the question it follows: "how do I get rid of it safely" after
 * a swollen-battery question is about disposal, not swelling. On the tuning sets (ADR 0065, sixth
 * session) weights 1, 0.7, 0.5 and 0.3 stated the fact 698, 698, 699, 696 times, confident wrong 36, 34, 34, 33.
 */
const EARLIER_QUESTION_WEIGHT = 0.5;

/** How many nearest sections a question gets: enough for fusion's candidates and the runner-up. */
const NEAREST = 40;

/**
 * The nearest sections in meaning to the texts: the question, and for a follow-up ("and at night?")
 * the question it follows. Each text is embedded on its own and the vectors summed (weighted), so every
 * distinct question is embedded once per process, however conversations pair them up: embedding each
 * new pair would put the encoder (~10 ms of the event loop's thread) on most follow-ups under load.
 */
export async function nearestSections(db: DbOrTx, texts: string[], opts: { businessId: string | null; version: string }): Promise<SemanticHit[]> {
  const vectors = await Promise.all(texts.map(embedQuery));
  const query = new Float32Array(EMBEDDING_DIMS);
  vectors.forEach((v, i) => {
    const weight = i === 0 ? 1 : EARLIER_QUESTION_WEIGHT;
    for (let d = 0; d < EMBEDDING_DIMS; d += 1) query[d] = (query[d] ?? 0) + weight * (v[d] ?? 0);
  });
  const norm = Math.hypot(...query) || 1;
  for (let d = 0; d < EMBEDDING_DIMS; d += 1) query[d] = (query[d] ?? 0) / norm;
  return semanticSearch(db, query, { ...opts, limit: NEAREST });
}
