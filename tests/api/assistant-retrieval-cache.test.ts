import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyQueries, knowledgeSections } from '../../src/server/db/schema/index.ts';
import { createRetrievalCache } from '../../src/server/modules/assistant/retrieval-cache.ts';
import { termGroups } from '../../src/server/modules/knowledge/query-terms.ts';
import { rebuildVocabulary } from '../../src/server/modules/knowledge/sync.ts';
import type { QueryResponse } from '../../src/shared/assistant.ts';
import { utcDay } from '../../src/shared/periods.ts';
import { createUser, makePilot, type SignedInUser } from '../support/factories.ts';
import { TEST_ORIGIN, createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * ADR 0018: the assistant's retrieval results are cached per process under the knowledge base's version,
 * which every write to it bumps in the writer's transaction; a question reads the version with the rest
 * of what it needs in its first statement.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.assistant.syncKnowledge();
});
afterAll(async () => t.close());

const ask = (u: SignedInUser, question: string) =>
  t.app.inject({ method: 'POST', url: '/api/query', headers: { ...u.headers, origin: TEST_ORIGIN }, payload: { question, userId: u.userId } });
const version = async () => (await t.db.execute<{ version: string }>(sql`select version::text from knowledge_version where id = 1`)).rows[0]!.version;

describe('the knowledge version', () => {
  it('moves with every write to the sections or the vocabulary, in the writer’s transaction', async () => {
    const before = await version();
    await t.db.transaction(async (tx) => {
      await tx.insert(knowledgeSections).values({ articleKey: 'ver-1', businessId: 'biz-ver', position: 0, articleTitle: 'T', title: 'T', topic: 'business', body: 'b', citation: 'c' });
      await tx.execute(sql`select 1`);
    });
    const afterInsert = await version();
    expect(BigInt(afterInsert)).toBeGreaterThan(BigInt(before));
    await rebuildVocabulary(t.db);
    expect(BigInt(await version())).toBeGreaterThan(BigInt(afterInsert));
    const rolledBack = await version();
    await t.db
      .transaction(async (tx) => {
        await tx.delete(knowledgeSections).where(eq(knowledgeSections.articleKey, 'ver-1'));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await version()).toBe(rolledBack);
  });

  it('the GIN indexes take writes directly (no pending list that only VACUUM would merge)', async () => {
    const rows = await t.db.execute<{ relname: string; reloptions: string[] | null }>(
      sql`select relname, reloptions from pg_class where relname in ('knowledge_sections_search_idx', 'knowledge_words_trgm_idx') order by relname`,
    );
    expect(rows.rows.map((r) => [r.relname, r.reloptions])).toEqual([
      ['knowledge_sections_search_idx', ['fastupdate=off']],
      ['knowledge_words_trgm_idx', ['fastupdate=off']],
    ]);
  });
});

describe('answers with the retrieval cache', () => {
  it('a document added after a question is found by the very next one', async () => {
    const pilot = await createUser(t, 'cache-pilot', 'basic');
    await makePilot(t, pilot.userId, 'biz-cache');
    // Another business already uses the word, so the question's words (and thus the cache key) are the
    // same before and after the document arrives: only the version can tell the cache it changed.
    await t.db.insert(knowledgeSections).values({ articleKey: 'doc-elsewhere', businessId: 'biz-elsewhere', position: 0, articleTitle: 'Other', title: 'Quaxle sheet chief', topic: 'business', body: 'Quaxle inspection sheet signs chief pilot.', citation: 'Other' });
    await rebuildVocabulary(t.db);
    const question = 'Who signs the quaxle inspection sheet?';
    const first = (await ask(pilot, question)).json<QueryResponse>();
    expect(first.answer).not.toContain('Rowan Blake');
    // Twice: the second answer comes from the cache and must be the same.
    expect((await ask(pilot, question)).json<QueryResponse>().answer).toBe(first.answer);
    await t.db.insert(knowledgeSections).values({
      articleKey: 'doc-cache',
      businessId: 'biz-cache',
      position: 0,
      articleTitle: 'Quaxle operations manual',
      title: 'Quaxle inspection sign-off',
      topic: 'business',
      body: 'The quaxle inspection sheet is signed by the chief pilot, Rowan Blake, before every quaxle inspection flight.',
      citation: 'Quaxle operations manual, section 2',
    });
    await rebuildVocabulary(t.db);
    const after = (await ask(pilot, question)).json<QueryResponse>();
    expect(after.answer).toContain('Rowan Blake');
    await t.db.delete(knowledgeSections).where(eq(knowledgeSections.articleKey, 'doc-cache'));
    expect((await ask(pilot, question)).json<QueryResponse>().answer).not.toContain('Rowan Blake');
  });

  it('counts an unlimited plan’s question in the statement that stores its answer, once per question', async () => {
    const staff = await createUser(t, 'cache-staff', 'admin');
    for (let i = 0; i < 3; i++) expect((await ask(staff, 'How high can I fly?')).statusCode).toBe(200);
    const [row] = await t.db.select().from(dailyQueries).where(eq(dailyQueries.userId, staff.userId));
    expect(row).toMatchObject({ date: utcDay(new Date()), count: 3 });
  });
});

describe('createRetrievalCache', () => {
  it('reads once per version and key, and starts afresh on a new version', async () => {
    const cache = createRetrievalCache(2);
    const groups = termGroups(['battery', 'storage']);
    const v1 = cache.at('1');
    const a = await v1.searchSections(t.db, groups, { businessId: null });
    expect(await v1.searchSections(t.db, groups, { businessId: null })).toBe(a);
    expect(await v1.searchSections(t.db, groups, { businessId: 'other' })).not.toBe(a);
    const v2 = cache.at('2');
    expect(await v2.searchSections(t.db, groups, { businessId: null })).not.toBe(a);
    // A question still holding version 1 reads the database itself and stores nothing.
    const before = cache.size;
    await v1.correctSpelling(t.db, ['batery']);
    expect(cache.size).toBe(before);
    await v2.correctSpelling(t.db, ['batery']);
    await v2.correctSpelling(t.db, ['storrage']);
    expect(cache.size).toBeLessThanOrEqual(4);
  });
});

describe('sections of equal rank', () => {
  it('come back in the order of their articles and positions, whatever order they were written in', async () => {
    const section = (articleKey: string, position: number) => ({ articleKey, businessId: 'biz-tie', position, articleTitle: 'Tie', title: 'Hangar', topic: 'business', body: 'The zorblatt hangar opens at dawn.', citation: 'c' });
    await t.db.insert(knowledgeSections).values([section('tie-c', 0), section('tie-b', 1), section('tie-a', 0), section('tie-b', 0)]);
    const cache = createRetrievalCache(2);
    const found = await cache.at(await version()).searchSections(t.db, termGroups(['zorblatt']), { businessId: 'biz-tie' });
    expect(found.hits.map((h) => [h.articleKey, h.rank])).toEqual([
      ['tie-a', found.hits[0]?.rank],
      ['tie-b', found.hits[0]?.rank],
      ['tie-b', found.hits[0]?.rank],
      ['tie-c', found.hits[0]?.rank],
    ]);
    expect(found.hits.map((h) => h.id)).toEqual(
      (await t.db.select().from(knowledgeSections).where(eq(knowledgeSections.businessId, 'biz-tie'))).sort((a, b) => a.articleKey.localeCompare(b.articleKey) || a.position - b.position).map((s) => s.id),
    );
  });
});
