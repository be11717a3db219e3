/**
 * Fits the confidence of fuse-hits.ts (ADR 0065) on the tune half ONLY: a logistic regression of "this
 * section is a right one" on its evidence. The tune half's first-ranked answers are right ~90% of the
 * time, so they alone hold too few wrong ones to learn from; each question therefore gives its three
 * best candidates of different articles, each scored as if it were the answer (its evidence against
 * the best candidate of another article). Prints CALIBRATION to paste into fuse-hits.ts and the
 * reliability of the first-ranked answers on the tune half. Run: node tests/eval/fit-confidence.ts
 */
import { EVIDENCE_KEYS, evidenceOf, fuseRankings, type Evidence } from '../../src/server/modules/assistant/fuse-hits.ts';
import { retrieve } from '../../src/server/modules/assistant/retrieve.ts';
import { leaveOutExamplesOf } from '../../src/server/modules/knowledge/question-examples-file.ts';
import { prepareFoldClassifiers } from './fold-classifiers.ts';
import { openTuneSet } from './tune-set.ts';
import { plainInput } from './shipped-engine.ts';

prepareFoldClassifiers();
const { items, unanswerable, database, names } = await openTuneSet();

const samples: { x: Evidence; y: number; first: boolean }[] = [];
// The questions the knowledge base cannot answer are learnt from too: every candidate of theirs is wrong.
for (const item of [...items, ...unanswerable]) {
  // Each set without its own pilot questions (question-examples-file.ts), as a new question meets them.
  leaveOutExamplesOf(item.source);
  const r = await retrieve(database.db, plainInput(item.question, item.previous));
  if (!r) continue;
  const ranked = fuseRankings(r.lexical, r.similarity);
  const seen = new Set<string>();
  for (const candidate of ranked) {
    if (seen.has(candidate.articleKey) || seen.size >= 3) continue;
    seen.add(candidate.articleKey);
    const other = ranked.find((h) => h.articleKey !== candidate.articleKey);
    const next = ranked.find((h) => h.id !== candidate.id);
    const x = evidenceOf(candidate, other, r.lexical, r.semantic, r.groupCount, next, r.unknownNames);
    samples.push({ x, y: item.sections.includes(names.get(candidate.id) ?? '') ? 1 : 0, first: seen.size === 1 });
  }
}
await database.close();

/** Gradient descent with a small L2 penalty, so that no weight grows on a handful of questions. */
const L2 = 0.01;
let bias = 0;
const w = EVIDENCE_KEYS.map(() => 0);
const predict = (x: Evidence) => 1 / (1 + Math.exp(-EVIDENCE_KEYS.reduce((s, k, i) => s + (w[i] ?? 0) * x[k], bias)));
for (let epoch = 0; epoch < 20000; epoch += 1) {
  let gb = 0;
  const g = EVIDENCE_KEYS.map(() => 0);
  for (const { x, y } of samples) {
    const err = predict(x) - y;
    gb += err;
    EVIDENCE_KEYS.forEach((k, i) => (g[i] = (g[i] ?? 0) + err * x[k]));
  }
  bias -= (0.5 * gb) / samples.length;
  EVIDENCE_KEYS.forEach((_, i) => (w[i] = (w[i] ?? 0) - 0.5 * ((g[i] ?? 0) / samples.length + L2 * (w[i] ?? 0))));
}
// Platt scaling on the first-ranked answers only: the candidates' model ranks well but, having learnt
// from runners-up too, under-states how often a first-ranked answer is right. One scale and one shift
// of its log-odds, so the result is still one logistic model of the evidence.
const logit = (x: Evidence) => EVIDENCE_KEYS.reduce((s, k, i) => s + (w[i] ?? 0) * x[k], bias);
const firsts = samples.filter((s) => s.first);
let a = 1;
let b = 0;
for (let epoch = 0; epoch < 20000; epoch += 1) {
  let ga = 0;
  let gb = 0;
  for (const s of firsts) {
    const z = logit(s.x);
    const err = 1 / (1 + Math.exp(-(a * z + b))) - s.y;
    ga += err * z;
    gb += err;
  }
  a -= (0.1 * ga) / firsts.length;
  b -= (0.1 * gb) / firsts.length;
}
const round = (v: number) => Math.round(v * 100) / 100;
const final = { bias: round(a * bias + b), ...Object.fromEntries(EVIDENCE_KEYS.map((k, i) => [k, round(a * (w[i] ?? 0))])) };
console.log(`fitted on ${samples.length} candidates of ${items.length} answerable and ${unanswerable.length} unanswerable tuning questions (${samples.filter((s) => s.y).length} right), then scaled by ${round(a)} and shifted by ${round(b)} on the first-ranked:`);
console.log(`export const CALIBRATION = ${JSON.stringify(final).replace(/"/g, '')};`);
console.log('first-ranked answers of the tune half: band → share right');
const shown = (x: Evidence) => 1 / (1 + Math.exp(-(a * logit(x) + b)));
for (const [lo, hi] of [[0, 0.3], [0.3, 0.5], [0.5, 0.7], [0.7, 0.8], [0.8, 0.9], [0.9, 1.01]] as const) {
  const band = firsts.filter((s) => shown(s.x) >= lo && shown(s.x) < hi);
  console.log(`  ${lo}–${hi}: ${band.filter((s) => s.y).length}/${band.length}`);
}
