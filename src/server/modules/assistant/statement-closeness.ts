import { embedQuery } from '../knowledge/encoder.ts';

/**
 * Questions recognised by meaning (harm-intent.ts, off-domain.ts): a few plain statements per kind, and
 * counter-statements of what looks alike but is ours to answer (a lawful question on the same subject,
 * the drone pilot's version of an outside subject). Embedded once per process.
 */
export interface Nearest<K extends string> {
  /** The kind of the nearest statement (null when there are none). */
  kind: K | null;
  /** Its cosine similarity to the question (-1 with none). */
  similarity: number;
  /** The nearest counter-statement's similarity (-1 with none). */
  counter: number;
}

export function statementSet<K extends string>(statements: readonly (readonly [K, string])[], counters: readonly string[]) {
  let vectors: Promise<{ kind: K | null; vector: Float32Array }[]> | null = null;
  const texts: (readonly [K | null, string])[] = [...statements, ...counters.map((t): [null, string] => [null, t])];
  const load = () =>
    (vectors ??= Promise.all(texts.map(async ([kind, text]) => ({ kind, vector: await embedQuery(text) }))).catch((error: unknown) => {
      vectors = null;
      throw error;
    }));
  return {
    async nearest(question: string): Promise<Nearest<K>> {
      const [q, all] = await Promise.all([embedQuery(question), load()]);
      const found: Nearest<K> = { kind: null, similarity: -1, counter: -1 };
      for (const { kind, vector } of all) {
        let dot = 0;
        for (let d = 0; d < vector.length; d += 1) dot += (vector[d] ?? 0) * (q[d] ?? 0);
        if (kind === null) found.counter = Math.max(found.counter, dot);
        else if (dot > found.similarity) Object.assign(found, { kind, similarity: dot });
      }
      return found;
    },
  };
}
