/**
 * Fits the off-topic odds of off-topic-odds.ts (ADR 0065, seventeenth session) on the tuning sets ONLY:
 * `node tests/eval/run-eval.ts --tune-only --dump FILE`, then `node tests/eval/fit-off-topic.ts FILE`.
 * A logistic model of OffTopicFeatures tells the off-topic questions (1) from the answerable ones (0),
 * all of them, whatever the engine did with them: the rules before it see the plain cases, but the
 * model learns more from all ~330 off-topic questions than from the ~20 that get through.
 *
 * It is judged where it acts, on the answers the engine still shows, each set's by a model fitted on the
 * others (leaving each tuning set out in turn): at each threshold, the off-topic questions it would
 * decline, and the answerable ones it would decline, right or wrong. Prints OFF_TOPIC_ODDS to paste
 * into off-topic-odds.ts.
 */
import { readFileSync } from 'node:fs';
import { OFF_TOPIC_FEATURE_KEYS, type OffTopicFeatures } from '../../src/server/modules/assistant/off-topic-odds.ts';
import { crossValidatedLogits, fitLogistic, printedModel, sigmoid } from './logistic.ts';
import { statesFact, type Item, type Outcome } from './score.ts';

const L2 = 0.001;
const file = process.argv[2];
if (!file) throw new Error('usage: node tests/eval/fit-off-topic.ts DUMP (from run-eval.ts --tune-only --dump DUMP)');
const dumped = JSON.parse(readFileSync(file, 'utf8')) as { source: string; item: Item; outcome: Outcome }[];
type Sample = { source: string; x: number[]; y: number; shown: boolean; right: boolean; question: string };
const samples: Sample[] = dumped
  .filter(({ item, outcome }) => outcome.offTopic && (item.kind === 'offtopic' || (item.kind === 'answer' && item.sections?.length)))
  .map(({ source, item, outcome }) => {
    const f = outcome.offTopic as OffTopicFeatures;
    return {
      source,
      x: OFF_TOPIC_FEATURE_KEYS.map((k) => f[k]),
      y: item.kind === 'offtopic' ? 1 : 0,
      shown: !outcome.asked && !outcome.declined && !outcome.refused,
      right: item.kind === 'answer' && statesFact(item, outcome),
      question: item.question,
    };
  });

const cross = new Map([...crossValidatedLogits(samples, OFF_TOPIC_FEATURE_KEYS.length, { l2: L2 })].map(([s, z]) => [s, sigmoid(z)]));
const sources = new Set(samples.map((s) => s.source));
const shown = samples.filter((s) => s.shown);
console.log(`${samples.length} questions (${samples.filter((s) => s.y).length} off topic) of ${sources.size} tuning sets; the engine shows an answer to ${shown.filter((s) => s.y).length} off-topic and ${shown.filter((s) => !s.y).length} answerable ones`);
for (const at of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const declined = shown.filter((s) => (cross.get(s) ?? 0) >= at);
  console.log(`  declined at ${at}: off topic ${declined.filter((s) => s.y).length}, answerable right ${declined.filter((s) => !s.y && s.right).length}, answerable wrong ${declined.filter((s) => !s.y && !s.right).length}`);
}
if (process.argv.includes('--list')) for (const s of [...shown].sort((a, b) => (cross.get(b) ?? 0) - (cross.get(a) ?? 0)).slice(0, 40)) console.log(`  ${(cross.get(s) ?? 0).toFixed(2)} ${s.y ? 'OFF' : s.right ? 'right' : 'wrong'} ${s.question.slice(0, 90)}`);
console.log(`export const OFF_TOPIC_ODDS = ${printedModel(fitLogistic(samples, OFF_TOPIC_FEATURE_KEYS.length, { l2: L2 }), OFF_TOPIC_FEATURE_KEYS)};`);
