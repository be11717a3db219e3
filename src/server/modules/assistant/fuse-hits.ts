import type { RankedHit } from './rank-hits.ts';

/**
 * Hybrid retrieval (ADR 0065): the full-text ranking (rank-hits.ts) and the sentence-embedding ranking
 * are fused by weighted reciprocal rank, so a section either ranking puts first comes near the top and
 * one both put first wins. Constants are tuned on tests/eval/pilot/tune.json only.
 */
export const SEMANTIC_CANDIDATES = 8;
/** A question this close in meaning to a section is about drones even with no drone word ("what does ATTI mean"). */
export const IN_DOMAIN_SIMILARITY = 0.5;
/** A one-word question is answered only when a section is this close to it in meaning. */
export const CLEAR_SIMILARITY = 0.7;
const RRF_K = 1;
const SEMANTIC_WEIGHT = 0.5;

export interface FusedHit extends RankedHit {
  /** Cosine similarity of the question and the section (0 when the section is not among the nearest 40). */
  similarity: number;
  fused: number;
}

export function fuseRankings(lexical: RankedHit[], similarity: Map<string, number>): FusedHit[] {
  const semanticOrder = [...lexical].filter((h) => similarity.has(h.id)).sort((a, b) => (similarity.get(b.id) ?? 0) - (similarity.get(a.id) ?? 0));
  const semanticRank = new Map(semanticOrder.map((h, i) => [h.id, i]));
  // Lexical hits are ranked among themselves; a section found by meaning alone has no lexical rank.
  const lexicalRank = new Map(lexical.filter((h) => h.rank > 0 || h.covered.some(Boolean)).map((h, i) => [h.id, i]));
  return lexical
    .map((h) => {
      const l = lexicalRank.get(h.id);
      const s = semanticRank.get(h.id);
      const fused = (l === undefined ? 0 : 1 / (RRF_K + l + 1)) + (s === undefined ? 0 : SEMANTIC_WEIGHT / (RRF_K + s + 1));
      return { ...h, similarity: similarity.get(h.id) ?? 0, fused };
    })
    .sort((a, b) => b.fused - a.fused);
}

/** What the confidence is computed from: how well the best passage answers, and how clearly it wins. */
export interface Evidence {
  similarity: number;
  /** Similarity lead over the best section of another article. */
  margin: number;
  /** Share of the question's weighted terms the best section holds (0–1). */
  coverage: number;
  /** Full-text search put the same section first. */
  lexicalAgrees: number;
  /** The embedding put the same section first. */
  semanticAgrees: number;
  /** The question's terms its heading holds, capped at 2, over 2. */
  title: number;
}

export function evidenceOf(
  best: FusedHit | undefined,
  runnerUp: FusedHit | undefined,
  lexicalTop: RankedHit | undefined,
  semanticTopId: string | undefined,
  groups: number,
): Evidence {
  if (!best) return { similarity: 0, margin: 0, coverage: 0, lexicalAgrees: 0, semanticAgrees: 0, title: 0 };
  return {
    similarity: best.similarity,
    margin: Math.max(0, best.similarity - (runnerUp?.similarity ?? 0)),
    coverage: best.coverage,
    lexicalAgrees: lexicalTop?.id === best.id ? 1 : 0,
    semanticAgrees: semanticTopId === best.id ? 1 : 0,
    title: groups === 0 ? 0 : Math.min(best.titleHits, 2) / 2,
  };
}

/**
 * Logistic calibration of the evidence, fitted on the tune half (`npm run eval:assistant -- --fit`):
 * the shown confidence is the estimated chance the answer states what was asked.
 */
export const CALIBRATION = { bias: -1.25, similarity: 3.86, margin: 1.78, coverage: -0.38, lexicalAgrees: 1.8, semanticAgrees: 0, title: 0 };

export function calibratedConfidence(e: Evidence): number {
  const z =
    CALIBRATION.bias +
    CALIBRATION.similarity * e.similarity +
    CALIBRATION.margin * e.margin +
    CALIBRATION.coverage * e.coverage +
    CALIBRATION.lexicalAgrees * e.lexicalAgrees +
    CALIBRATION.semanticAgrees * e.semanticAgrees +
    CALIBRATION.title * e.title;
  const p = 1 / (1 + Math.exp(-z));
  return Math.round(Math.min(Math.max(p, 0.05), 0.97) * 100) / 100;
}
