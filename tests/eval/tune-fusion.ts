/**
 * How the fusion constants of fuse-hits.ts were chosen (ADR 0065): top-1 section accuracy of full-text
 * only, embedding only, and reciprocal-rank fusion / blends over a grid, on one set.
 * Run: node tests/eval/tune-fusion.ts tune|dev   (never on held-out).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db/client.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';
import { knowledgeVersion, nearestSections } from '../../src/server/modules/knowledge/embeddings.ts';
import { searchSections, correctSpelling } from '../../src/server/modules/knowledge/search.ts';
import { hasSynonyms, isGeneric, questionWords, termGroups } from '../../src/server/modules/knowledge/query-terms.ts';
import { groupWeights, MAKER_NAME_WORDS, makersMentioned, rankHits } from '../../src/server/modules/assistant/rank-hits.ts';
const dir = fileURLToPath(new URL('./', import.meta.url));
const database = await openDatabase({});
await syncShippedKnowledge(database.db, loadArticles());
const ids = new Map<string, string>(); const bodies = new Map<string,string>();
for (const r of (await database.db.execute<{ id: string; article_key: string; position: number; body: string }>(sql`select id, article_key, position, body from knowledge_sections`)).rows) { ids.set(r.id, `${r.article_key}#${r.position + 1}`); bodies.set(r.id, r.body.toLowerCase()); }
const set = process.argv[2] ?? 'tune';
type It = { q: string; prev?: string; ok: (id: string) => boolean };
let items: It[];
if (set === 'dev') items = readdirSync(dir).filter(f=>f.endsWith('.json') && f!=='scope.json').flatMap(f=>JSON.parse(readFileSync(dir+f,'utf8')) as {question:string;expect:string[]}[]).map((x: {question:string;expect:string[]})=>({q:x.question, ok:(id:string)=>x.expect.some(e=>(bodies.get(id)??'').includes(e.toLowerCase()))}));
else items = (JSON.parse(readFileSync(`${dir}pilot/${set}.json`,'utf8')) as {kind:string;question:string;previous?:string[];sections:string[]}[]).filter((x: {kind:string})=>x.kind==='answer').map((x: {question:string;previous?:string[];sections:string[]})=>({q:x.question, prev:x.previous?.[0], ok:(id:string)=>x.sections.includes(ids.get(id) ?? '')}));
const rows: { lex: string[]; lexScore: number[]; sim: Map<string, number>; ok: (id:string)=>boolean }[] = [];
for (const it of items) {
  const text = it.prev ? `${it.q} ${it.prev}` : it.q;
  const raw = questionWords(text);
  const fixes = await correctSpelling(database.db, raw.filter((w) => !isGeneric(w) && !hasSynonyms(w)));
  const words = raw.map((w) => fixes.get(w) ?? w);
  let groups = termGroups(words, MAKER_NAME_WORDS); if (!groups.length) groups = termGroups(words);
  const sem = await nearestSections(database.db, text, { businessId: null, version: await knowledgeVersion(database.db) });
  const { hits, groupDf, total } = await searchSections(database.db, groups, { businessId: null, include: sem.slice(0, 8).map(h=>h.id) });
  const ranked = rankHits(hits.filter(h=>h.rank>0 || h.covered.some(Boolean)), groups.length, groupWeights(groupDf, total), null, makersMentioned(words), it.q);
  rows.push({ lex: ranked.map(h=>h.id), lexScore: ranked.map(h=>h.score), sim: new Map(sem.map(h=>[h.id,h.similarity])), ok: it.ok });
}
const lexTop = rows.filter(r=>r.lex[0] && r.ok(r.lex[0])).length;
const semTop = rows.filter(r=>{ const s=[...r.sim].sort((a,b)=>b[1]-a[1])[0]; return s && r.ok(s[0]); }).length;
console.log(set, rows.length, 'lex top1', lexTop, 'sem top1', semTop);
for (const K of [1, 2, 3]) for (const W of [0.4, 0.5, 0.6, 0.65, 0.7, 0.75]) {
  let ok = 0;
  for (const r of rows) {
    const semOrder = [...r.sim].sort((a,b)=>b[1]-a[1]).map(x=>x[0]);
    const cand = new Set([...r.lex, ...semOrder.slice(0, 8)]);
    let best = ''; let bs = -1;
    for (const id of cand) { const l = r.lex.indexOf(id); const s = semOrder.indexOf(id); const f = (l<0?0:1/(K+l+1)) + (s<0?0:W/(K+s+1)); if (f>bs) {bs=f; best=id;} }
    if (best && r.ok(best)) ok++;
  }
  process.stdout.write(`K${K} W${W}: ${ok}  `);
}
// blend: normalized lexical score + W*sim
console.log();
for (const W of [1, 2, 3, 4, 6]) { let ok=0; for (const r of rows) { const mx = Math.max(...r.lexScore, 1e-9); const semOrder=[...r.sim].sort((a,b)=>b[1]-a[1]).map(x=>x[0]); const cand=new Set([...r.lex, ...semOrder.slice(0,8)]); let best='',bs=-9; for (const id of cand){const l=r.lex.indexOf(id); const f=(l<0?0:(r.lexScore[l]??0)/mx)+W*(r.sim.get(id)??0); if(f>bs){bs=f;best=id;}} if(best&&r.ok(best)) ok++; } process.stdout.write(`blend W${W}: ${ok}  `); }
console.log();
await database.close();
