import { modelLinePreference, modelLinesNamed } from './model-lines.ts';
import { placePreference, placesNamed } from './places.ts';
import type { SectionHit } from '../knowledge/search.ts';

/** The pilot's primary drone, as retrieval sees it. */
export interface DroneProfile {
  maker: string | null;
  model: string | null;
}

export interface RankedHit extends SectionHit {
  score: number;
  /** Share of the current question's term groups the section matches, each weighted by its rarity (0–1). */
  coverage: number;
  /** Every one of the current question's term groups is matched. */
  complete: boolean;
  /** The section is written for the pilot's own maker. */
  tailored: boolean;
  /**
   * The factor `score` carries for the drone (its maker's sections first, another maker's pushed down)
   * and for the business's own documents, so fusion can give the semantic side the same preference.
   */
  preference: number;
}

/** Maker names and their common model names as pilots type them, to spot "on my Mavic" in a question. */
const MAKER_WORDS: Record<string, string[]> = {
  DJI: ['dji', 'mavic', 'mini', 'air', 'avata', 'phantom', 'inspire', 'neo', 'flip', 'matrice'],
  'DJI Enterprise': ['matrice', 'enterprise'],
  'Autel Robotics': ['autel', 'evo'],
  Skydio: ['skydio', 'x10'],
  Parrot: ['parrot', 'anafi'],
};

/** Maker and model names: they say which drone, not what the question is about. */
export const MAKER_NAME_WORDS: ReadonlySet<string> = new Set(Object.values(MAKER_WORDS).flat());

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
/**
 * How much a term group says: a word few sections hold is strong evidence, one most hold is weak
 * (inverse document frequency). A word no section holds is most likely filler ("legally",
 * "exactly"), so it weighs little instead of sinking every answer.
 */
export function groupWeights(groupDf: number[], total: number): number[] {
  return groupDf.map((df) => (df === 0 ? 0.75 : Math.log(1 + total / (1 + df))));
}

const wordsOf = (text: string) => new Set(text.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1));

/**
 * Share of the question's words (all of them, "can I fly" included) found in a section's heading:
 * headings are written as the questions pilots ask, so a near-identical one is the intended answer.
 */
export function headingOverlap(question: string, heading: string): number {
  const q = wordsOf(question);
  if (q.size === 0) return 0;
  const h = wordsOf(heading);
  return [...q].filter((w) => h.has(w)).length / q.size;
}

/**
 * The question asks what the rules allow or require: it names the FAA, Part 107, a law, what is legal or
 * allowed, a permit, registering, a licence or certificate. On the tuning sets, 136 of the 137
 * answerable questions naming one of the first kind have a rules section among their labels (the other:
 * density altitude "for the 107 test"), and 76 of 79 naming one of the second (the others: a ham
 * licence for FPV, an authorization DJI's app will not take).
 */
const RULE_WORDS = /\b(part 107|107|faa|legal(ly)?|illegal|laws?|allowed|rules?|regulations?|permitted|permit|permission|(regist|regest)\w*|licen[sc]e[sd]?|certificat\w*)\b/i;
export const asksWhatRulesAllow = (question: string): boolean => RULE_WORDS.test(question);

/**
 * Chosen on the tune half and the development set (tests/eval/tune-fusion.ts); otherTopicForRule, a
 * section outside the rules for a question asking what they allow, on the tuning sets (ADR 0065, eighth
 * session); namedMaker, a section for the maker the question names, on the tuning sets of the tenth (ADR
 * 0065: at 1.35 "mavic 3 says gimbal motor overload" was answered from DJI's calibration how-to at 0.61
 * close in meaning rather than the gimbal overload section at 0.79).
 */
export const RANKING = { titleCoverage: 1, otherTopicForRule: 0.85, namedMaker: 1.1 };

export function rankHits(
  hits: SectionHit[],
  currentGroups: number,
  weights: number[],
  drone: DroneProfile | null,
  named: string[],
  question = '',
  /** The countries or regions the question (or the one it follows) names (places.ts). */
  places: ReadonlySet<string> = placesNamed(question),
  /** The drone model lines the question (or the one it follows) names (model-lines.ts). */
  lines: ReadonlySet<string> = modelLinesNamed(question),
): RankedHit[] {
  const asksRule = asksWhatRulesAllow(question);
  const currentWeight = weights.slice(0, currentGroups).reduce((a, b) => a + b, 0);
  const ranked = hits.map((hit) => {
    const current = hit.covered.slice(0, currentGroups);
    const matched = current.reduce((sum, c, i) => sum + (c ? (weights[i] ?? 0) : 0), 0);
    const coverage = currentWeight === 0 ? 0 : matched / currentWeight;
    const complete = current.length > 0 && current.every(Boolean);
    const earlier = hit.covered.slice(currentGroups).filter(Boolean).length;
    // The heading's share of the question's ideas, each weighted by its rarity like coverage: a heading
    // naming "Part 107", which most rules sections hold, says less than one naming "high" (ADR 0065,
    // update: a count of title hits put "Weight limit: Part 107…" first for "how high under Part 107").
    const titled = hit.titleCovered.slice(0, currentGroups).reduce((sum, c, i) => sum + (c ? (weights[i] ?? 0) : 0), 0);
    const titleCoverage = currentWeight === 0 ? 0 : titled / currentWeight;
    let score =
      coverage * 2 + titleCoverage * RANKING.titleCoverage + Math.min(hit.rank, 1) * 0.6 + earlier * 0.15 + headingOverlap(question, hit.title) * 0.6;
    const ownMaker = drone?.maker;
    const tailored = Boolean(ownMaker) && hit.makers.some((h) => sameMaker(h, ownMaker ?? ''));
    let preference = 1;
    if (hit.makers.length > 0) {
      const forNamed = named.some((m) => hit.makers.some((h) => sameMaker(h, m)));
      if (forNamed) preference = RANKING.namedMaker;
      else if (tailored && named.length === 0) preference = 1.3;
      else preference = 0.55;
    }
    // A section for a country is preferred for a question naming it, and answers no other (places.ts).
    preference *= placePreference(hit.title, places);
    // …and a section for a model line answers no other.
    preference *= modelLinePreference(hit.title, lines, hit.models);
    // A question about what the rules allow is answered from the rules, not from a how-to that happens
    // to name the same number ("max altitude part 107?" is the 400 ft rule, not the app's altitude limit).
    if (asksRule && !hit.businessId && hit.topic !== 'regulations') preference *= RANKING.otherTopicForRule;
    if (hit.businessId) preference *= 1.15;
    score *= preference;
    return { ...hit, score, coverage, complete, tailored, preference };
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
  const value = 0.1 + best.coverage * 0.45 + title * 0.2 + rank * 0.15 + lead * 0.1;
  return Math.round(Math.min(Math.max(value, 0), 0.98) * 100) / 100;
}
