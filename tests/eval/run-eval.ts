import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { openDatabase } from '../../src/server/db/client.ts';
import { answerQuestion } from '../../src/server/modules/assistant/answer-engine.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';

/**
 * `npm run eval:assistant`: asks every question of tests/eval/*.json through the embedded answer engine
 * on a fresh database (PGlite, or DATABASE_URL) and prints accuracy (the answer holds one of the
 * expected facts), how many answers cite a source, and latency. A measurement, not a gate.
 * `-- --verbose` prints every miss with the start of its answer.
 */
const itemSchema = z.object({ question: z.string(), expect: z.array(z.string()).min(1), topic: z.string() });
const dir = fileURLToPath(new URL('.', import.meta.url));
const items = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => z.array(itemSchema).parse(JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'))));
const verbose = process.argv.includes('--verbose');

const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const sync = await syncShippedKnowledge(database.db, loadArticles());
console.log(`knowledge base: ${sync.articles} articles, ${sync.sections} sections; ${items.length} questions`);

const noLogbook = async () => ({ totalFlights: 0, totalFlightHours: 0, lastFlightDate: null });
const times: number[] = [];
const byTopic = new Map<string, { n: number; ok: number }>();
let correct = 0;
let cited = 0;
let clarified = 0;
for (const item of items) {
  const started = performance.now();
  const result = await answerQuestion(database.db, {
    question: item.question,
    previousQuestions: [],
    primary: null,
    businessId: null,
    flightLogTotals: noLogbook,
  });
  times.push(performance.now() - started);
  const text = result.answer.toLowerCase();
  const ok = item.expect.some((e) => text.includes(e.toLowerCase()));
  if (ok) correct += 1;
  if (result.sources.length > 0) cited += 1;
  if (result.needsMoreContext) clarified += 1;
  const t = byTopic.get(item.topic) ?? { n: 0, ok: 0 };
  t.n += 1;
  t.ok += ok ? 1 : 0;
  byTopic.set(item.topic, t);
  if (!ok && verbose) {
    console.log(`MISS [${item.topic}] ${item.question}\n  expected one of: ${item.expect.join(' / ')}\n  confidence ${result.confidence}; answer: ${result.answer.slice(0, 160).replace(/\s+/g, ' ')}`);
  }
}
await database.close();

const sorted = [...times].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const share = (n: number) => `${n}/${items.length} (${((100 * n) / items.length).toFixed(1)}%)`;
console.log('');
for (const [topic, t] of [...byTopic].sort()) console.log(`  ${topic.padEnd(16)} ${t.ok}/${t.n}`);
console.log(`accuracy:          ${share(correct)} answers hold the expected fact`);
console.log(`cite a source:     ${share(cited)}`);
console.log(`clarifying asked:  ${share(clarified)}`);
console.log(`latency (engine):  p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`);
