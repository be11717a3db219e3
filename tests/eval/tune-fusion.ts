/**
 * How the fusion constants of fuse-hits.ts are chosen (ADR 0065): top-1 section accuracy of full-text
 * search alone, of the embedding alone, of reciprocal rank fusion, and of the blend over a grid of
 * semantic weights, on the tune half ONLY (the held-out half and the unseen set are never given here).
 * Run: node tests/eval/tune-fusion.ts
 */
import { fuseRankings } from '../../src/server/modules/assistant/fuse-hits.ts';
import { retrieve, type Retrieved } from '../../src/server/modules/assistant/retrieve.ts';
import { openTuneSet, type TuneItem } from './tune-set.ts';

const { items, database, names } = await openTuneSet();

const found: { item: TuneItem; r: Retrieved }[] = [];
for (const item of items) {
  const r = await retrieve(database.db, { question: item.question, previousQuestions: [...(item.previous ?? [])].reverse(), primary: null, businessId: null });
  if (r) found.push({ item, r });
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
