/**
 * What the tuning scripts (tune-fusion.ts, fit-confidence.ts) start from: the answerable questions of
 * the tuning sets ONLY (the held-out half and unseen-5 are never read here), the development set, an embedded database with
 * the shipped knowledge base, and each section's label as the question files write it (article#n).
 */
import { readFileSync } from 'node:fs';
import type { Database } from '../../src/server/db/client.ts';
import { openShippedKnowledge } from './shipped-engine.ts';

/**
 * The sets tuned on: the tune half; since the fifth session of issue 14 the first unseen set too (its
 * wordings are harder and more like pilots'), and unseen-2 after it had been measured blind once
 * (ADR 0065); since the sixth, unseen-3, read blind at the end of the fifth and once to decide on the
 * sections' questions; unseen-4, written blind afterwards, read once on the sixth session's engine and then
 * tuned on. unseen-5, written blind afterwards, is never tuned on, beside the held-out half. unseen-6, read
 * blind once at each end of the seventh session, is tuned on since the eighth; unseen-7, written blind
 * in the eighth and read once at the start of the ninth, is tuned on since; unseen-8, read blind once at
 * each end of the ninth, since the tenth; unseen-9, read three times in the tenth (ADR 0065), since later
 * in the tenth. In the eleventh: unseen-10 (read at each end of the tenth and twice in the eleventh), and
 * train-1 and train-2, written blind as examples to learn from (read once blind on 2f30441 first). In
 * the twelfth, train-3, written and labelled blind the same way (read once blind on 3541d8a first). In the
 * thirteenth, train-4, leaning on the line between harmful and lawful requests (read once blind on c301c8e).
 * In the fifteenth, unseen-14 (read blind at each end of the fourteenth, on 52f0cc9 and d34ad04). In the
 * sixteenth, unseen-15 (read blind at each end of the fifteenth, on 674b57e and a11e37f). In the
 * seventeenth, unseen-16 (read blind at each end of the sixteenth, on 56aba09's engine and 7e9aafb). In
 * the twenty-fourth, train-5 and train-6, written and labelled blind as examples (read once blind on
 * 8ecff29); train-7 and train-8 (read once blind on 62c275a, after the first two had joined); train-9
 * and train-10, most of their questions off topic on the border of the subject (read once blind on
 * aa854fa and 80e63cc).
 */
export const TUNING_FILES = ['tune', 'unseen', 'unseen-2', 'unseen-3', 'unseen-4', 'unseen-6', 'unseen-7', 'unseen-8', 'unseen-9', 'unseen-10', 'train-1', 'train-2', 'train-3', 'train-4', 'unseen-14', 'unseen-15', 'unseen-16', 'train-5', 'train-6', 'train-7', 'train-8', 'train-9', 'train-10'] as const;

export interface TuneItem {
  kind: string;
  question: string;
  previous?: string[];
  sections: string[];
  /** The set it comes from (TUNING_FILES). */
  source: string;
}

/** The development set's answer questions (tests/eval/*.json, scope questions left out): no section labels. */
export function readDevSet(): { question: string; expect: string[] }[] {
  const files = ['regulations', 'setup-troubleshooting', 'maintenance-safety-advanced'];
  return files
    .flatMap((f) => JSON.parse(readFileSync(new URL(`./${f}.json`, import.meta.url), 'utf8')) as { question: string; expect: string[]; topic: string }[])
    .filter((d) => d.topic !== 'scope');
}

export async function openTuneSet(): Promise<{ items: TuneItem[]; unanswerable: TuneItem[]; database: Database; names: Map<string, string> }> {
  const all = TUNING_FILES.flatMap((f) => (JSON.parse(readFileSync(new URL(`./pilot/${f}.json`, import.meta.url), 'utf8')) as Omit<TuneItem, 'source'>[]).map((x) => ({ ...x, source: f })));
  const items = all.filter((x) => x.kind === 'answer' && x.sections.length);
  // Answer questions the knowledge base cannot answer: whatever is shown for them is wrong.
  const unanswerable = all.filter((x) => x.kind === 'answer' && !x.sections.length);
  const { database, names } = await openShippedKnowledge();
  return { items, unanswerable, database, names };
}
