import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMS } from './encoder.ts';
import { leaveOutExamplesOf, questionExamples } from './question-examples-file.ts';
import { activeClassifier, classifierFile, loadClassifierFile, sectionProbabilities, shippedClassifier, trainingSet, useFoldClassifier, type SectionClassifier } from './section-classifier.ts';
import { trainSectionClassifier } from './train-section-classifier.ts';

const unit = (...spikes: [number, number][]) => {
  const v = new Float32Array(EMBEDDING_DIMS);
  for (const [d, x] of spikes) v[d] = x;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
};
const argmax = (p: Float32Array) => p.indexOf(Math.max(...p));

describe('the section classifier', () => {
  it('learns a wording its section\'s own text is far from', () => {
    // Two sections: A's text points along 0, B's along 1. Pilots ask about A in words along 2 and a bit of 1.
    const init = new Float32Array(2 * EMBEDDING_DIMS);
    init.set(unit([0, 1]), 0);
    init.set(unit([1, 1]), EMBEDDING_DIMS);
    const pilots = [unit([2, 1], [1, 0.6]), unit([2, 1], [1, 0.5], [3, 0.1]), unit([2, 1], [1, 0.7], [4, 0.1])];
    const texts = [unit([0, 1]), unit([1, 1])];
    const examples = [...pilots.map((vector) => ({ vector, classes: [0] })), ...texts.map((vector, i) => ({ vector, classes: [i] }))];
    const asked = unit([2, 1], [1, 0.55], [5, 0.1]);
    const before: SectionClassifier = { labels: ['a#1', 'b#1'], temperature: 20, weights: init, trainedOn: '' };
    expect(argmax(sectionProbabilities(before, asked))).toBe(1);
    const weights = trainSectionClassifier(init, 2, examples);
    const after = { ...before, weights };
    expect(argmax(sectionProbabilities(after, asked))).toBe(0);
    // Its own text still belongs to B, and the same examples train the same weights.
    expect(argmax(sectionProbabilities(after, unit([1, 1])))).toBe(1);
    expect(trainSectionClassifier(init, 2, examples)).toEqual(weights);
  });

  it('is committed trained on the current sections and examples, and reads back as written', () => {
    const shipped = shippedClassifier();
    if (!shipped) throw new Error('knowledge/section-classifier.json is missing or of another model: npm run kb:examples');
    const set = trainingSet();
    expect(shipped.trainedOn).toBe(set.hash);
    expect(shipped.labels).toEqual(set.labels);
    const p = sectionProbabilities(shipped, unit([0, 1], [7, 1]));
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    const again = loadClassifierFile(JSON.parse(JSON.stringify(classifierFile(shipped))));
    expect(again?.labels).toEqual(shipped.labels);
    expect((again?.weights ?? []).every((w, i) => Math.abs(w - (shipped.weights[i] ?? 0)) < 1e-6)).toBe(true);
  });

  it('puts a labelled pilot question in its own section, and a set left out by the evaluation is told by the classifier trained without it', () => {
    const shipped = shippedClassifier();
    const examples = questionExamples();
    if (!shipped || !examples) throw new Error('the committed classifier or examples are missing');
    const at = examples.sections.findIndex((s, i) => s.length === 1 && examples.sourceNames[examples.sources[i] ?? -1] === 'unseen-4');
    const scale = examples.rows.scales[at] ?? 0;
    const vector = Float32Array.from(examples.rows.matrix.subarray(at * EMBEDDING_DIMS, (at + 1) * EMBEDDING_DIMS), (x) => x * scale);
    expect(shipped.labels[argmax(sectionProbabilities(shipped, vector))]).toBe(examples.sections[at]?.[0]);
    // The evaluation's fold: here a stand-in that knows one section only, to see which one is in use.
    const fold: SectionClassifier = { ...shipped, labels: shipped.labels.slice(0, 1), weights: shipped.weights.slice(0, EMBEDDING_DIMS) };
    useFoldClassifier('unseen-4', fold);
    expect(activeClassifier()).toBe(shipped);
    leaveOutExamplesOf('unseen-4');
    try {
      expect(activeClassifier()).toBe(fold);
    } finally {
      leaveOutExamplesOf(null);
    }
    expect(activeClassifier()).toBe(shipped);
  });
});
