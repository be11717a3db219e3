import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * The knowledge base's vocabulary (knowledge_words, sync.ts: every word and how many sections hold it)
 * and its number of sections, in memory per knowledge version like the section vectors (embeddings.ts):
 * a question's document frequencies and most of its spelling checks are then lookups, not statements
 * (ADR 0065, fifteenth session: two statements fewer per new question, a few milliseconds each on
 * PGlite). Every write to the sections or the words bumps the version (migration 0016), so a new one
 * is read at the next question.
 */
export interface Vocabulary {
  version: string;
  /** Word → how many sections hold it. */
  counts: Map<string, number>;
  /** How many sections there are (at least 1). */
  sections: number;
}

let current: Vocabulary | null = null;
let loading: { version: string; vocabulary: Promise<Vocabulary> } | null = null;

async function readVocabulary(db: DbOrTx, version: string): Promise<Vocabulary> {
  const words = await db.execute<{ word: string; sections: number }>(sql`/* knowledge: vocabulary */ select word, sections from knowledge_words`);
  // The planner's count, as exact as the last analyze (sync.ts runs one after every change): counting
  // the rows would read every section.
  const total = await db.execute<{ sections: number | string }>(sql`select greatest((select reltuples::bigint from pg_class where relname = 'knowledge_sections'), 1) as sections`);
  return { version, counts: new Map(words.rows.map((r) => [r.word, Number(r.sections)] as const)), sections: Math.max(1, Number(total.rows[0]?.sections ?? 1)) };
}

/** The vocabulary of this knowledge version; concurrent questions of one version share one read. */
export async function vocabularyAt(db: DbOrTx, version: string): Promise<Vocabulary> {
  if (current?.version === version) return current;
  if (loading?.version === version) return loading.vocabulary;
  const mine = { version, vocabulary: readVocabulary(db, version) };
  loading = mine;
  mine.vocabulary.then(
    (ready) => {
      current = ready;
      if (loading === mine) loading = null;
    },
    () => {
      if (loading === mine) loading = null;
    },
  );
  return mine.vocabulary;
}
