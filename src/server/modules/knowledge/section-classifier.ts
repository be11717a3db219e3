import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EMBEDDING_DIMS, EMBEDDING_MODEL } from './encoder.ts';
import { writeInt8Row } from './int8-rows.ts';
import { KNOWLEDGE_DIR } from './load-articles.ts';
import { leftOutSource, questionExamples, shippedSectionViews } from './question-examples-file.ts';
import { CLASSIFIER_TRAINING, trainSectionClassifier, type ClassifierExample } from './train-section-classifier.ts';

/**
 * Which shipped section a question is about, learned from every question labelled with its section
 * (ADR 0065, twelfth session): the sections' own questions and text, and the pilots' answerable
 * questions of question-examples-file.ts. Semantic search (embeddings.ts) adds its probability to a
 * section's closeness: nearest-view search reads one view at a time, while the classifier weighs all
 * of a section's questions and the lines between neighbouring sections. `npm run kb:examples` trains it
 * into knowledge/section-classifier.json; business documents have no labelled questions and get none.
 */
export const SECTION_CLASSIFIER_FILE = join(KNOWLEDGE_DIR, 'section-classifier.json');

const fileSchema = z.object({
  model: z.string(),
  dims: z.number(),
  temperature: z.number(),
  /** A hash of what it was trained on (trainingSet().hash): kb:check fails on a stale file. */
  trainedOn: z.string(),
  labels: z.array(z.string()),
  /** One row per label: EMBEDDING_DIMS int8 numbers (base64), and each row's scale (float32, base64). */
  rows: z.string(),
  scales: z.string(),
});
export type SectionClassifierFile = z.infer<typeof fileSchema>;

export interface SectionClassifier {
  labels: string[];
  temperature: number;
  /** labels.length rows of EMBEDDING_DIMS numbers. */
  weights: Float32Array;
  trainedOn: string;
}

export interface TrainingSet {
  labels: string[];
  /** Each section's centroid (its text's and questions' views), unit length: where training starts. */
  init: Float32Array;
  examples: ClassifierExample[];
  /** Of the labels, the examples and the training constants. */
  hash: string;
}

/**
 * What the classifier learns from: every view of every shipped section (its text and its questions),
 * and the pilots' answerable questions of the examples, but those of `leaveOut` (a set's name, for the
 * evaluation's cross-validation by writer).
 */
export function trainingSet(leaveOut: string | null = null): TrainingSet {
  const sections = shippedSectionViews();
  const labels = sections.map((s) => s.label);
  // Every view, its text's and its questions' alike: both say what the section answers.
  const examples: ClassifierExample[] = sections.flatMap(({ views }, cls) =>
    Array.from({ length: views.length / EMBEDDING_DIMS }, (_, v) => ({ vector: views.subarray(v * EMBEDDING_DIMS, (v + 1) * EMBEDDING_DIMS), classes: [cls] })),
  );
  const byLabel = new Map(labels.map((l, i) => [l, i] as const));
  const pilots = questionExamples();
  if (pilots) {
    pilots.sections.forEach((named, i) => {
      if (pilots.sourceNames[pilots.sources[i] ?? -1] === leaveOut) return;
      const classes = named.map((l) => byLabel.get(l)).filter((c): c is number => c !== undefined);
      if (!classes.length) return;
      const scale = pilots.rows.scales[i] ?? 0;
      const vector = Float32Array.from(pilots.rows.matrix.subarray(i * EMBEDDING_DIMS, (i + 1) * EMBEDDING_DIMS), (x) => x * scale);
      examples.push({ vector, classes });
    });
  }
  const init = new Float32Array(labels.length * EMBEDDING_DIMS);
  sections.forEach(({ views: all }, cls) => {
    const row = init.subarray(cls * EMBEDDING_DIMS, (cls + 1) * EMBEDDING_DIMS);
    for (let at = 0; at < all.length; at += EMBEDDING_DIMS) for (let d = 0; d < EMBEDDING_DIMS; d += 1) row[d] = (row[d] ?? 0) + (all[at + d] ?? 0);
    const norm = Math.hypot(...row) || 1;
    for (let d = 0; d < EMBEDDING_DIMS; d += 1) row[d] = (row[d] ?? 0) / norm;
  });
  const hash = createHash('sha256');
  hash.update(JSON.stringify([EMBEDDING_MODEL, CLASSIFIER_TRAINING, labels]));
  for (const e of examples) {
    hash.update(Float32Array.from(e.vector, (x) => Math.round(x * 1e4) / 1e4));
    hash.update(JSON.stringify(e.classes));
  }
  return { labels, init, examples, hash: hash.digest('hex').slice(0, 16) };
}

export function trainClassifier(set: TrainingSet): SectionClassifier {
  return { labels: set.labels, temperature: CLASSIFIER_TRAINING.temperature, weights: trainSectionClassifier(set.init, set.labels.length, set.examples), trainedOn: set.hash };
}

/** The file's form: int8 rows with a scale each (a quarter of float32's size); the rows keep their lengths. */
export function classifierFile(c: SectionClassifier): SectionClassifierFile {
  const rows = new Int8Array(c.weights.length);
  const scales = Float32Array.from(c.labels, (_, r) => writeInt8Row(rows, r, c.weights.subarray(r * EMBEDDING_DIMS, (r + 1) * EMBEDDING_DIMS)));
  return {
    model: EMBEDDING_MODEL,
    dims: EMBEDDING_DIMS,
    temperature: c.temperature,
    trainedOn: c.trainedOn,
    labels: c.labels,
    rows: Buffer.from(rows.buffer).toString('base64'),
    scales: Buffer.from(scales.buffer).toString('base64'),
  };
}

/** A classifier from its file's form (null when it is not one, or of another model). */
export function loadClassifierFile(json: unknown): SectionClassifier | null {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) return null;
  const file = parsed.data;
  if (file.model !== EMBEDDING_MODEL || file.dims !== EMBEDDING_DIMS) return null;
  const rows = new Int8Array(Uint8Array.from(Buffer.from(file.rows, 'base64')).buffer);
  const scales = new Float32Array(Uint8Array.from(Buffer.from(file.scales, 'base64')).buffer);
  if (rows.length !== file.labels.length * EMBEDDING_DIMS || scales.length !== file.labels.length) return null;
  return { labels: file.labels, temperature: file.temperature, weights: Float32Array.from(rows, (x, i) => x * (scales[Math.floor(i / EMBEDDING_DIMS)] ?? 0)), trainedOn: file.trainedOn };
}

let shipped: SectionClassifier | null | undefined;

/** The committed classifier; null when absent or of another model (the search then ranks by closeness alone). */
export function shippedClassifier(): SectionClassifier | null {
  if (shipped !== undefined) return shipped;
  try {
    return (shipped = loadClassifierFile(JSON.parse(readFileSync(SECTION_CLASSIFIER_FILE, 'utf8'))));
  } catch {
    return (shipped = null);
  }
}

const folds = new Map<number, SectionClassifier>();
/**
 * For the evaluation only: the classifier trained without a set's own questions, used while that set
 * is left out (question-examples-file.ts, leaveOutExamplesOf), as the shipped one holds them.
 */
export function useFoldClassifier(source: string, classifier: SectionClassifier): void {
  const index = questionExamples()?.sourceNames.indexOf(source) ?? -1;
  if (index >= 0) folds.set(index, classifier);
}

/** The classifier in use: the shipped one, or while the evaluation leaves a set out, the one trained without it. */
export function activeClassifier(): SectionClassifier | null {
  const left = leftOutSource();
  return left >= 0 ? (folds.get(left) ?? shippedClassifier()) : shippedClassifier();
}

/** Each label's probability for a unit query vector (softmax over the shipped sections). */
export function sectionProbabilities(c: SectionClassifier, query: Float32Array): Float32Array {
  const n = c.labels.length;
  const p = new Float32Array(n);
  let max = -Infinity;
  for (let r = 0; r < n; r += 1) {
    let z = 0;
    const base = r * EMBEDDING_DIMS;
    for (let d = 0; d < EMBEDDING_DIMS; d += 1) z += (c.weights[base + d] ?? 0) * (query[d] ?? 0);
    p[r] = c.temperature * z;
    if ((p[r] ?? 0) > max) max = p[r] ?? 0;
  }
  let sum = 0;
  for (let r = 0; r < n; r += 1) {
    p[r] = Math.exp((p[r] ?? 0) - max);
    sum += p[r] ?? 0;
  }
  for (let r = 0; r < n; r += 1) p[r] = (p[r] ?? 0) / sum;
  return p;
}
