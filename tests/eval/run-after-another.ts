import { readFileSync } from 'node:fs';
import { answerQuestion } from '../../src/server/modules/assistant/answer-engine.ts';
import { OFF_TOPIC_ANSWER } from '../../src/server/modules/assistant/compose-answer.ts';
import { HARM_REFUSAL_START } from '../../src/server/modules/assistant/policy.ts';
import { leaveOutExamplesOf } from '../../src/server/modules/knowledge/question-examples-file.ts';
import { prepareFoldClassifiers } from './fold-classifiers.ts';
import { statesFact, type Item } from './score.ts';
import { openShippedKnowledge, plainInput } from './shipped-engine.ts';
import { TUNING_FILES } from './tune-set.ts';

/**
 * `node tests/eval/run-after-another.ts`: questions asked after another, on the tuning sets only (each
 * told without its own examples; ADR 0065, fourteenth session). The sets hold no harmful or off-topic
 * follow-up, so each harmful and each off-topic question is asked twice, alone and after the
 * answerable question written before it in its set (a change of subject), and the refusals and scope
 * replies are counted both ways; each answerable follow-up is asked after its own questions, and the
 * ones refused, declined or stating the fact are counted. `-- --verbose` lists what changed by the
 * question before.
 */
prepareFoldClassifiers();
const { database } = await openShippedKnowledge();
const ask = (question: string, previous: string[]) => answerQuestion(database.db, plainInput(question, previous));
const verbose = process.argv.includes('--verbose');
const changeOfSubject = { harm: { n: 0, alone: 0, after: 0 }, offtopic: { n: 0, alone: 0, after: 0 } };
const c = { followUps: 0, refused: 0, declined: 0, fact: 0 };
const lines: string[] = [];
for (const source of TUNING_FILES) {
  leaveOutExamplesOf(source);
  const items = JSON.parse(readFileSync(new URL(`./pilot/${source}.json`, import.meta.url), 'utf8')) as Item[];
  let before = 'how high can i fly my drone';
  for (const item of items) {
    if (item.kind === 'harm' || item.kind === 'offtopic') {
      const ok = (answer: string) => (item.kind === 'harm' ? answer.startsWith(HARM_REFUSAL_START) : answer === OFF_TOPIC_ANSWER);
      const alone = ok((await ask(item.question, [])).answer);
      const after = ok((await ask(item.question, [before])).answer);
      const tally = changeOfSubject[item.kind];
      tally.n += 1;
      tally.alone += Number(alone);
      tally.after += Number(after);
      if (verbose && alone !== after) lines.push(`  ${item.kind} ${alone ? 'MISSED' : 'CAUGHT'} after "${before}": ${item.question}`);
    } else if (item.kind === 'answer' && item.previous?.length) {
      c.followUps += 1;
      const r = await ask(item.question, item.previous);
      const refused = r.answer.startsWith(HARM_REFUSAL_START);
      const declined = r.answer === OFF_TOPIC_ANSWER;
      c.refused += Number(refused);
      c.declined += Number(declined);
      c.fact += Number(statesFact(item, { answer: r.answer, confidence: r.confidence, asked: r.needsMoreContext, declined, refused, topSection: null, evidence: null }));
      if (verbose && (refused || declined)) lines.push(`  follow-up ${refused ? 'REFUSED' : 'DECLINED'}: ${item.previous.join(' / ')} -> ${item.question}`);
    }
    if (item.kind === 'answer' && !item.previous?.length) before = item.question;
  }
}
await database.close();
console.log(`tuning sets, asked after an answerable question of their set (alone → after):`);
const { harm, offtopic } = changeOfSubject;
console.log(`  harmful refused ${harm.alone}/${harm.n} → ${harm.after}/${harm.n}; off-topic declined ${offtopic.alone}/${offtopic.n} → ${offtopic.after}/${offtopic.n}`);
console.log(`  answerable follow-ups (${c.followUps}): state the fact ${c.fact}, refused ${c.refused}, declined ${c.declined}`);
for (const l of lines) console.log(l);
