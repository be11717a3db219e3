import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { perKnowledgeVersion } from './per-version.ts';

/**
 * The knowledge base's vocabulary (knowledge_words, sync.ts: every word and how many sections hold it)
 * and its number of sections, in memory per knowledge version like the section vectors (embeddings.ts):
 * a question's document frequencies and most of its spelling checks are then lookups, not statements
 * (ADR 0065, fifteenth session: two statements fewer per new question, a few milliseconds each on
 * PGlite).
 */
export interface Vocabulary {
  /** Word → how many sections hold it. */
  counts: Map<string, number>;
  /** How many sections there are (at least 1). */
  sections: number;
}

async function readVocabulary(db: DbOrTx): Promise<Vocabulary> {
  const words = await db.execute<{ word: string; sections: number }>(sql`/* knowledge: vocabulary */ select word, sections from knowledge_words`);
  // The planner's count, as exact as the last analyze (sync.ts runs one after every change): counting
  // the rows would read every section.
  const total = await db.execute<{ sections: number | string }>(sql`select greatest((select reltuples::bigint from pg_class where relname = 'knowledge_sections'), 1) as sections`);
  return { counts: new Map(words.rows.map((r) => [r.word, Number(r.sections)] as const)), sections: Math.max(1, Number(total.rows[0]?.sections ?? 1)) };
}

/** The vocabulary of this knowledge version. */
export const vocabularyAt = perKnowledgeVersion(readVocabulary);
