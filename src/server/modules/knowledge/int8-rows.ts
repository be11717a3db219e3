import { EMBEDDING_DIMS } from './encoder.ts';
import { instantiateKernel, type KernelExports } from './minilm/kernel.ts';

/**
 * Vectors held in memory as rows of EMBEDDING_DIMS int8 numbers with one float scale each (a quarter of
 * float32's memory): the section index (embeddings.ts), the labelled questions (question-examples-file.ts)
 * and the section classifier's file (section-classifier.ts).
 */

/** Writes `vector` as row `row` of `matrix`; returns the row's scale back to the vector. */
export function writeInt8Row(matrix: Int8Array, row: number, vector: ArrayLike<number>): number {
  let max = 0;
  for (let d = 0; d < EMBEDDING_DIMS; d += 1) max = Math.max(max, Math.abs(vector[d] ?? 0));
  const scale = max / 127 || 1;
  for (let d = 0; d < EMBEDDING_DIMS; d += 1) matrix[row * EMBEDDING_DIMS + d] = Math.round((vector[d] ?? 0) / scale);
  return scale;
}

const align16 = (n: number) => Math.ceil(n / 16) * 16;

/**
 * Int8 rows whose dot products with a question are taken by the MiniLM kernel's SIMD matrix product
 * (minilm/kernel.wat: the question quantised to int16, eight multiply-adds per instruction), in a
 * WebAssembly memory of their own. The scan in JavaScript was the largest share of a question's time
 * with 5,000 business passages (ADR 0065, fifteenth session): ~10 ms per search over ~15,000 rows.
 * The memory is sized once, so `matrix` and `scales` stay valid views; fill them, then call `dots`.
 */
export class Int8Rows {
  readonly count: number;
  /** count × EMBEDDING_DIMS int8 numbers, row after row (writeInt8Row). */
  readonly matrix: Int8Array;
  /** Each row's scale back to its vector. */
  readonly scales: Float32Array;
  readonly #kernel: KernelExports;
  readonly #query: Float32Array;
  readonly #at: { query: number; quantized: number; queryScale: number; scales: number; bias: number; out: number; matrix: number };
  readonly #out: Float32Array;
  readonly #padded: number;

  constructor(count: number) {
    this.count = count;
    // The kernel takes weight rows two at a time: an odd count gets a row of zeros.
    this.#padded = count + (count % 2);
    const n = this.#padded;
    const query = 0;
    const quantized = align16(query + EMBEDDING_DIMS * 4);
    const queryScale = align16(quantized + EMBEDDING_DIMS * 2);
    const scales = queryScale + 16;
    const bias = align16(scales + n * 4);
    const out = align16(bias + n * 4);
    const matrix = align16(out + n * 4);
    const top = matrix + n * EMBEDDING_DIMS;
    this.#kernel = instantiateKernel(top);
    const heap = this.#kernel.memory.buffer;
    this.#at = { query, quantized, queryScale, scales, bias, out, matrix };
    this.#query = new Float32Array(heap, query, EMBEDDING_DIMS);
    // A fresh memory is zeros: the bias stays 0, and so does the padding row.
    this.#out = new Float32Array(heap, out, count);
    this.scales = new Float32Array(heap, scales, count);
    this.matrix = new Int8Array(heap, matrix, count * EMBEDDING_DIMS);
  }

  /** Each row's dot product with `query` (times the row's scale); the array is overwritten by the next call. */
  dots(query: ArrayLike<number>): Float32Array {
    if (this.count === 0) return this.#out;
    for (let d = 0; d < EMBEDDING_DIMS; d += 1) this.#query[d] = query[d] ?? 0;
    const at = this.#at;
    this.#kernel.quantize(at.query, 1, EMBEDDING_DIMS, at.quantized, at.queryScale);
    this.#kernel.qmatmul(at.quantized, at.queryScale, at.matrix, at.scales, at.bias, at.out, 1, EMBEDDING_DIMS, this.#padded);
    return this.#out;
  }
}
