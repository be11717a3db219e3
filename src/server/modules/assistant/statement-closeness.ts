import { embedQuery } from '../knowledge/encoder.ts';

/**
 * Questions recognised by meaning (harm-intent.ts, off-domain.ts): a few plain statements per kind,
 * embedded once per process, and a question's closeness to the nearest of each kind.
 */
export type Statements<K extends string> = readonly (readonly [K, string])[];

export interface StatementSet<K extends string> {
  /** The nearest statement's cosine similarity per kind (-1 for a kind with none). */
  closeness(question: string): Promise<Map<K, { similarity: number; statement: string }>>;
}

export function statementSet<K extends string>(statements: Statements<K>): StatementSet<K> {
  let vectors: Promise<{ kind: K; text: string; vector: Float32Array }[]> | null = null;
  const load = () =>
    (vectors ??= Promise.all(statements.map(async ([kind, text]) => ({ kind, text, vector: await embedQuery(text) }))).catch((error: unknown) => {
      vectors = null;
      throw error;
    }));
  return {
    async closeness(question) {
      const [q, all] = await Promise.all([embedQuery(question), load()]);
      const nearest = new Map<K, { similarity: number; statement: string }>();
      for (const { kind, text, vector } of all) {
        let dot = 0;
        for (let d = 0; d < vector.length; d += 1) dot += (vector[d] ?? 0) * (q[d] ?? 0);
        if (dot > (nearest.get(kind)?.similarity ?? -1)) nearest.set(kind, { similarity: dot, statement: text });
      }
      return nearest;
    },
  };
}
