import { EMBEDDING_DIMS } from './encoder.ts';

/**
 * Vectors held in memory as rows of EMBEDDING_DIMS int8 numbers with one float scale each (a quarter of
 * float32's memory): the section index (embeddings.ts), the labelled questions (question-examples-file.ts)
 * and the section classifier's file (section-classifier.ts).
 * Their dot products stay inline in the scans: a call per row was measurably slower there.
 */

/** Writes `vector` as row `row` of `matrix`; returns the row's scale back to the vector. */
export function writeInt8Row(matrix: Int8Array, row: number, vector: ArrayLike<number>): number {
  let max = 0;
  for (let d = 0; d < EMBEDDING_DIMS; d += 1) max = Math.max(max, Math.abs(vector[d] ?? 0));
  const scale = max / 127 || 1;
  for (let d = 0; d < EMBEDDING_DIMS; d += 1) matrix[row * EMBEDDING_DIMS + d] = Math.round((vector[d] ?? 0) / scale);
  return scale;
}
