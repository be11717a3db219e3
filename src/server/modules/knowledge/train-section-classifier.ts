import { EMBEDDING_DIMS } from './encoder.ts';

/** One labelled vector: a question (or a section's own text) and the classes (sections) that answer it. */
export interface ClassifierExample {
  vector: ArrayLike<number>;
  classes: readonly number[];
}

/**
 * How the section classifier (section-classifier.ts) is trained: the temperature makes a cosine of 1 a
 * logit of 20, and 15 full-batch steps start from the sections' centroids. On the tuning sets' 1,444
 * labelled questions, each set left out in turn (ADR 0065, twelfth session), closeness plus 0.2 × the
 * probability put the right section first by meaning alone for 1,216 after 0 steps (the centroids
 * alone), 1,237 after 10 and 1,245 after 25, against 1,145 for closeness alone; 15 keeps a training
 * under a minute.
 */
export const CLASSIFIER_TRAINING = { temperature: 20, steps: 15, rate: 0.5, decay: 1e-3 } as const;

/**
 * Multinomial logistic regression over the sections, on sentence vectors: one weight row per class,
 * started at `init` (each section's centroid) and moved by plain gradient descent on the softmax
 * cross-entropy (an example with several sections spreads its target evenly over them). Deterministic:
 * the same examples give the same weights. `classes` rows of EMBEDDING_DIMS numbers.
 */
export function trainSectionClassifier(init: Float32Array, classes: number, examples: readonly ClassifierExample[], opts = CLASSIFIER_TRAINING): Float32Array {
  const D = EMBEDDING_DIMS;
  const weights = Float32Array.from(init);
  const gradient = new Float32Array(classes * D);
  const logits = new Float64Array(classes);
  for (let step = 0; step < opts.steps; step += 1) {
    gradient.fill(0);
    for (const example of examples) {
      const x = example.vector;
      let max = -Infinity;
      for (let c = 0; c < classes; c += 1) {
        let z = 0;
        const base = c * D;
        for (let d = 0; d < D; d += 1) z += (weights[base + d] ?? 0) * (x[d] ?? 0);
        logits[c] = opts.temperature * z;
        if (z * opts.temperature > max) max = z * opts.temperature;
      }
      let sum = 0;
      for (let c = 0; c < classes; c += 1) {
        logits[c] = Math.exp((logits[c] ?? 0) - max);
        sum += logits[c] ?? 0;
      }
      const target = 1 / Math.max(example.classes.length, 1);
      for (let c = 0; c < classes; c += 1) {
        const error = (logits[c] ?? 0) / sum - (example.classes.includes(c) ? target : 0);
        // Most classes are far from each example: their share of the gradient is noise.
        if (Math.abs(error) < 1e-5) continue;
        const g = opts.temperature * error;
        const base = c * D;
        for (let d = 0; d < D; d += 1) gradient[base + d] = (gradient[base + d] ?? 0) + g * (x[d] ?? 0);
      }
    }
    const n = Math.max(examples.length, 1);
    for (let i = 0; i < weights.length; i += 1) weights[i] = (weights[i] ?? 0) - opts.rate * ((gradient[i] ?? 0) / n + opts.decay * (weights[i] ?? 0));
  }
  return weights;
}
