import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { CONFIDENT, statesFact, type Item, type Outcome } from './score.ts';

/**
 * The string match of score.ts (an answer states the fact when it holds one of the expected phrases)
 * counts a right answer worded another way as wrong: "There is no FAA medical certificate requirement"
 * for "do I need an FAA medical", where the phrases were "not required", "no medical"… So the answers
 * the match counts as wrong on the sets never tuned on are also judged one by one, by a reader who sees
 * only the question, the writer's note of the fact (or the expected phrases) and the answer, and who
 * decides whether the answer states that fact (ADR 0065, seventeenth session). The verdicts are kept in
 * tests/eval/judged/<set>.json by each row's key (the question and the answer), so an unchanged answer
 * keeps its verdict; judged.ts prints each set's figures both ways. Never used to tune.
 */
export interface JudgeRow {
  key: string;
  set: string;
  question: string;
  previous?: string[];
  /** The writer's note of the fact, or the labeller's expected phrases when the set has no notes (held-out). */
  fact: string;
  answer: string;
  confidence: number;
}

export interface Verdict {
  key: string;
  /** The answer states the fact (in other words than the expected phrases, or in the same). */
  right: boolean;
  why: string;
}

/** The question and what the answer says: its sources block apart, which states no fact and changes with citations. */
const keyOf = (item: Item, answer: string) =>
  createHash('sha256')
    .update(JSON.stringify([item.question, item.previous ?? [], answer.split('\n\nSources:\n')[0]]))
    .digest('hex')
    .slice(0, 16);

/** The answers the string match counts as wrong: shown (not a clarifying question, scope reply or refusal) to an answer question. */
export function rowsForJudge(set: string, items: Item[], outcomes: Outcome[]): JudgeRow[] {
  return items.flatMap((item, i) => {
    const o = outcomes[i];
    if (!o || item.kind !== 'answer' || o.asked || o.declined || o.refused || statesFact(item, o)) return [];
    const fact = item.note ?? `one of: ${item.expect.map((e) => `"${e}"`).join(', ')}`;
    return [{ key: keyOf(item, o.answer), set, question: item.question, ...(item.previous ? { previous: item.previous } : {}), fact, answer: o.answer, confidence: o.confidence }];
  });
}

/** The verdicts kept for a set, by key (none when the set was never judged). */
export function verdictsOf(set: string): Map<string, Verdict> {
  const file = new URL(`./judged/${set}.json`, import.meta.url);
  if (!existsSync(file)) return new Map();
  return new Map((JSON.parse(readFileSync(file, 'utf8')) as Verdict[]).map((v) => [v.key, v]));
}

/** One set's figures with the judged answers counted right: states the fact, confident wrong, and the rows left unjudged. */
export function judgedFigures(set: string, items: Item[], outcomes: Outcome[]): { fact: number; answerable: number; confidentWrong: number; shown: number; unjudged: number } {
  const verdicts = verdictsOf(set);
  const c = { fact: 0, answerable: 0, confidentWrong: 0, shown: 0, unjudged: 0 };
  items.forEach((item, i) => {
    const o = outcomes[i];
    if (!o) return;
    const shown = !o.asked && !o.declined && !o.refused;
    let right = item.kind === 'answer' && statesFact(item, o);
    if (!right && shown && item.kind === 'answer') {
      const v = verdicts.get(keyOf(item, o.answer));
      if (v === undefined) c.unjudged += 1;
      else right = v.right;
    }
    if (item.kind === 'answer' && item.sections?.length !== 0) {
      c.answerable += 1;
      if (right) c.fact += 1;
    }
    if (!shown || item.kind === 'vague') return;
    c.shown += 1;
    if (!right && o.confidence >= CONFIDENT) c.confidentWrong += 1;
  });
  return c;
}
