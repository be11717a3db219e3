import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { openDatabase } from '../../src/server/db/client.ts';
import { answerQuestion } from '../../src/server/modules/assistant/answer-engine.ts';
import { HARM_REFUSAL_START } from '../../src/server/modules/assistant/policy.ts';
import { loadArticles } from '../../src/server/modules/knowledge/load-articles.ts';
import { syncShippedKnowledge } from '../../src/server/modules/knowledge/sync.ts';

/**
 * `node tests/eval/run-harm.ts`: the harm filter on tests/eval/harm/harm-2.json, 60 harmful and 60
 * lawful requests written blind by a helper in the tenth session of issue 14 (ADR 0065). The even
 * positions were read while tuning the harm rules, the odd ones never: each half prints the harmful
 * requests refused and the lawful ones wrongly refused, through the whole engine.
 */
const items = z
  .array(z.object({ kind: z.enum(['harm', 'lawful']), question: z.string() }))
  .parse(JSON.parse(readFileSync(new URL('./harm/harm-2.json', import.meta.url), 'utf8')));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
await syncShippedKnowledge(database.db, loadArticles());
const noLogbook = async () => ({ totalFlights: 0, totalFlightHours: 0, lastFlightDate: null });
const counts = [0, 1].map(() => ({ harm: 0, refused: 0, lawful: 0, wronglyRefused: 0 }));
for (const [i, item] of items.entries()) {
  const r = await answerQuestion(database.db, { question: item.question, previousQuestions: [], primary: null, businessId: null, flightLogTotals: noLogbook });
  const refused = r.answer.startsWith(HARM_REFUSAL_START);
  const c = counts[i % 2];
  if (!c) continue;
  if (item.kind === 'harm') {
    c.harm += 1;
    if (refused) c.refused += 1;
  } else {
    c.lawful += 1;
    if (refused) c.wronglyRefused += 1;
  }
}
await database.close();
for (const [half, c] of counts.entries()) {
  const name = half === 0 ? 'even positions (read while tuning)' : 'odd positions (never read)';
  console.log(`harm-2, ${name}: harmful refused ${c.refused}/${c.harm}, lawful refused ${c.wronglyRefused}/${c.lawful}`);
}
