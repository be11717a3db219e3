/**
 * What the tuning scripts (tune-fusion.ts, fit-confidence.ts) start from: the tune half's answerable
 * questions ONLY (the held-out half and the unseen set are never read here), the development set, an embedded database with
 * the shipped knowledge base, and each section's label as the question files write it (article#n).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';

export interface TuneItem {
  kind: string;
  question: string;
  previous?: string[];
  sections: string[];
}

/** The development set's answer questions (tests/eval/*.json, scope questions left out): no section labels. */
export function readDevSet(): { question: string; expect: string[] }[] {
  const files = ['regulations', 'setup-troubleshooting', 'maintenance-safety-advanced'];
  return files
    .flatMap((f) => JSON.parse(readFileSync(new URL(`./${f}.json`, import.meta.url), 'utf8')) as { question: string; expect: string[]; topic: string }[])
    .filter((d) => d.topic !== 'scope');
}

export async function openTuneSet(): Promise<{ items: TuneItem[]; database: Database; names: Map<string, string> }> {
  const all = JSON.parse(readFileSync(new URL('./pilot/tune.json', import.meta.url), 'utf8')) as TuneItem[];
  const items = all.filter((x) => x.kind === 'answer' && x.sections.length);
  const database = await openDatabase({});
  await syncShippedKnowledge(database.db, loadArticles());
  const names = new Map<string, string>();
  const rows = await database.db.execute<{ id: string; article_key: string; position: number }>(sql`select id, article_key, position from knowledge_sections`);
  for (const r of rows.rows) names.set(r.id, `${r.article_key}#${r.position + 1}`);
  return { items, database, names };
}
