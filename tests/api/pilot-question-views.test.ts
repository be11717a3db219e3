import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeVersion, nearestSections, QUESTION_OFFSET } from '../../src/server/modules/knowledge/embeddings.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { leaveOutExamplesOf, QUESTION_EXAMPLES_FILE, questionExamples } from '../../src/server/modules/knowledge/question-examples-file.ts';
import { syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Semantic search counts the pilots' labelled questions among the sections' own (ADR 0065, eleventh session). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await syncShippedKnowledge(t.db, loadArticles());
}, 180_000);
afterAll(async () => t.close());

describe("pilots' questions as views of the sections that answer them", () => {
  it('finds a section through a pilot question labelled with it, and not once that set is left out', async () => {
    const examples = questionExamples();
    if (!examples) throw new Error('knowledge/question-examples.json is missing or of another model');
    // A pilot's question of unseen-4 labelled with one section.
    const at = examples.sections.findIndex((s, i) => s.length === 1 && examples.sourceNames[examples.sources[i] ?? -1] === 'unseen-4');
    const [label] = examples.sections[at] ?? [];
    const [slug, position] = (label ?? '').split('#');
    const rows = await t.db.execute<{ id: string }>(sql`select id from knowledge_sections where business_id is null and article_key = ${slug} and position = ${Number(position) - 1}`);
    const sectionId = rows.rows[0]?.id;
    expect(sectionId).toBeDefined();
    // The example's own vector as the question: the same text, so its view is at similarity 1.
    const question = (JSON.parse(readFileSync(QUESTION_EXAMPLES_FILE, 'utf8')) as { examples: { text: string }[] }).examples[at]?.text ?? '';
    const version = await knowledgeVersion(t.db);
    const found = await nearestSections(t.db, [question], { businessId: null, version });
    const hit = found.find((h) => h.id === sectionId);
    expect(hit?.similarity).toBeGreaterThan(1 - QUESTION_OFFSET - 0.01);
    leaveOutExamplesOf('unseen-4');
    try {
      const without = await nearestSections(t.db, [question], { businessId: null, version });
      expect(without.find((h) => h.id === sectionId)?.similarity ?? 0).toBeLessThan(hit?.similarity ?? 0);
    } finally {
      leaveOutExamplesOf(null);
    }
  });
});
