/**
 * How the fusion constants of fuse-hits.ts are chosen (ADR 0065): top-1 section accuracy of full-text
 * search alone, of the embedding alone, of reciprocal rank fusion, and of the blend over a grid of
 * semantic weights and floors of the best full-text score, on the tuning sets ONLY (tune-set.ts; the
 * held-out half and unseen-5 are never given here).
 * The blend's grid is also printed for the development set, whose questions have no section labels: there
 * a first section is counted right when it holds one of the question's expected phrases.
 * Run: node tests/eval/tune-fusion.ts
 */
import { fuseRankings } from '../../src/server/modules/assistant/fuse-hits.ts';
import { retrieve, type Retrieved } from '../../src/server/modules/assistant/retrieve.ts';
import { openTuneSet, readDevSet, type TuneItem } from './tune-set.ts';
import { plainInput } from './shipped-engine.ts';

const { items, database, names } = await openTuneSet();

const found: { item: TuneItem; r: Retrieved }[] = [];
for (const item of items) {
  const r = await retrieve(database.db, plainInput(item.question, item.previous));
  if (r) found.push({ item, r });
}
const dev: { expect: string[]; r: Retrieved }[] = [];
for (const d of readDevSet()) {
  const r = await retrieve(database.db, plainInput(d.question));
  if (r) dev.push({ expect: d.expect.map((e) => e.toLowerCase()), r });
}
await database.close();

const right = (item: TuneItem, id: string | undefined) => id !== undefined && item.sections.includes(names.get(id) ?? '');
const count = (pick: (r: Retrieved) => string | undefined) => found.filter(({ item, r }) => right(item, pick(r))).length;
const lexicalOnly = (r: Retrieved) => r.lexical.find((h) => h.rank > 0 || h.covered.some(Boolean))?.id;

console.log(`tune half: ${items.length} answerable questions, ${found.length} with something to rank`);
console.log(`full-text alone: ${count(lexicalOnly)}   embedding alone: ${count((r) => r.semantic[0]?.id)}`);
const rrf: string[] = [];
for (const k of [1, 3, 10, 60]) {
  for (const w of [0.5, 1, 2]) {
    const pick = (r: Retrieved) => {
      const lex = r.lexical.filter((h) => h.rank > 0 || h.covered.some(Boolean)).map((h) => h.id);
      const sem = r.semantic.map((h) => h.id);
      const score = (id: string) => (lex.includes(id) ? 1 / (k + lex.indexOf(id) + 1) : 0) + (sem.includes(id) ? w / (k + sem.indexOf(id) + 1) : 0);
      return [...r.lexical].sort((a, b) => score(b.id) - score(a.id))[0]?.id;
    };
    rrf.push(`k${k} w${w}: ${count(pick)}`);
  }
}
console.log(`reciprocal rank fusion: ${rrf.join('  ')}`);
const blends = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5, 6, 8].map((w) => `w${w}: ${count((r) => fuseRankings(r.lexical, r.similarity, w)[0]?.id)}`);
console.log(`blend (full-text score / best + w × similarity): ${blends.join('  ')}`);
const holds = (expect: string[], h: Retrieved['lexical'][number] | undefined) => Boolean(h) && expect.some((e) => `${h?.title} ${h?.body}`.toLowerCase().includes(e));
const devBlends = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 5].map((w) => `w${w}: ${dev.filter((d) => holds(d.expect, fuseRankings(d.r.lexical, d.r.similarity, w)[0])).length}`);
console.log(`development set (${dev.length} answer questions), first section holds an expected phrase: ${devBlends.join('  ')}`);
// The best full-text score's floor (fuse-hits.ts), with the weights around the chosen one.
console.log('the best full-text score\'s floor by weight (tuning sets / development set):');
for (const w of [1.5, 2, 2.5, 3]) {
  const line = [0, 2, 3, 4, 5].map((f) => `f${f}: ${count((r) => fuseRankings(r.lexical, r.similarity, w, f)[0]?.id)}/${dev.filter((d) => holds(d.expect, fuseRankings(d.r.lexical, d.r.similarity, w, f)[0])).length}`);
  console.log(`  w${w}: ${line.join('  ')}`);
}
