import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EMBEDDING_DIMS, EMBEDDING_MODEL, questionViews, sectionKey } from './encoder.ts';
import { KNOWLEDGE_DIR, loadArticles } from './load-articles.ts';
import { Int8Rows, writeInt8Row } from './int8-rows.ts';
import { decodeVector, shippedVectors } from './shipped-vectors.ts';

/**
 * Questions pilots asked, each labelled by what it called for and, when answerable, by the shipped
 * sections that answer it (ADR 0065, eleventh session): the tuning sets' questions, written blind by
 * people who had not read the knowledge base, with their vectors (`npm run kb:examples` writes
 * knowledge/question-examples/). The assistant tells a question's kind by them
 * (assistant/question-examples.ts) and semantic search counts them among the sections' own questions
 * (embeddings.ts). Left out, so they still measure the engine: the held-out half, unseen-5,
 * unseen-11 and later blind sets, the odd half of harm-2.
 */
export const EXAMPLE_KINDS = ['answer', 'harm', 'offtopic', 'vague'] as const;
export type ExampleKind = (typeof EXAMPLE_KINDS)[number];

/** How the question sets and the examples name a shipped section: `<article slug>#<1-based position>`. */
export const sectionLabel = (slug: string, position: number): string => `${slug}#${position + 1}`;

/**
 * The examples' files: one file grew past 1.7 MB at 2,454 examples, near the repository's 2 MB limit,
 * so they are written in QUESTION_EXAMPLE_SHARDS files of consecutive examples (`0.json`, `1.json`…),
 * read back in that order: the order is the same as one file's, and so is what is learnt from it.
 */
export const QUESTION_EXAMPLES_DIR = join(KNOWLEDGE_DIR, 'question-examples');
export const QUESTION_EXAMPLE_SHARDS = 4;

const fileSchema = z.object({
  model: z.string(),
  dims: z.number(),
  examples: z.array(
    z.object({
      kind: z.enum(EXAMPLE_KINDS),
      source: z.string(),
      text: z.string(),
      /** The shipped sections that answer it, as `<article slug>#<1-based position>`. */
      sections: z.array(z.string()).default([]),
      vector: z.string(),
    }),
  ),
});
export type QuestionExamplesFile = z.input<typeof fileSchema>;

/** The committed examples' files as one (throws when they are absent or malformed). */
export function readQuestionExamplesFile(dir = QUESTION_EXAMPLES_DIR): z.output<typeof fileSchema> {
  const shards = Array.from({ length: QUESTION_EXAMPLE_SHARDS }, (_, i) => fileSchema.parse(JSON.parse(readFileSync(join(dir, `${i}.json`), 'utf8'))));
  const [first] = shards;
  if (!first || shards.some((f) => f.model !== first.model || f.dims !== first.dims)) throw new Error('the examples\' files are of different models');
  return { model: first.model, dims: first.dims, examples: shards.flatMap((f) => f.examples) };
}

/** Writes the examples as QUESTION_EXAMPLE_SHARDS files of consecutive examples, one example per line. */
export function writeQuestionExamplesFile(file: QuestionExamplesFile, dir = QUESTION_EXAMPLES_DIR): void {
  mkdirSync(dir, { recursive: true });
  const size = Math.ceil(file.examples.length / QUESTION_EXAMPLE_SHARDS);
  for (let i = 0; i < QUESTION_EXAMPLE_SHARDS; i += 1) {
    const part = file.examples.slice(i * size, (i + 1) * size);
    writeFileSync(join(dir, `${i}.json`), `{\n  "model": ${JSON.stringify(file.model)},\n  "dims": ${file.dims},\n  "examples": [\n${part.map((e) => `    ${JSON.stringify(e)}`).join(',\n')}\n  ]\n}\n`);
  }
}

export interface QuestionExamples {
  kinds: ExampleKind[];
  /** Each example's set, as an index into `sourceNames`. */
  sources: Int16Array;
  sourceNames: string[];
  sections: string[][];
  /** One unit vector per example, EMBEDDING_DIMS int8 numbers times its scale (a quarter of float32's memory). */
  rows: Int8Rows;
}

let examples: QuestionExamples | null | undefined;

const KNOWLEDGE_BASE_SOURCE = 'knowledge-base';

/** A shipped section with committed vectors: its label, every view (its text's first, its questions' last) and how many are questions. */
export interface ShippedSectionViews {
  label: string;
  views: Float32Array;
  questions: number;
}

/** Every shipped section's committed views, in the knowledge base's order (encoder.ts, sectionViews). */
export function shippedSectionViews(): ShippedSectionViews[] {
  const shipped = shippedVectors();
  return loadArticles().flatMap((article) =>
    article.sections.flatMap((section, position) => {
      const committed = shipped.get(sectionKey(section));
      return committed ? [{ label: sectionLabel(article.slug, position), views: decodeVector(committed), questions: questionViews(section).length }] : [];
    }),
  );
}

/**
 * The questions the shipped sections say they answer (encoder.ts, questionViews), from their committed
 * vectors: answerable by construction, on every subject the knowledge base covers, where the pilots'
 * answerable questions leave some out. Without them a pilot's "lipo caught fire in my garage how do you
 * put it out" was nearer the arson requests than every answerable example, and refused (ADR 0065,
 * eleventh session: leaving each set out in turn, 3 of 1,743 answerable questions were taken for harm
 * and 1 for off topic; with them, none).
 */
function sectionQuestionVectors(): Float32Array[] {
  return shippedSectionViews().flatMap(({ views, questions }) => {
    const count = views.length / EMBEDDING_DIMS;
    return Array.from({ length: questions }, (_, q) => views.subarray((count - questions + q) * EMBEDDING_DIMS, (count - questions + q + 1) * EMBEDDING_DIMS));
  });
}

/** The committed examples; null when the file is absent or of another model (their vectors are not comparable). */
export function questionExamples(): QuestionExamples | null {
  if (examples !== undefined) return examples;
  try {
    const file = readQuestionExamplesFile();
    if (file.model !== EMBEDDING_MODEL || file.dims !== EMBEDDING_DIMS) return (examples = null);
    const own = sectionQuestionVectors();
    const sourceNames = [...new Set(file.examples.map((e) => e.source)), KNOWLEDGE_BASE_SOURCE];
    const all = [...file.examples.map((e) => decodeVector(e.vector)), ...own];
    const rows = new Int8Rows(all.length);
    all.forEach((v, i) => (rows.scales[i] = writeInt8Row(rows.matrix, i, v)));
    return (examples = {
      kinds: [...file.examples.map((e) => e.kind), ...own.map((): ExampleKind => 'answer')],
      sources: Int16Array.from([...file.examples.map((e) => sourceNames.indexOf(e.source)), ...own.map(() => sourceNames.length - 1)]),
      sourceNames,
      sections: [...file.examples.map((e) => e.sections), ...own.map((): string[] => [])],
      rows,
    });
  } catch {
    return (examples = null);
  }
}

let leftOut = -1;
/**
 * For the evaluation only: a tuning set's questions are told without its own examples (each set was
 * written by someone else, so this is how the examples fare on questions they do not hold).
 */
export function leaveOutExamplesOf(source: string | null): void {
  leftOut = source === null ? -1 : (questionExamples()?.sourceNames.indexOf(source) ?? -1);
}

/** The example's set is left out by the evaluation. */
export const isLeftOut = (sourceIndex: number): boolean => leftOut >= 0 && sourceIndex === leftOut;

/** The set left out (-1 for none), for a cache of results told with the examples. */
export const leftOutSource = (): number => leftOut;
