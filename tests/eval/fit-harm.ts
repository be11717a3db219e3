/**
 * How HARM_SIMILARITY of harm-intent.ts is chosen (ADR 0065): the similarity of each question to the
 * nearest harmful intent, for the harmful and the harmless questions of the tuning sets (tune-set.ts)
 * and of the development set. The held-out half and unseen-5 are never read here.
 * Run: node tests/eval/fit-harm.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { nearestHarm } from '../../src/server/modules/assistant/harm-intent.ts';
import { TUNING_FILES } from './tune-set.ts';

const dir = fileURLToPath(new URL('./', import.meta.url));
const tune = TUNING_FILES.flatMap((f) => JSON.parse(readFileSync(`${dir}pilot/${f}.json`, 'utf8')) as { kind: string; question: string }[]);
const dev = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as { question: string }[])
  .map((d) => ({ kind: 'answer', question: d.question }));
const scored = [];
for (const q of [...tune, ...dev]) scored.push({ ...q, near: await nearestHarm(q.question) });
scored.sort((a, b) => b.near.margin - a.near.margin);
const harmful = scored.filter((s) => s.kind === 'harm');
const harmless = scored.filter((s) => s.kind !== 'harm');
console.log('harmful (tuning sets):');
for (const s of harmful) console.log(`  similarity ${s.near.similarity.toFixed(3)} margin ${s.near.margin.toFixed(3)} (${s.near.kind}) ${s.question}`);
console.log('closest harmless (tuning sets + development set):');
for (const s of harmless.slice(0, 10)) console.log(`  similarity ${s.near.similarity.toFixed(3)} margin ${s.near.margin.toFixed(3)} (${s.near.kind}) ${s.kind}: ${s.question}`);
console.log('most similar harmless (tuning sets + development set):');
for (const s of [...harmless].sort((a, b) => b.near.similarity - a.near.similarity).slice(0, 8)) {
  console.log(`  similarity ${s.near.similarity.toFixed(3)} margin ${s.near.margin.toFixed(3)} (${s.near.kind}) ${s.kind}: ${s.question}`);
}
