/**
 * Fits the harm odds of harm-odds.ts (ADR 0065, seventeenth session) on the tuning sets ONLY:
 * `node tests/eval/run-eval.ts --tune-only --dump FILE`, then `node tests/eval/fit-harm-odds.ts FILE`.
 * A logistic model of HarmFeatures tells the harmful requests (1) from every other question (0), all of
 * them, whatever the engine did with them: it learns more from all ~270 harmful requests than from the
 * ~25 the rules let through. It is judged where it acts, on the questions the engine does not refuse
 * otherwise, each set's by a model fitted on the others: at each threshold, the harmful requests it
 * would refuse and the other questions (answerable ones apart). Prints HARM_ODDS to paste into harm-odds.ts.
 */
import { readFileSync } from 'node:fs';
import { HARM_FEATURE_KEYS } from '../../src/server/modules/assistant/harm-odds.ts';
import { crossValidatedLogits, fitLogistic, printedModel, sigmoid } from './logistic.ts';
import { statesFact, type Item, type Outcome } from './score.ts';

const L2 = 0.001;
const file = process.argv[2];
if (!file) throw new Error('usage: node tests/eval/fit-harm-odds.ts DUMP (from run-eval.ts --tune-only --dump DUMP)');
const dumped = JSON.parse(readFileSync(file, 'utf8')) as { source: string; item: Item; outcome: Outcome }[];
type Sample = { source: string; x: number[]; y: number; refused: boolean; kind: string; right: boolean; question: string };
const samples: Sample[] = dumped
  .filter(({ outcome }) => outcome.harm)
  .map(({ source, item, outcome }) => ({
    source,
    x: HARM_FEATURE_KEYS.map((k) => outcome.harm?.features[k] ?? 0),
    y: item.kind === 'harm' ? 1 : 0,
    refused: outcome.refused,
    kind: item.kind,
    right: item.kind === 'answer' && statesFact(item, outcome),
    question: item.question,
  }));

const cross = new Map([...crossValidatedLogits(samples, HARM_FEATURE_KEYS.length, { l2: L2 })].map(([s, z]) => [s, sigmoid(z)]));
const sources = new Set(samples.map((s) => s.source));
const open = samples.filter((s) => !s.refused);
console.log(`${samples.length} questions (${samples.filter((s) => s.y).length} harmful) of ${sources.size} tuning sets; not refused otherwise: ${open.filter((s) => s.y).length} harmful, ${open.filter((s) => !s.y).length} others`);
for (const at of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9]) {
  const refused = open.filter((s) => (cross.get(s) ?? 0) >= at);
  console.log(`  refused at ${at}: harmful ${refused.filter((s) => s.y).length}, answerable ${refused.filter((s) => s.kind === 'answer').length} (${refused.filter((s) => s.right).length} answered right), other ${refused.filter((s) => !s.y && s.kind !== 'answer').length}`);
}
if (process.argv.includes('--list')) for (const s of [...open].sort((a, b) => (cross.get(b) ?? 0) - (cross.get(a) ?? 0)).slice(0, 40)) console.log(`  ${(cross.get(s) ?? 0).toFixed(2)} ${s.y ? 'HARM' : s.kind} ${s.question.slice(0, 100)}`);
console.log(`export const HARM_ODDS = ${printedModel(fitLogistic(samples, HARM_FEATURE_KEYS.length, { l2: L2 }), HARM_FEATURE_KEYS)};`);
