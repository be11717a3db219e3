import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { EMBEDDING_DIMS, EMBEDDING_MODEL, embedTexts, queryKey } from '../../src/server/modules/knowledge/encoder.ts';
import { encodeVector } from '../../src/server/modules/knowledge/shipped-vectors.ts';
import { QUESTION_EXAMPLES_DIR, writeQuestionExamplesFile, type ExampleKind, type QuestionExamplesFile } from '../../src/server/modules/knowledge/question-examples-file.ts';
import { classifierFile, SECTION_CLASSIFIER_FILE, trainClassifier, trainingSet } from '../../src/server/modules/knowledge/section-classifier.ts';
import { TUNING_FILES } from './tune-set.ts';

/**
 * `npm run kb:examples`: writes knowledge/question-examples/, the labelled questions the engine
 * tells a new question's kind by (question-examples.ts, ADR 0065): the tuning sets' questions, the
 * development set's, and the even half of harm-2 (the half read while tuning). A follow-up is left out:
 * "what about at night" is answerable only after its question. The sets that measure the engine
 * (the held-out half, unseen-5, -11, -12, -13, -17, -18, -19 and -20, harm-2's odd half) must never be added here.
 * The knowledge base's own section questions count as answerable examples too; they are read from the
 * committed section vectors at run time (question-examples-file.ts), not stored twice.
 */
const pilotSchema = z.array(z.object({ kind: z.enum(['answer', 'harm', 'offtopic', 'vague']), question: z.string(), previous: z.array(z.string()).optional(), sections: z.array(z.string()) }));
const devSchema = z.array(z.object({ question: z.string(), topic: z.string(), expect: z.array(z.string()) }));
const harmSchema = z.array(z.object({ kind: z.enum(['harm', 'lawful']), question: z.string() }));
const read = (path: string): unknown => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

const labelled: { kind: ExampleKind; source: string; text: string; sections: string[] }[] = [];
for (const name of TUNING_FILES) {
  for (const q of pilotSchema.parse(read(`./pilot/${name}.json`))) if (!q.previous?.length) labelled.push({ kind: q.kind, source: name, text: q.question, sections: q.kind === 'answer' ? q.sections : [] });
}
for (const name of ['regulations', 'setup-troubleshooting', 'maintenance-safety-advanced', 'scope']) {
  for (const d of devSchema.parse(read(`./${name}.json`))) {
    // As run-eval reads them: a scope question expects the scope reply (off topic) or a clarifying question.
    const kind = d.topic !== 'scope' ? 'answer' : d.expect.some((e) => e.startsWith('I can only help')) ? 'offtopic' : 'vague';
    labelled.push({ kind, source: 'development', text: d.question, sections: [] });
  }
}
harmSchema.parse(read('./harm/harm-2.json')).forEach((q, i) => {
  if (i % 2 === 0) labelled.push({ kind: q.kind === 'harm' ? 'harm' : 'answer', source: 'harm-2-even', text: q.question, sections: [] });
});
// One example per wording: the same question in two sets would count twice among the nearest.
const seen = new Set<string>();
const unique = labelled.filter((e) => {
  const key = queryKey(e.text);
  return seen.has(key) ? false : (seen.add(key), true);
});
const started = performance.now();
const vectors = await embedTexts(unique.map((e) => queryKey(e.text)));
const file: QuestionExamplesFile = {
  model: EMBEDDING_MODEL,
  dims: EMBEDDING_DIMS,
  examples: unique.map((e, i) => ({ ...e, vector: encodeVector(vectors[i] ?? new Float32Array(EMBEDDING_DIMS)) })),
};
writeQuestionExamplesFile(file);
const count = (k: ExampleKind) => unique.filter((e) => e.kind === k).length;
// The section classifier learns from these examples and the sections' own questions (section-classifier.ts).
const training = performance.now();
const classifier = classifierFile(trainClassifier(trainingSet()));
writeFileSync(SECTION_CLASSIFIER_FILE, `${JSON.stringify(classifier, null, 1)}\n`);
console.log(`${SECTION_CLASSIFIER_FILE}: ${classifier.labels.length} sections, trained in ${((performance.now() - training) / 1000).toFixed(1)} s`);
console.log(
  `${QUESTION_EXAMPLES_DIR}: ${unique.length} examples (answer ${count('answer')}, harm ${count('harm')}, off topic ${count('offtopic')}, vague ${count('vague')}) ` +
    `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
