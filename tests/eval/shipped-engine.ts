import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import type { EngineInput } from '../../src/server/modules/assistant/answer-engine.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { sectionLabel } from '../../src/server/modules/knowledge/question-examples-file.ts';
import { syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';

/** The evaluation scripts ask with no logbook, no drone and no business: the engine alone. */
const NO_LOGBOOK: EngineInput['flightLogTotals'] = async () => ({ totalFlights: 0, totalFlightHours: 0, lastFlightDate: null });

/** The engine's input for a question, and the questions it follows (oldest first, as the sets list them). */
export const plainInput = (question: string, previous: readonly string[] = []): EngineInput => ({
  question,
  previousQuestions: [...previous].reverse(),
  primary: null,
  businessId: null,
  flightLogTotals: NO_LOGBOOK,
});

/**
 * A fresh database (PGlite, or DATABASE_URL) with the shipped knowledge base indexed, and each section's
 * label as the question files write it (`<article slug>#<1-based position>`).
 */
export async function openShippedKnowledge(): Promise<{ database: Database; names: Map<string, string>; articles: number; sections: number }> {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const sync = await syncShippedKnowledge(database.db, loadArticles());
  const rows = await database.db.execute<{ id: string; article_key: string; position: number }>(
    sql`select id, article_key, position from knowledge_sections where business_id is null`,
  );
  const names = new Map(rows.rows.map((r) => [r.id, sectionLabel(r.article_key, r.position)] as const));
  return { database, names, articles: sync.articles, sections: sync.sections };
}
