import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { knowledgeArticles, knowledgeSections, knowledgeWords } from '../../db/schema/index.ts';
import { indexSectionVectors } from './embeddings.ts';
import type { ParsedArticle } from './parse-article.ts';

/** Any fixed number: N processes starting together index the shipped articles one at a time. */
const SYNC_LOCK_KEY = 727_002;

export interface SyncResult {
  articles: number;
  sections: number;
  indexed: number;
  removed: number;
}

/**
 * Brings the index in line with the shipped articles: only an article whose content hash changed is
 * re-indexed, a deleted one is removed, and an unchanged knowledge base costs one read.
 */
export async function syncShippedKnowledge(db: Db, articles: ParsedArticle[], opts: { embedMissing: boolean } = { embedMissing: true }): Promise<SyncResult> {
  const result = await syncSections(db, articles);
  // Sentence vectors (ADR 0065) after the transaction, as they need no lock: the committed ones of
  // knowledge/vectors/*.json always (milliseconds); with `embedMissing`, any other section's embedded now
  // (seconds to minutes of CPU: the server does that in the background instead).
  await indexSectionVectors(db, { embed: opts.embedMissing });
  return result;
}

async function syncSections(db: Db, articles: ParsedArticle[]): Promise<SyncResult> {
  const sections = articles.reduce((n, a) => n + a.sections.length, 0);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
    const stored = await tx.select().from(knowledgeArticles);
    const storedHash = new Map(stored.map((r) => [r.slug, r.contentHash]));
    const current = new Set(articles.map((a) => a.slug));
    const changed = articles.filter((a) => storedHash.get(a.slug) !== a.contentHash);
    const removed = stored.filter((r) => !current.has(r.slug)).map((r) => r.slug);
    const stale = [...changed.map((a) => a.slug), ...removed];
    if (stale.length === 0) return { articles: articles.length, sections, indexed: 0, removed: 0 };

    await tx.delete(knowledgeSections).where(and(isNull(knowledgeSections.businessId), inArray(knowledgeSections.articleKey, stale)));
    const rows = changed.flatMap((a) =>
      a.sections.map((s, position) => ({
        articleKey: a.slug,
        businessId: null,
        position,
        articleTitle: a.title,
        title: s.title,
        topic: a.topic,
        makers: a.makers,
        models: a.models,
        // The questions pilots ask (knowledge/README.md) are searched by their words too, as keywords:
        // their slang and symptoms are words pilots use that the section's text lacks (ADR 0065).
        keywords: [...a.keywords, ...a.makers, ...a.models, ...s.questions].join(' '),
        body: s.body,
        citation: s.citation,
        url: s.url,
        questions: s.questions.join('\n'),
      })),
    );
    for (let i = 0; i < rows.length; i += 200) await tx.insert(knowledgeSections).values(rows.slice(i, i + 200));
    if (removed.length) await tx.delete(knowledgeArticles).where(inArray(knowledgeArticles.slug, removed));
    for (const a of changed) {
      await tx
        .insert(knowledgeArticles)
        .values({ slug: a.slug, contentHash: a.contentHash })
        .onConflictDoUpdate({ target: knowledgeArticles.slug, set: { contentHash: a.contentHash, indexedAt: new Date() } });
    }
    await rebuildVocabulary(tx);
    return { articles: articles.length, sections, indexed: changed.length, removed: removed.length };
  });
}

/**
 * The spelling-correction vocabulary: every word of 3 to 30 letters in any section, with the number of
 * sections holding it (a tie between two close words goes to the commoner one). Called after any change
 * to the sections, shipped or a business's.
 */
export async function rebuildVocabulary(db: DbOrTx): Promise<void> {
  await db.delete(knowledgeWords);
  await db.execute(sql`
    insert into knowledge_words (word, sections)
    select word, ndoc from ts_stat($$select to_tsvector('simple', title || ' ' || keywords || ' ' || body) from knowledge_sections$$)
    where word ~ '^[a-z][a-z0-9-]{2,29}$'
  `);
  // Fresh statistics, so the planner takes the GIN indexes instead of scanning every section.
  await db.execute(sql`analyze knowledge_sections`);
  await db.execute(sql`analyze knowledge_words`);
}
