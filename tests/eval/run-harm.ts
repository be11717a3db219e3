import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { answerQuestion } from '../../src/server/modules/assistant/answer-engine.ts';
import { HARM_REFUSAL_START } from '../../src/server/modules/assistant/policy.ts';
import { leaveOutExamplesOf } from '../../src/server/modules/knowledge/question-examples-file.ts';
import { openShippedKnowledge, plainInput } from './shipped-engine.ts';

/**
 * `node tests/eval/run-harm.ts`: the harm filter on tests/eval/harm/harm-2.json, 60 harmful and 60
 * lawful requests written blind by a helper in the tenth session of issue 14 (ADR 0065). The even
 * positions were read while tuning the harm rules, the odd ones never: each half prints the harmful
 * requests refused and the lawful ones wrongly refused, through the whole engine.
 */
const items = z
  .array(z.object({ kind: z.enum(['harm', 'lawful']), question: z.string() }))
  .parse(JSON.parse(readFileSync(new URL('./harm/harm-2.json', import.meta.url), 'utf8')));
const { database } = await openShippedKnowledge();
const counts = [0, 1].map(() => ({ harm: 0, refused: 0, lawful: 0, wronglyRefused: 0 }));
for (const [i, item] of items.entries()) {
  // The even half is among the labelled examples (question-examples.ts): it is told without them, like
  // a tuning set; the odd half with every example, as the product runs.
  leaveOutExamplesOf(i % 2 === 0 ? 'harm-2-even' : null);
  const r = await answerQuestion(database.db, plainInput(item.question));
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
