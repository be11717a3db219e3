import type { SectionHit } from '../knowledge/search.ts';

/** The pilot's primary drone, as retrieval sees it. */
export interface DroneProfile {
  maker: string | null;
  model: string | null;
}

export interface RankedHit extends SectionHit {
  score: number;
  /** Share of the current question's term groups the section matches (0–1). */
  coverage: number;
  /** The section is written for the pilot's own maker. */
  tailored: boolean;
}

/** Maker names and their common model names as pilots type them, to spot "on my Mavic" in a question. */
const MAKER_WORDS: Record<string, string[]> = {
  DJI: ['dji', 'mavic', 'mini', 'air', 'avata', 'phantom', 'inspire', 'neo', 'flip', 'matrice'],
  'DJI Enterprise': ['matrice', 'enterprise'],
  'Autel Robotics': ['autel', 'evo'],
  Skydio: ['skydio', 'x10'],
  Parrot: ['parrot', 'anafi'],
};

export function makersMentioned(words: string[]): string[] {
  return Object.entries(MAKER_WORDS)
    .filter(([, names]) => names.some((n) => words.includes(n)))
    .map(([maker]) => maker);
}

const sameMaker = (a: string, b: string) => a.toLowerCase() === b.toLowerCase() || (a.startsWith('DJI') && b.startsWith('DJI'));

/**
 * Orders the hits by how much of the question they answer (coverage of the current groups first,
 * then title matches, then PostgreSQL's rank), with the pilot's maker first: a section written for the
 * pilot's own maker is lifted, one for another maker is pushed down unless the question names it.
 * A business's own documents come before general knowledge of equal fit.
 */
export function rankHits(hits: SectionHit[], currentGroups: number, drone: DroneProfile | null, named: string[]): RankedHit[] {
  const ranked = hits.map((hit) => {
    const current = hit.covered.slice(0, currentGroups);
    const coverage = currentGroups === 0 ? 0 : current.filter(Boolean).length / currentGroups;
    const earlier = hit.covered.slice(currentGroups).filter(Boolean).length;
    let score = coverage * 2 + Math.min(hit.titleHits, 3) * 0.25 + Math.min(hit.rank, 1) * 0.6 + earlier * 0.15;
    let tailored = false;
    if (hit.makers.length > 0) {
      const forNamed = named.some((m) => hit.makers.some((h) => sameMaker(h, m)));
      const forOwn = drone?.maker ? hit.makers.some((h) => sameMaker(h, drone.maker ?? '')) : false;
      if (forNamed) score *= 1.35;
      else if (forOwn && named.length === 0) {
        score *= 1.3;
        tailored = true;
      } else score *= 0.55;
      if (forOwn) tailored = true;
    }
    if (hit.businessId) score *= 1.15;
    return { ...hit, score, coverage, tailored };
  });
  return ranked.sort((a, b) => b.score - a.score);
}

/**
 * Confidence from the retrieval evidence: how much of the question the best section covers, whether
 * its title names the question's ideas, how strongly PostgreSQL ranks it, and how clearly it beats
 * the runner-up from another article.
 */
export function confidenceOf(best: RankedHit | undefined, runnerUp: RankedHit | undefined, groups: number): number {
  if (!best || groups === 0) return 0.05;
  const title = Math.min(best.titleHits / Math.max(1, Math.min(groups, 2)), 1);
  const rank = Math.min(best.rank / 0.3, 1);
  const lead = runnerUp ? Math.min(Math.max((best.score - runnerUp.score) / 0.5, 0), 1) : 1;
  const value = 0.12 + best.coverage * 0.55 + title * 0.15 + rank * 0.1 + lead * 0.08;
  return Math.round(Math.min(Math.max(value, 0), 0.98) * 100) / 100;
}
