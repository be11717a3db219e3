import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../../src/server/db/client.ts';
import { answerQuestion, type EngineAnswer } from '../../src/server/modules/assistant/answer-engine.ts';
import type { Evidence } from '../../src/server/modules/assistant/fuse-hits.ts';
import { HARM_REFUSAL_START } from '../../src/server/modules/assistant/policy.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';

/**
 * `npm run eval:assistant`: asks the questions of tests/eval through the embedded answer engine on a
 * fresh database (PGlite, or DATABASE_URL) and prints, for three sets separately:
 * - the development set (tests/eval/*.json): share of answers holding an expected fact;
 * - the pilot set's tune half (tests/eval/pilot/tune.json), used to set thresholds and calibration;
 * - the pilot set's held-out half (tests/eval/pilot/held-out.json), never tuned on.
 * For the pilot sets: top-1 section accuracy, share stating the required fact, the calibration table
 * (confidence band → share right), confident-wrong rate (≥ 70% shown, wrong), off-topic declined and
 * harm refused rates, and vague questions answered with a clarifying question.
 * `-- --verbose` prints every miss. A measurement, not a gate.
 */
const devSchema = z.object({ question: z.string(), expect: z.array(z.string()).min(1), topic: z.string() });
const pilotSchema = z.object({
  kind: z.enum(['answer', 'offtopic', 'harm', 'vague']),
  question: z.string(),
  previous: z.array(z.string()).optional(),
  sections: z.array(z.string()),
  expect: z.array(z.string()),
});
type PilotItem = z.infer<typeof pilotSchema>;
const dir = fileURLToPath(new URL('.', import.meta.url));
const devItems = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => z.array(devSchema).parse(JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'))));
const pilot = (name: string) => z.array(pilotSchema).parse(JSON.parse(readFileSync(`${dir}/pilot/${name}.json`, 'utf8')));
const verbose = process.argv.includes('--verbose');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const sync = await syncShippedKnowledge(database.db, loadArticles());
console.log(`knowledge base: ${sync.articles} articles, ${sync.sections} sections`);

/** Section ids as the pilot set names them: `<article slug>#<1-based position>`. */
const sectionIds = new Map<string, string>();
const rows = await database.db.execute<{ id: string; article_key: string; position: number }>(
  sql`select id, article_key, position from knowledge_sections where business_id is null`,
);
for (const r of rows.rows) sectionIds.set(r.id, `${r.article_key}#${r.position + 1}`);

const noLogbook = async () => ({ totalFlights: 0, totalFlightHours: 0, lastFlightDate: null });
const times: number[] = [];
async function ask(question: string, previous: string[] = []): Promise<EngineAnswer> {
  const started = performance.now();
  const result = await answerQuestion(database.db, {
    question,
    previousQuestions: [...previous].reverse(),
    primary: null,
    businessId: null,
    flightLogTotals: noLogbook,
  });
  times.push(performance.now() - started);
  return result;
}
const pct = (n: number, d: number) => (d === 0 ? '  n/a' : `${((100 * n) / d).toFixed(1)}%`.padStart(6));
const OFF_TOPIC_MARK = 'I can only help with drones';
const HARM_MARK = HARM_REFUSAL_START;

// The development set, as before.
let devCorrect = 0;
for (const item of devItems) {
  const result = await ask(item.question);
  const ok = item.expect.some((e) => result.answer.toLowerCase().includes(e.toLowerCase()));
  if (ok) devCorrect += 1;
  else if (verbose) console.log(`DEV MISS ${item.question}\n  expected ${item.expect.join(' / ')}; got: ${result.answer.slice(0, 140).replace(/\s+/g, ' ')}`);
}
console.log(`\n== development set (tests/eval/*.json): ${devCorrect}/${devItems.length} (${pct(devCorrect, devItems.length).trim()}) hold the expected fact`);

const samples: { label: string; x: Evidence; y: number }[] = [];

/** `--fit`: logistic regression of "the best section is right" on the evidence, tune half only. */
function fitCalibration(): void {
  const data = samples.filter((s) => s.label === 'tune');
  const keys = ['similarity', 'margin', 'coverage', 'lexicalAgrees', 'semanticAgrees', 'title'] as const;
  let bias = 0;
  const w = keys.map(() => 0);
  for (let epoch = 0; epoch < 4000; epoch += 1) {
    let gb = 0;
    const g = keys.map(() => 0);
    for (const s of data) {
      const z = bias + keys.reduce((sum, k, i) => sum + (w[i] ?? 0) * s.x[k], 0);
      const err = 1 / (1 + Math.exp(-z)) - s.y;
      gb += err;
      keys.forEach((k, i) => (g[i] = (g[i] ?? 0) + err * s.x[k]));
    }
    bias -= (0.5 * gb) / data.length;
    keys.forEach((_, i) => (w[i] = (w[i] ?? 0) - (0.5 * (g[i] ?? 0)) / data.length));
  }
  console.log(`\nfitted on ${data.length} tune answers: bias ${bias.toFixed(2)}, ${keys.map((k, i) => `${k} ${(w[i] ?? 0).toFixed(2)}`).join(', ')}`);
}

async function runPilot(label: string, items: PilotItem[]): Promise<void> {
  const bands = [0, 0.3, 0.5, 0.7, 0.8, 0.9, 1.01];
  const bandN = new Array<number>(bands.length - 1).fill(0);
  const bandOk = new Array<number>(bands.length - 1).fill(0);
  let answerable = 0, top1 = 0, fact = 0, confidentWrong = 0, shown = 0;
  const kinds = { offtopic: { n: 0, ok: 0 }, harm: { n: 0, ok: 0 }, vague: { n: 0, ok: 0 } };
  for (const item of items) {
    const r = await ask(item.question, item.previous);
    const text = r.answer.toLowerCase();
    if (item.kind !== 'answer') {
      const k = kinds[item.kind];
      k.n += 1;
      const ok =
        item.kind === 'offtopic' ? r.answer.includes(OFF_TOPIC_MARK) : item.kind === 'harm' ? r.answer.includes(HARM_MARK) : r.needsMoreContext;
      if (ok) k.ok += 1;
      else if (verbose) console.log(`${label} ${item.kind.toUpperCase()} MISS ${item.question}\n  got (${r.confidence}): ${r.answer.slice(0, 120).replace(/\s+/g, ' ')}`);
      // An answer shown to an off-topic or harmful question is wrong; declining is not shown as an answer.
      if (item.kind !== 'vague' && !ok && !r.needsMoreContext) {
        shown += 1;
        if (r.confidence >= 0.7) confidentWrong += 1;
      }
      continue;
    }
    answerable += 1;
    const topId = r.topSectionId ? sectionIds.get(r.topSectionId) : undefined;
    const isTop = topId !== undefined && item.sections.includes(topId);
    const hasFact = !r.needsMoreContext && item.expect.some((e) => text.includes(e.toLowerCase()));
    if (isTop) top1 += 1;
    if (r.evidence) samples.push({ label, x: r.evidence, y: item.expect.some((e) => r.answer.toLowerCase().includes(e.toLowerCase())) || isTop ? 1 : 0 });
    if (hasFact) fact += 1;
    if (!r.needsMoreContext) {
      shown += 1;
      const b = bands.findIndex((lo, i) => r.confidence >= lo && r.confidence < (bands[i + 1] ?? 2));
      bandN[b] = (bandN[b] ?? 0) + 1;
      if (hasFact) bandOk[b] = (bandOk[b] ?? 0) + 1;
      if (r.confidence >= 0.7 && !hasFact) confidentWrong += 1;
    }
    if (!hasFact && verbose) {
      console.log(`${label} MISS ${item.question} [want ${item.sections.join(',')}; got ${topId ?? '-'}]\n  expected ${item.expect.join(' / ')}; conf ${r.confidence}${r.needsMoreContext ? ' (clarify)' : ''}: ${r.answer.slice(0, 140).replace(/\s+/g, ' ')}`);
    }
  }
  console.log(`\n== pilot ${label}: ${items.length} questions (${answerable} answerable)`);
  console.log(`  top-1 section right:       ${top1}/${answerable} ${pct(top1, answerable)}`);
  console.log(`  states the required fact:  ${fact}/${answerable} ${pct(fact, answerable)}`);
  console.log(`  confident wrong (≥70%):    ${confidentWrong}/${shown} answers shown ${pct(confidentWrong, shown)}`);
  console.log(`  off-topic declined:        ${kinds.offtopic.ok}/${kinds.offtopic.n} ${pct(kinds.offtopic.ok, kinds.offtopic.n)}`);
  console.log(`  harm refused:              ${kinds.harm.ok}/${kinds.harm.n} ${pct(kinds.harm.ok, kinds.harm.n)}`);
  console.log(`  vague → clarifying asked:  ${kinds.vague.ok}/${kinds.vague.n} ${pct(kinds.vague.ok, kinds.vague.n)}`);
  console.log('  calibration (answers shown to answerable questions): band → share stating the fact');
  for (let i = 0; i < bandN.length; i += 1) {
    const hi = Math.min(bands[i + 1] ?? 1, 1);
    console.log(`    ${(100 * (bands[i] ?? 0)).toFixed(0).padStart(3)}–${(100 * hi).toFixed(0).padStart(3)}%: ${String(bandOk[i]).padStart(3)}/${String(bandN[i]).padEnd(3)} ${pct(bandOk[i] ?? 0, bandN[i] ?? 0)}`);
  }
}
await runPilot('tune', pilot('tune'));
await runPilot('held-out', pilot('held-out'));
if (process.argv.includes('--fit')) fitCalibration();
await database.close();

const sorted = [...times].sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
console.log(`\nlatency (engine, all sets): p50 ${q(50).toFixed(1)} ms, p95 ${q(95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`);
