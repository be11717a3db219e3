import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { EMBEDDING_DIMS, EMBEDDING_MODEL, embedQuery } from '../knowledge/encoder.ts';
import { KNOWLEDGE_DIR } from '../knowledge/load-articles.ts';
import { decodeVector } from '../knowledge/shipped-vectors.ts';

/**
 * Questions pilots asked, each labelled by what it called for (ADR 0065, eleventh session): an answer,
 * a refusal (harm), the scope reply (off topic) or a clarifying question (vague). They are the tuning
 * sets' questions, written blind by people who had not read the knowledge base, with their vectors
 * (`npm run kb:examples` writes knowledge/question-examples.json). A new question is told by the labelled
 * questions nearest to it in meaning: a classifier learnt from ~1,900 examples, where the statements of
 * harm-intent.ts and off-domain.ts are a few dozen sentences written by hand. Left out of it, so they
 * still measure it: the held-out half, unseen-5, unseen-10 and later blind sets, the odd half of harm-2.
 */
export const EXAMPLE_KINDS = ['answer', 'harm', 'offtopic', 'vague'] as const;
export type ExampleKind = (typeof EXAMPLE_KINDS)[number];

export const QUESTION_EXAMPLES_FILE = join(KNOWLEDGE_DIR, 'question-examples.json');

const fileSchema = z.object({
  model: z.string(),
  dims: z.number(),
  examples: z.array(z.object({ kind: z.enum(EXAMPLE_KINDS), source: z.string(), text: z.string(), vector: z.string() })),
});
export type QuestionExamplesFile = z.infer<typeof fileSchema>;

/** How many nearest examples of each kind are averaged: one alone is too often a near-duplicate by chance. */
export const EXAMPLES_PER_KIND = 3;

/**
 * How much closer (mean of the EXAMPLES_PER_KIND nearest) to questions of a kind than to answerable
 * ones a question must be to be taken for that kind. Chosen by leaving each tuning set out in turn and
 * telling its questions by the others' (ADR 0065, eleventh session): at these margins 3 (harm), 0 (off
 * topic) and 1 (vague) of 1,434 answerable questions were taken for another kind, while 79%, 73% and
 * 87% of the harmful, off-topic and vague ones were recognised on their own.
 */
export const KIND_MARGIN: Record<Exclude<ExampleKind, 'answer'>, number> = { harm: 0.04, offtopic: 0.02, vague: 0.08 };

/**
 * Harm is taken from the examples only when its nearest harmful examples are this close: far from all
 * of them, a lead over the answerable ones is chance ("which cordless leaf blower is the quietest? the
 * drone of my old gas one is killing me" led by 0.05 at 0.39). Leaving each tuning set out in turn, this
 * spared the 2 off-topic questions taken for harm and 1 of 99 harmful ones.
 */
export const HARM_EXAMPLES_FLOOR = 0.4;

interface Bank {
  kinds: ExampleKind[];
  sources: string[];
  vectors: Float32Array;
}

let bank: Bank | null | undefined;
function load(): Bank | null {
  if (bank !== undefined) return bank;
  try {
    const file = fileSchema.parse(JSON.parse(readFileSync(QUESTION_EXAMPLES_FILE, 'utf8')));
    // Vectors of another model are not comparable with the question's: no examples rather than wrong ones.
    if (file.model !== EMBEDDING_MODEL || file.dims !== EMBEDDING_DIMS) return (bank = null);
    const vectors = new Float32Array(file.examples.length * EMBEDDING_DIMS);
    file.examples.forEach((e, i) => vectors.set(decodeVector(e.vector), i * EMBEDDING_DIMS));
    return (bank = { kinds: file.examples.map((e) => e.kind), sources: file.examples.map((e) => e.source), vectors });
  } catch {
    return (bank = null);
  }
}

let leftOut: string | null = null;
/**
 * For the evaluation only: tells a tuning set's questions without its own examples (each set was
 * written by someone else, so this is how the examples fare on questions they do not hold).
 */
export function leaveOutExamplesOf(source: string | null): void {
  leftOut = source;
}

/** Each kind's closeness: the mean similarity of its EXAMPLES_PER_KIND nearest examples. */
export function closenessByKind(question: Float32Array, examples: Bank | null = load()): Record<ExampleKind, number> | null {
  if (!examples) return null;
  const best = Object.fromEntries(EXAMPLE_KINDS.map((k) => [k, [] as number[]])) as Record<ExampleKind, number[]>;
  for (let i = 0; i < examples.kinds.length; i += 1) {
    if (leftOut !== null && examples.sources[i] === leftOut) continue;
    let dot = 0;
    const at = i * EMBEDDING_DIMS;
    for (let d = 0; d < EMBEDDING_DIMS; d += 1) dot += (examples.vectors[at + d] ?? 0) * (question[d] ?? 0);
    const top = best[examples.kinds[i] ?? 'answer'];
    if (top.length < EXAMPLES_PER_KIND) top.push(dot);
    else if (dot > Math.min(...top)) top[top.indexOf(Math.min(...top))] = dot;
  }
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : -1);
  return { answer: mean(best.answer), harm: mean(best.harm), offtopic: mean(best.offtopic), vague: mean(best.vague) };
}

/**
 * The kind of question this is by its nearest labelled examples, or null when it is answerable or
 * unclear (null too without the examples file or the encoder). The kind farthest past its margin wins.
 */
export async function kindByExamples(question: string): Promise<Exclude<ExampleKind, 'answer'> | null> {
  try {
    const near = closenessByKind(await embedQuery(question));
    if (!near) return null;
    let found: Exclude<ExampleKind, 'answer'> | null = null;
    let lead = 0;
    for (const kind of ['harm', 'offtopic', 'vague'] as const) {
      if (kind === 'harm' && near.harm < HARM_EXAMPLES_FLOOR) continue;
      const past = near[kind] - near.answer - KIND_MARGIN[kind];
      if (past >= 0 && (found === null || past > lead)) [found, lead] = [kind, past];
    }
    return found;
  } catch {
    return null;
  }
}
