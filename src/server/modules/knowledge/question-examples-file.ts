import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EMBEDDING_DIMS, EMBEDDING_MODEL } from './encoder.ts';
import { KNOWLEDGE_DIR } from './load-articles.ts';
import { decodeVector } from './shipped-vectors.ts';

/**
 * Questions pilots asked, each labelled by what it called for and, when answerable, by the shipped
 * sections that answer it (ADR 0065, eleventh session): the tuning sets' questions, written blind by
 * people who had not read the knowledge base, with their vectors (`npm run kb:examples` writes
 * knowledge/question-examples.json). The assistant tells a question's kind by them
 * (assistant/question-examples.ts) and semantic search counts them among the sections' own questions
 * (embeddings.ts). Left out, so they still measure the engine: the held-out half, unseen-5, unseen-10,
 * unseen-11 and later blind sets, the odd half of harm-2.
 */
export const EXAMPLE_KINDS = ['answer', 'harm', 'offtopic', 'vague'] as const;
export type ExampleKind = (typeof EXAMPLE_KINDS)[number];

export const QUESTION_EXAMPLES_FILE = join(KNOWLEDGE_DIR, 'question-examples.json');

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

export interface QuestionExamples {
  kinds: ExampleKind[];
  /** Each example's set, as an index into `sourceNames`. */
  sources: Int16Array;
  sourceNames: string[];
  sections: string[][];
  /** One unit vector of EMBEDDING_DIMS numbers per example. */
  vectors: Float32Array;
}

let examples: QuestionExamples | null | undefined;

/** The committed examples; null when the file is absent or of another model (their vectors are not comparable). */
export function questionExamples(): QuestionExamples | null {
  if (examples !== undefined) return examples;
  try {
    const file = fileSchema.parse(JSON.parse(readFileSync(QUESTION_EXAMPLES_FILE, 'utf8')));
    if (file.model !== EMBEDDING_MODEL || file.dims !== EMBEDDING_DIMS) return (examples = null);
    const sourceNames = [...new Set(file.examples.map((e) => e.source))];
    const vectors = new Float32Array(file.examples.length * EMBEDDING_DIMS);
    file.examples.forEach((e, i) => vectors.set(decodeVector(e.vector), i * EMBEDDING_DIMS));
    return (examples = {
      kinds: file.examples.map((e) => e.kind),
      sources: Int16Array.from(file.examples.map((e) => sourceNames.indexOf(e.source))),
      sourceNames,
      sections: file.examples.map((e) => e.sections),
      vectors,
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
