import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { answerQuestion, type EngineAnswer } from '../../src/server/modules/assistant/answer-engine.ts';
import { HARM_REFUSAL_START } from '../../src/server/modules/assistant/policy.ts';
import { OFF_TOPIC_ANSWER } from '../../src/server/modules/assistant/compose-answer.ts';
import { leaveOutExamplesOf } from '../../src/server/modules/knowledge/question-examples-file.ts';
import { prepareFoldClassifiers } from './fold-classifiers.ts';
import { judgedFigures, rowsForJudge, verdictsOf, type JudgeRow } from './judged.ts';
import { pct, scoreSet, type Item, type Outcome } from './score.ts';
import { TUNING_FILES } from './tune-set.ts';
import { openShippedKnowledge, plainInput } from './shipped-engine.ts';

/**
 * `npm run eval:assistant`: asks the questions of tests/eval through the embedded answer engine on a
 * fresh database (PGlite, or DATABASE_URL) and prints, for each set separately:
 * - the development set (tests/eval/*.json), the questions the engine was built on;
 * - the pilot set's tune half (tests/eval/pilot/tune.json): thresholds and calibration are fitted here only;
 * - the pilot set's held-out half (tests/eval/pilot/held-out.json), never tuned on;
 * - the unseen sets (tests/eval/pilot/unseen*.json), each written by someone who had not read the
 *   knowledge base, labelled with sections afterwards; each was read blind once and then tuned on
 *   (ADR 0065); the held-out half, unseen-5, unseen-11, unseen-12, unseen-13, unseen-17, unseen-18, unseen-19 and unseen-20 are never tuned on and are only printed by the full run.
 * For each: top-1 section accuracy, share stating the required fact, the calibration table (confidence
 * band → share right), confident-wrong rate (≥ 70% shown and wrong), off-topic declined and harm
 * refused rates. `-- --verbose` prints every miss; `-- --only NAME` runs that pilot set alone; `-- --tune-only` runs the development set and the
 * tune half only (while tuning); `-- --dump FILE` writes the tuning sets' outcomes
 * with their evidence (to fit the confidence on them, tests/eval/fit-confidence.ts); `-- --for-judge FILE`
 * writes every pilot set's answers shown to answer questions, to be judged one by one (judged.ts),
 * whose verdicts each such set's figures are also printed with (a tuning set's once it has verdicts). A measurement, not a gate.
 */
const devSchema = z.object({ question: z.string(), expect: z.array(z.string()).min(1), topic: z.string() });
const pilotSchema = z.object({
  id: z.string().optional(),
  kind: z.enum(['answer', 'offtopic', 'harm', 'vague']),
  question: z.string(),
  previous: z.array(z.string()).optional(),
  sections: z.array(z.string()),
  expect: z.array(z.string()),
  note: z.string().optional(),
});
const dir = fileURLToPath(new URL('.', import.meta.url));
const devItems: Item[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .flatMap((f) => z.array(devSchema).parse(JSON.parse(readFileSync(`${dir}/${f}`, 'utf8'))))
  // The development set has no section labels; its scope questions expect the scope reply (off topic)
  // or a clarifying question (vague).
  .map((d) => ({ kind: d.topic !== 'scope' ? 'answer' : d.expect.includes(OFF_TOPIC_ANSWER.slice(0, 27)) ? 'offtopic' : 'vague', question: d.question, sections: null, expect: d.expect }));
const pilot = (name: string): Item[] => z.array(pilotSchema).parse(JSON.parse(readFileSync(`${dir}/pilot/${name}.json`, 'utf8')));
const verbose = process.argv.includes('--verbose');
const dumpAt = process.argv.indexOf('--dump');
const dumpFile = dumpAt > 0 ? process.argv[dumpAt + 1] : undefined;
const judgeAt = process.argv.indexOf('--for-judge');
const judgeFile = judgeAt > 0 ? process.argv[judgeAt + 1] : undefined;

// `--only NAME`: that pilot set alone (a blind set read on another engine, such as a worktree of the start).
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
// A set never tuned on is told by the shipped classifier: the folds are for the tuning sets only.
if (!only || (TUNING_FILES as readonly string[]).includes(only)) prepareFoldClassifiers(only ? [only] : undefined);
const { database, names: sectionIds, articles, sections } = await openShippedKnowledge();
console.log(`knowledge base: ${articles} articles, ${sections} sections`);

const times: number[] = [];
async function ask(item: Item): Promise<Outcome> {
  const started = performance.now();
  const r: EngineAnswer = await answerQuestion(database.db, plainInput(item.question, item.previous));
  times.push(performance.now() - started);
  return {
    answer: r.answer,
    confidence: r.confidence,
    asked: r.needsMoreContext,
    declined: r.answer === OFF_TOPIC_ANSWER,
    refused: r.answer.startsWith(HARM_REFUSAL_START),
    topSection: r.topSectionId ? (sectionIds.get(r.topSectionId) ?? null) : null,
    evidence: r.evidence ?? null,
    offTopic: r.offTopic ?? null,
    harm: r.harm ?? null,
  };
}

const dumped: { source: string; item: Item; outcome: Outcome }[] = [];
const forJudge: JudgeRow[] = [];
async function run(label: string, items: Item[], source: string | null = null) {
  // A tuning set is told without its own labelled examples (question-examples.ts): the others were
  // written by other people, so its figures say how the examples fare on questions they do not hold.
  leaveOutExamplesOf(source);
  const outcomes: Outcome[] = [];
  for (const item of items) outcomes.push(await ask(item));
  for (const line of scoreSet(label, items, outcomes, verbose)) console.log(line);
  const tuning = source !== null && (TUNING_FILES as readonly string[]).includes(source);
  if (tuning) items.forEach((item, i) => outcomes[i] && dumped.push({ source, item, outcome: outcomes[i] }));
  // The tuning sets' answers are judged too, so the confidence can be fitted on verdicts (fit-confidence.ts).
  if (source && source !== 'development') forJudge.push(...rowsForJudge(source, items, outcomes));
  if (source && source !== 'development' && (!tuning || verdictsOf(source).size > 0)) {
    const j = judgedFigures(source, items, outcomes);
    console.log(`  judged one by one (tests/eval/judged/${source}.json): states the fact ${j.fact}/${j.answerable} ${pct(j.fact, j.answerable).trim()}, confident wrong ${j.confidentWrong}/${j.shown} ${pct(j.confidentWrong, j.shown).trim()}${j.unjudged ? `, ${j.unjudged} answers not judged yet (counted by the string match)` : ''}`);
  }
  return outcomes;
}

if (only) {
  await run(`${only} (tests/eval/pilot/${only}.json) alone`, pilot(only), only);
  if (judgeFile) writeFileSync(judgeFile, `${JSON.stringify(forJudge, null, 1)}\n`);
  await database.close();
  process.exit(0);
}

await run('development set (tests/eval/*.json)', devItems, 'development');
const tune = pilot('tune');
await run('pilot tune half (tests/eval/pilot/tune.json)', tune, 'tune');
await run('first unseen set (tests/eval/pilot/unseen.json), tuned on since the fifth session of issue 14', pilot('unseen'), 'unseen');
await run('unseen-2 (tests/eval/pilot/unseen-2.json), measured blind once, then tuned on', pilot('unseen-2'), 'unseen-2');
await run('unseen-3 (tests/eval/pilot/unseen-3.json), measured blind, then tuned on since the sixth session of issue 14', pilot('unseen-3'), 'unseen-3');
await run('unseen-4 (tests/eval/pilot/unseen-4.json), measured blind once in the sixth session of issue 14, then tuned on', pilot('unseen-4'), 'unseen-4');
await run('unseen-6 (tests/eval/pilot/unseen-6.json), read blind once at each end of the seventh session of issue 14, then tuned on', pilot('unseen-6'), 'unseen-6');
await run('unseen-7 (tests/eval/pilot/unseen-7.json), read blind once at the start of the ninth session of issue 14, then tuned on', pilot('unseen-7'), 'unseen-7');
await run('unseen-8 (tests/eval/pilot/unseen-8.json), read blind once at each end of the ninth session of issue 14, tuned on since the tenth', pilot('unseen-8'), 'unseen-8');
await run('unseen-9 (tests/eval/pilot/unseen-9.json), read blind once at each end of the tenth session of issue 14 and once after its harm change, then tuned on', pilot('unseen-9'), 'unseen-9');
await run('unseen-10 (tests/eval/pilot/unseen-10.json), read blind at each end of the tenth session of issue 14 and twice in the eleventh, then among the examples', pilot('unseen-10'), 'unseen-10');
await run('train-1 (tests/eval/pilot/train-1.json), 200 questions written blind in the eleventh session of issue 14 as examples for the engine to learn from (question-examples-file.ts)', pilot('train-1'), 'train-1');
await run('train-2 (tests/eval/pilot/train-2.json), 200 more written blind by another helper for the same', pilot('train-2'), 'train-2');
await run('train-3 (tests/eval/pilot/train-3.json), 200 more written blind in the twelfth session, read once on 3541d8a, then among the examples', pilot('train-3'), 'train-3');
await run('train-4 (tests/eval/pilot/train-4.json), 200 more written blind in the thirteenth session, 40 of them harmful and 48 lawful on subjects close to harm, read once on c301c8e, then among the examples', pilot('train-4'), 'train-4');
await run('unseen-14 (tests/eval/pilot/unseen-14.json), written blind in the fourteenth session of issue 14, read blind on its start engine (52f0cc9) and at its end, then among the examples', pilot('unseen-14'), 'unseen-14');
await run('unseen-15 (tests/eval/pilot/unseen-15.json), written blind in the fifteenth session of issue 14, read blind on its start engine (674b57e) and at its end, then among the examples', pilot('unseen-15'), 'unseen-15');
await run('unseen-16 (tests/eval/pilot/unseen-16.json), written blind in the sixteenth session of issue 14, read blind on its start engine (56aba09) and at its end, then among the examples', pilot('unseen-16'), 'unseen-16');
await run('train-5 (tests/eval/pilot/train-5.json), 200 more written blind in the twenty-fourth session, read once on 8ecff29, then among the examples', pilot('train-5'), 'train-5');
await run('train-6 (tests/eval/pilot/train-6.json), 200 more written blind by another helper in the same session, read once on 8ecff29, then among the examples', pilot('train-6'), 'train-6');
await run('train-7 (tests/eval/pilot/train-7.json), 200 more written blind later in the twenty-fourth session, read once on 62c275a (the engine of aac2d7f), then among the examples', pilot('train-7'), 'train-7');
await run('train-8 (tests/eval/pilot/train-8.json), 200 more written blind by another helper at the same time, read once on 62c275a, then among the examples', pilot('train-8'), 'train-8');
await run('train-9 (tests/eval/pilot/train-9.json), 200 more written blind in the twenty-fourth session on the border of the subject (130 off topic sharing words with drones, 50 drone questions that sound like them, 20 vague), read once on aa854fa, then among the examples', pilot('train-9'), 'train-9');
await run('train-10 (tests/eval/pilot/train-10.json), 200 more on the border written blind by another helper (140 off topic on other themes, 45 drone questions that sound like them, 15 vague), read once on 80e63cc, then among the examples', pilot('train-10'), 'train-10');
// `--tune-only` while tuning: the sets that must not be tuned on are not even printed.
if (!process.argv.includes('--tune-only')) {
  await run('pilot held-out half (tests/eval/pilot/held-out.json), never tuned on', pilot('held-out'), 'held-out');
  await run('unseen-5 (tests/eval/pilot/unseen-5.json), written without the knowledge base, never tuned on', pilot('unseen-5'), 'unseen-5');
  await run('unseen-11 (tests/eval/pilot/unseen-11.json), written blind in the eleventh session of issue 14, read blind at each end of it, never tuned on', pilot('unseen-11'), 'unseen-11');
  await run('unseen-12 (tests/eval/pilot/unseen-12.json), written blind in the twelfth session of issue 14, read blind at each end of it, never tuned on', pilot('unseen-12'), 'unseen-12');
  await run('unseen-13 (tests/eval/pilot/unseen-13.json), written blind in the thirteenth session of issue 14, read blind on its start engine (c301c8e) and at its end, never tuned on', pilot('unseen-13'), 'unseen-13');
  await run('unseen-17 (tests/eval/pilot/unseen-17.json), written blind in the seventeenth session of issue 14, read blind on its start engine (d7ec2bd) and at its end, never tuned on', pilot('unseen-17'), 'unseen-17');
  await run('unseen-18 (tests/eval/pilot/unseen-18.json), written blind in the eighteenth session of issue 14, read blind on its start engine (204e840) and at its end, never tuned on', pilot('unseen-18'), 'unseen-18');
  await run('unseen-19 (tests/eval/pilot/unseen-19.json), written blind in the nineteenth session of issue 14, read blind on the engine of 84ac6c7 (unchanged since), never tuned on', pilot('unseen-19'), 'unseen-19');
  await run('unseen-20 (tests/eval/pilot/unseen-20.json), written blind in the twentieth session of issue 14, read blind on its start engine (752cbd7, the engine of 84ac6c7) and at its end, never tuned on', pilot('unseen-20'), 'unseen-20');
}
if (dumpFile) writeFileSync(dumpFile, JSON.stringify(dumped));
if (judgeFile) writeFileSync(judgeFile, `${JSON.stringify(forJudge, null, 1)}\n`);
await database.close();

const sorted = [...times].sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
console.log(`\nlatency (engine, all sets, fresh process): p50 ${q(50).toFixed(1)} ms, p95 ${q(95).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`);
