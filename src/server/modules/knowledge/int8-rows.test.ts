import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMS } from './encoder.ts';
import { Int8Rows, writeInt8Row } from './int8-rows.ts';

/** A deterministic unit vector (a sine of the seed), so a failure reproduces. */
function unitVector(seed: number): Float32Array {
  const v = Float32Array.from({ length: EMBEDDING_DIMS }, (_, d) => Math.sin(seed * 12.9898 + d * 78.233) * 0.5 + Math.cos(seed + d) * 0.1);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from({ length: EMBEDDING_DIMS }, (_, d) => (a[d] ?? 0) * (b[d] ?? 0)).reduce((s, x) => s + x, 0);

describe('Int8Rows', () => {
  it("gives each row's cosine with the question, to int8's precision, for an odd count of rows too", () => {
    const vectors = Array.from({ length: 37 }, (_, i) => unitVector(i + 1));
    const rows = new Int8Rows(vectors.length);
    vectors.forEach((v, i) => (rows.scales[i] = writeInt8Row(rows.matrix, i, v)));
    const question = unitVector(1000);
    const dots = rows.dots(question);
    expect(dots.length).toBe(37);
    vectors.forEach((v, i) => expect(dots[i]).toBeCloseTo(dot(v, question), 2));
    // The row the question was made from is exactly itself.
    const again = rows.dots(vectors[5] ?? question);
    expect(again[5]).toBeCloseTo(1, 2);
    expect(Math.max(...again)).toBe(again[5]);
  });

  it('matches the int8 rows read back in JavaScript to 1e-4 (the question is int16 in the kernel)', () => {
    const rows = new Int8Rows(400);
    for (let i = 0; i < 400; i += 1) rows.scales[i] = writeInt8Row(rows.matrix, i, unitVector(i * 7 + 3));
    const question = unitVector(-4);
    const dots = rows.dots(question);
    for (let i = 0; i < 400; i += 1) {
      let exact = 0;
      for (let d = 0; d < EMBEDDING_DIMS; d += 1) exact += (rows.matrix[i * EMBEDDING_DIMS + d] ?? 0) * (question[d] ?? 0);
      expect(Math.abs((dots[i] ?? 0) - exact * (rows.scales[i] ?? 0))).toBeLessThan(1e-4);
    }
  });

  it('has nothing to give for no rows', () => {
    expect(new Int8Rows(0).dots(unitVector(1)).length).toBe(0);
  });
});
