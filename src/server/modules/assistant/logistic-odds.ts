/**
 * The probability a fitted logistic model gives (the confidence of fuse-hits.ts, the off-topic and harm
 * odds): its bias plus each feature times its weight, through the logistic function. The models are
 * fitted by tests/eval (logistic.ts) and pasted in as constants.
 */
export function logisticOdds<K extends string>(model: Record<'bias' | K, number>, keys: readonly K[], features: Record<K, number>): number {
  const z = keys.reduce((sum, k) => sum + model[k] * features[k], model.bias);
  return 1 / (1 + Math.exp(-z));
}
