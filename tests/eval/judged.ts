import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { CONFIDENT, statesFact, type Item, type Outcome } from './score.ts';

/**
 * The string match of score.ts (an answer states the fact when it holds one of the expected phrases)
 * counts a right answer worded another way as wrong ("There is no FAA medical certificate requirement"
 * for "do I need an FAA medical", where the phrases were "not required", "no medical"…), and an answer
 * holding a phrase but not what the question asks as right. So every answer shown to an answer question
 * of the sets never tuned on is also judged one by one, by readers who see only the question, the
 * writer's note of the fact (or the expected phrases) and the answer, and who decide whether the answer
 * states that fact (ADR 0065, seventeenth session). The verdicts are kept in tests/eval/judged/<set>.json
 * by each row's key (the question and what the answer says), so an unchanged answer keeps its verdict;
 * run-eval.ts prints each set's figures both ways, an answer not judged yet counted by the string match.
 * Never used to tune.
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

/** The answers shown (not a clarifying question, scope reply or refusal) to an answer question. */
export function rowsForJudge(set: string, items: Item[], outcomes: Outcome[]): JudgeRow[] {
  return items.flatMap((item, i) => {
    const o = outcomes[i];
    if (!o || item.kind !== 'answer' || o.asked || o.declined || o.refused) return [];
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

/** A reader's verdict on an answer shown to an answer question of the set, if it was judged. */
export function verdictOn(verdicts: Map<string, Verdict>, item: Item, answer: string): boolean | undefined {
  return verdicts.get(keyOf(item, answer))?.right;
}

/** One set's figures by the verdicts (the string match where there is none): states the fact, confident wrong, and the answers not judged yet. */
export function judgedFigures(set: string, items: Item[], outcomes: Outcome[]): { fact: number; answerable: number; confidentWrong: number; shown: number; unjudged: number } {
  const verdicts = verdictsOf(set);
  const c = { fact: 0, answerable: 0, confidentWrong: 0, shown: 0, unjudged: 0 };
  items.forEach((item, i) => {
    const o = outcomes[i];
    if (!o) return;
    const shown = !o.asked && !o.declined && !o.refused;
    let right = item.kind === 'answer' && statesFact(item, o);
    if (shown && item.kind === 'answer') {
      const v = verdictOn(verdicts, item, o.answer);
      if (v === undefined) c.unjudged += 1;
      else right = v;
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
