import { embedQuery, queryKey } from '../knowledge/encoder.ts';
import { EXAMPLE_KINDS, isLeftOut, leftOutSource, questionExamples, type ExampleKind, type QuestionExamples } from '../knowledge/question-examples-file.ts';

/*
 * The kind of a question (ADR 0065, eleventh session) told by the labelled questions pilots asked
 * (knowledge/question-examples-file.ts): an answer, a refusal (harm), the scope reply (off topic) or a
 * clarifying question (vague). A classifier learnt from ~1,750 questions written blind, where the
 * statements of harm-intent.ts and off-domain.ts are a few dozen sentences written by hand.
 */

/** How many nearest examples of each kind are averaged: one alone is too often a near-duplicate by chance. */
export const EXAMPLES_PER_KIND = 3;

/**
 * How much closer (mean of the EXAMPLES_PER_KIND nearest) to questions of a kind than to answerable
 * ones a question must be to be taken for that kind. Chosen by leaving each tuning set out in turn and
 * telling its questions by the others' (ADR 0065, eleventh session; 12 sets, 1,743 answerable
 * questions): at these margins none of the answerable ones was taken for another kind, while 120 of
 * 199 harmful, 144 of 231 off-topic and 184 of 224 vague ones were recognised on their own.
 */
export const KIND_MARGIN: Record<Exclude<ExampleKind, 'answer'>, number> = { harm: 0.03, offtopic: 0, vague: 0.05 };

/**
 * Harm is taken from the examples only when its nearest harmful examples are this close: far from all
 * of them, a lead over the answerable ones is chance ("which cordless leaf blower is the quietest? the
 * drone of my old gas one is killing me" led by 0.05 at 0.39). Leaving each tuning set out in turn, this
 * spared the 2 off-topic questions taken for harm and 1 of 99 harmful ones.
 */
export const HARM_EXAMPLES_FLOOR = 0.4;

/** Each kind's closeness: the mean similarity of its EXAMPLES_PER_KIND nearest examples. */
export function closenessByKind(question: Float32Array, examples: QuestionExamples | null = questionExamples()): Record<ExampleKind, number> | null {
  if (!examples) return null;
  // The EXAMPLES_PER_KIND best similarities of each kind, kept in one flat array (a scan of ~5,000
  // examples per question and clause: no allocation inside it).
  const top = new Float32Array(EXAMPLE_KINDS.length * EXAMPLES_PER_KIND).fill(-2);
  const { kinds, sources } = examples;
  const dots = examples.rows.dots(question);
  for (let i = 0; i < kinds.length; i += 1) {
    if (isLeftOut(sources[i] ?? -1)) continue;
    const dot = dots[i] ?? 0;
    const base = EXAMPLE_KINDS.indexOf(kinds[i] ?? 'answer') * EXAMPLES_PER_KIND;
    let lowest = base;
    for (let j = base + 1; j < base + EXAMPLES_PER_KIND; j += 1) if ((top[j] ?? 0) < (top[lowest] ?? 0)) lowest = j;
    if (dot > (top[lowest] ?? 0)) top[lowest] = dot;
  }
  const mean = (k: number) => {
    let sum = 0;
    let n = 0;
    for (let j = k * EXAMPLES_PER_KIND; j < (k + 1) * EXAMPLES_PER_KIND; j += 1) if ((top[j] ?? -2) > -2) [sum, n] = [sum + (top[j] ?? 0), n + 1];
    return n ? sum / n : -1;
  };
  return { answer: mean(0), harm: mean(1), offtopic: mean(2), vague: mean(3) };
}

/** Questions and clauses repeat: their closeness is kept, the most recent 1,000 (and per left-out set, for the evaluation). */
const told = new Map<string, Record<ExampleKind, number> | null>();
/** Each kind's closeness to the text (closenessByKind); null without the examples file. Throws without the encoder. */
export async function closenessOf(text: string): Promise<Record<ExampleKind, number> | null> {
  const key = `${leftOutSource()}|${queryKey(text)}`;
  const hit = told.get(key);
  if (hit !== undefined) return hit;
  const found = closenessByKind(await embedQuery(text));
  told.set(key, found);
  if (told.size > 1_000) told.delete(told.keys().next().value ?? '');
  return found;
}

/**
 * The kind of question this is by its nearest labelled examples, or null when it is answerable or
 * unclear (null too without the examples file or the encoder). The kind farthest past its margin wins.
 */
export async function kindByExamples(question: string): Promise<Exclude<ExampleKind, 'answer'> | null> {
  try {
    const near = await closenessOf(question);
    if (!near) return null;
    let found: Exclude<ExampleKind, 'answer'> | null = null;
    let lead = 0;
    for (const kind of ['harm', 'offtopic', 'vague'] as const) {
      // A request to do harm with a drone is nearer harmful drone requests than questions about other
      // things ("which cordless leaf blower is quietest? the drone of my old one is killing me").
      if (kind === 'harm' && (near.harm < HARM_EXAMPLES_FLOOR || near.harm <= near.offtopic)) continue;
      const past = near[kind] - near.answer - KIND_MARGIN[kind];
      if (past >= 0 && (found === null || past > lead)) [found, lead] = [kind, past];
    }
    return found;
  } catch {
    return null;
  }
}

/**
 * How much nearer the question is to the examples of kind `of` than to those of kind `over` (0 without
 * the examples or the encoder). Harm over answerable: how far the statements of harm-intent.ts may
 * disagree before a refusal, or how clearly a refusal by them is a lawful question. Answerable over off
 * topic: a question far ahead is a pilot's, whatever words it shares with the sections (answer-engine.ts).
 */
export async function leadByExamples(question: string, of: ExampleKind, over: ExampleKind): Promise<number> {
  try {
    const near = await closenessOf(question);
    return near ? near[of] - near[over] : 0;
  } catch {
    return 0;
  }
}

/**
 * A clause of a longer question must be this much closer to harmful examples than to answerable ones:
 * a harmful purpose told in passing in a long story is diluted in the whole question's vector, as with
 * the statements (harm-intent.ts, clausesOf). Leaving each tuning set out in turn, clauses at 0.06
 * recognised 5 more harmful requests and no other question; at 0.04 one pilot asking about an ex's drone
 * watching her was taken for harm.
 */
export const CLAUSE_HARM_MARGIN = 0.06;

/** The clauses (harm-intent.ts, clausesOf) its nearest examples take for harm, for the statements to confirm. */
export async function harmfulClausesByExamples(clauses: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  try {
    for (const clause of clauses) {
      const near = await closenessOf(clause);
      if (near && near.harm >= HARM_EXAMPLES_FLOOR && near.harm - near.answer >= CLAUSE_HARM_MARGIN) found.push(clause);
    }
  } catch {
    // No encoder: the whole question's checks stand alone.
  }
  return found;
}

/** Forgets every told question (the bench times questions as if never asked before). */
export function forgetToldQuestions(): void {
  told.clear();
}
