import type { DbOrTx } from '../../db/client.ts';
import { correctSpelling, searchSections, type SearchResult } from '../knowledge/search.ts';
import type { TermGroup } from '../knowledge/query-terms.ts';
import { nearestSections, type SemanticHit } from '../knowledge/embeddings.ts';
import { vocabularyAt } from '../knowledge/vocabulary.ts';

/**
 * The knowledge-base reads of one question: spelling fixes, the sections nearest in meaning (ADR 0065),
 * and the ranked full-text search with its counts.
 */
export interface Retrieval {
  nearest(db: DbOrTx, texts: string[], opts: { businessId: string | null }): Promise<SemanticHit[]>;
  correctSpelling(db: DbOrTx, words: string[]): Promise<Map<string, string>>;
  searchSections(db: DbOrTx, groups: TermGroup[], opts: { businessId: string | null; include?: string[] }): Promise<SearchResult>;
}

/** The reads of one knowledge version straight from the database: what the evaluation and a cache miss use. */
export function uncachedRetrieval(version: string): Retrieval {
  return {
    correctSpelling: async (db, words) => correctSpelling(db, words, await vocabularyAt(db, version)),
    searchSections: (db, groups, opts) => searchSections(db, groups, { ...opts, version }),
    nearest: (db, texts, opts) => nearestSections(db, texts, { ...opts, version }),
  };
}

/** Enough for every distinct question of a busy hour; past it the oldest answers go first. */
const MAX_ENTRIES = 5_000;

/**
 * Retrieval results of this process, kept under the knowledge base's version (ADR 0018): every write to
 * knowledge_sections or knowledge_words bumps it in the writer's transaction (migration 0016), and each
 * question reads it in its first statement, so a result is never used after a change, in any process,
 * and no message can be missed. The values are shared: callers never mutate them (rankHits copies).
 */
export function createRetrievalCache(maxEntries = MAX_ENTRIES) {
  let version: string | null = null;
  const spelling = new Map<string, Promise<Map<string, string>>>();
  const searches = new Map<string, Promise<SearchResult>>();
  const nearest = new Map<string, Promise<SemanticHit[]>>();

  function remember<V>(map: Map<string, Promise<V>>, key: string, read: () => Promise<V>): Promise<V> {
    const found = map.get(key);
    if (found) return found;
    const value = read();
    map.set(key, value);
    // A failed read is not kept: the next question asks the database again.
    value.catch(() => map.get(key) === value && map.delete(key));
    while (map.size > maxEntries) map.delete(map.keys().next().value!);
    return value;
  }

  return {
    /** The retrieval for a question that read `knowledgeVersion`; a new version empties the cache. */
    at(knowledgeVersion: string): Retrieval {
      if (knowledgeVersion !== version) {
        version = knowledgeVersion;
        spelling.clear();
        searches.clear();
        nearest.clear();
      }
      const mine = knowledgeVersion;
      // Only results read under the version current at the time are kept.
      const cached = <V>(map: Map<string, Promise<V>>, key: string, read: () => Promise<V>) => (version === mine ? remember(map, key, read) : read());
      const direct = uncachedRetrieval(mine);
      return {
        correctSpelling: (db, words) => cached(spelling, JSON.stringify(words), () => direct.correctSpelling(db, words)),
        searchSections: (db, groups, opts) => cached(searches, JSON.stringify([opts.businessId, groups, opts.include ?? []]), () => direct.searchSections(db, groups, opts)),
        nearest: (db, texts, opts) => cached(nearest, JSON.stringify([opts.businessId, texts]), () => direct.nearest(db, texts, opts)),
      };
    },
    get size() {
      return spelling.size + searches.size + nearest.size;
    },
  };
}
