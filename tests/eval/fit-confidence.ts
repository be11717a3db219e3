/**
 * Fits the confidence of fuse-hits.ts (ADR 0065, sixteenth session) on the tuning sets ONLY, from the
 * answers the engine showed them: `node tests/eval/run-eval.ts --tune-only --dump FILE`, then
 * `node tests/eval/fit-confidence.ts FILE`. Each answer shown (not asked about, declined or refused; a
 * vague question's fair guess left out) is right when it states the required fact; a logistic model of
 * its evidence is fitted on them with a small L2 penalty. Where a reader judged the answer
 * (tests/eval/judged/<set>.json, eighteenth session) the verdict says whether it is right, not the
 * string match, which counts a fact worded another way as wrong and a phrase beside the point as right.
 *
 * The model tells right from wrong too weakly for a confidence both calibrated band by band and rarely
 * wrong at 70% or more (issue 14: at most 2%): as fitted, about 6% of the answers shown would be wrong at
 * 70% or more. So its log-odds are shifted down by the least amount that leaves at most
 * CONFIDENT_WRONG_SHARE of the answers shown wrong at 70% or more, judged on predictions made leaving
 * each tuning set out in turn (each set's answers by a model fitted on the others), not on the answers it
 * was fitted on. Prints CALIBRATION to paste into fuse-hits.ts, and the cross-validated figures of the
 * shipped confidence and of the new one.
 */
import { readFileSync } from 'node:fs';
import { calibratedConfidence, EVIDENCE_KEYS, type Evidence } from '../../src/server/modules/assistant/fuse-hits.ts';
import { crossValidatedLogits, fitLogistic, printedModel, sigmoid } from './logistic.ts';
import { verdictOn, verdictsOf, type Verdict } from './judged.ts';
import { CONFIDENT, statesFact, type Item, type Outcome } from './score.ts';

// `--share S`: the share of the answers shown allowed wrong at 70% or more (issue 14's bar by default).
const shareAt = process.argv.indexOf('--share');
const CONFIDENT_WRONG_SHARE = shareAt > 0 ? Number(process.argv[shareAt + 1]) : 0.02;
const L2 = 0.001;

const file = process.argv[2];
if (!file) throw new Error('usage: node tests/eval/fit-confidence.ts DUMP (from run-eval.ts --tune-only --dump DUMP)');
const dumped = JSON.parse(readFileSync(file, 'utf8')) as { source: string; item: Item; outcome: Outcome }[];
type Sample = { source: string; x: number[]; y: number; judged: boolean; shipped: number };
// A reader's verdict where the answer was judged (judged.ts), the string match where not.
const verdictSets = new Map([...new Set(dumped.map((d) => d.source))].map((source) => [source, verdictsOf(source)]));
const samples: Sample[] = dumped
  .filter(({ item, outcome }) => !outcome.asked && !outcome.declined && !outcome.refused && item.kind !== 'vague' && outcome.evidence)
  .map(({ source, item, outcome }) => {
    const e = outcome.evidence as Evidence;
    // An answer to an off-topic or harmful question is wrong by its kind, judged or not.
    const verdict = item.kind === 'answer' ? verdictOn(verdictSets.get(source) ?? new Map<string, Verdict>(), item, outcome.answer) : false;
    const right = item.kind === 'answer' && (verdict ?? statesFact(item, outcome));
    return { source, x: EVIDENCE_KEYS.map((k) => e[k]), y: right ? 1 : 0, judged: verdict !== undefined, shipped: calibratedConfidence(e) };
  });
const judgedCount = samples.filter((s) => s.judged).length;

// Each set's answers told by a model fitted on the other sets.
const fitOptions = { l2: L2, epochs: 3000 };
const crossLogits = crossValidatedLogits(samples, EVIDENCE_KEYS.length, fitOptions);
const sources = new Set(samples.map((s) => s.source));
const confidentOf = (p: (s: Sample) => number) => ({ right: samples.filter((s) => s.y && p(s) >= CONFIDENT).length, wrong: samples.filter((s) => !s.y && p(s) >= CONFIDENT).length });

// The least shift that leaves at most the allowed share of confident wrong answers.
const allowed = Math.floor(CONFIDENT_WRONG_SHARE * samples.length);
let shift = 0;
while (confidentOf((s) => sigmoid((crossLogits.get(s) ?? 0) + shift)).wrong > allowed) shift -= 0.05;

const round = (v: number) => Math.round(v * 100) / 100;
const model = fitLogistic(samples, EVIDENCE_KEYS.length, fitOptions);
const BANDS = [0, 0.15, 0.3, 0.5, 0.7, 0.8, 0.9, 1.01];
const bands = (p: (s: Sample) => number) =>
  BANDS.slice(1)
    .map((hi, i) => {
      const b = samples.filter((s) => p(s) >= (BANDS[i] ?? 0) && p(s) < hi);
      return `${BANDS[i]}–${Math.min(hi, 1)}: ${b.filter((s) => s.y).length}/${b.length}`;
    })
    .join(', ');
const report = (label: string, p: (s: Sample) => number) => {
  const c = confidentOf(p);
  console.log(`${label}: at ≥70% ${c.right} right, ${c.wrong} wrong (${((100 * c.wrong) / samples.length).toFixed(1)}% of the answers shown)\n  ${bands(p)}`);
};

console.log(`${samples.length} answers shown to the tuning sets' questions (${sources.size} sets), ${samples.filter((s) => !s.y).length} of them wrong (${judgedCount} told by a reader's verdict or their kind, the others by the string match)`);
report('the shipped confidence', (s) => s.shipped);
report('refitted, each set told by the others, as fitted', (s) => sigmoid(crossLogits.get(s) ?? 0));
report(`refitted, each set told by the others, shifted by ${round(shift)}`, (s) => sigmoid((crossLogits.get(s) ?? 0) + shift));
console.log(`export const CALIBRATION = ${printedModel({ ...model, bias: model.bias + shift }, EVIDENCE_KEYS)};`);
