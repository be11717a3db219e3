/**
 * The logistic model the tuning scripts fit (fit-confidence.ts, fit-off-topic.ts, fit-harm-odds.ts):
 * full-batch gradient descent with a small L2 penalty (the features are of order 1, so a step of 1
 * converges), and predictions for each tuning set by a model fitted on the others.
 */
export interface Labelled {
  source: string;
  x: number[];
  y: number;
}
export interface Model {
  bias: number;
  w: number[];
}

export const logit = (m: Model, x: number[]) => x.reduce((a, v, i) => a + (m.w[i] ?? 0) * v, m.bias);
export const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function fitLogistic(train: readonly Labelled[], features: number, { l2 = 0.001, epochs = 4000 } = {}): Model {
  const m: Model = { bias: 0, w: Array.from({ length: features }, () => 0) };
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    let gb = 0;
    const g = m.w.map(() => 0);
    for (const s of train) {
      const err = sigmoid(logit(m, s.x)) - s.y;
      gb += err;
      s.x.forEach((v, i) => (g[i] = (g[i] ?? 0) + err * v));
    }
    m.bias -= gb / train.length;
    m.w = m.w.map((wi, i) => wi - ((g[i] ?? 0) / train.length + l2 * wi));
  }
  return m;
}

/** Each sample's log-odds by a model fitted on the samples of the other sets (leaving its own set out). */
export function crossValidatedLogits<S extends Labelled>(samples: readonly S[], features: number, options?: { l2?: number; epochs?: number }): Map<S, number> {
  const out = new Map<S, number>();
  for (const source of new Set(samples.map((s) => s.source))) {
    const m = fitLogistic(
      samples.filter((s) => s.source !== source),
      features,
      options,
    );
    for (const s of samples) if (s.source === source) out.set(s, logit(m, s.x));
  }
  return out;
}

/** A model's weights by feature name, rounded to two places, as the engine's constants are written. */
export function printedModel(m: Model, keys: readonly string[]): string {
  const round = (v: number) => Math.round(v * 100) / 100;
  return JSON.stringify({ bias: round(m.bias), ...Object.fromEntries(keys.map((k, i) => [k, round(m.w[i] ?? 0)])) }).replace(/"/g, '');
}
