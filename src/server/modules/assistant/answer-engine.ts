import type { DbOrTx } from '../../db/client.ts';
import type { AnswerSource, DroneContext, FlightLogContext } from '../../../shared/assistant.ts';
import { makeAndModel } from '../../../shared/drones.ts';
import type { Passage } from '../../providers/llm/grounded-answer.ts';
import { hasSynonyms, isFollowUp, isGeneric, mentionsDomain, questionWords, termGroups, type TermGroup } from '../knowledge/query-terms.ts';
import { directRetrieval, type Retrieval } from './retrieval-cache.ts';
import { clarifyingAnswer, composeAnswer, flightLogAnswer, OFF_TOPIC_ANSWER } from './compose-answer.ts';
import type { SemanticHit } from '../knowledge/embeddings.ts';
import { calibratedConfidence, evidenceOf, type Evidence, fuseRankings, CLEAR_SIMILARITY, IN_DOMAIN_SIMILARITY, SEMANTIC_CANDIDATES } from './fuse-hits.ts';
import { asksForANumber, harmfulRequest, harmRefusal } from './policy.ts';
import { groupWeights, MAKER_NAME_WORDS, makersMentioned, rankHits, type DroneProfile, type RankedHit } from './rank-hits.ts';

export interface EngineInput {
  question: string;
  /** The conversation's earlier questions, newest first. */
  previousQuestions: string[];
  primary: DroneContext | null;
  businessId: string | null;
  flightLogTotals: () => Promise<FlightLogContext>;
  /** How the knowledge base is read: the app passes its per-process cache (ADR 0018). */
  retrieval?: Retrieval;
}

export interface EngineAnswer {
  answer: string;
  confidence: number;
  needsMoreContext: boolean;
  sources: AnswerSource[];
  /** The passages the answer stands on, for a model to write from. */
  passages: Passage[];
  /** True when the answer comes from knowledge-base passages (a model may rewrite it). */
  grounded: boolean;
  tailoredTo: string | null;
  flightLogContext: FlightLogContext | null;
  /** The best-ranked section (answered from, or the nearest when asking to clarify), for the evaluation. */
  topSectionId?: string | null;
  /** What the confidence was computed from, for calibrating it (tests/eval). */
  evidence?: Evidence;
}

/** Below this confidence the assistant asks a clarifying question instead of answering (tuned on tests/eval/pilot/tune.json). */
export const CLARIFY_BELOW = 0.45;

/**
 * The sections nearest the question in meaning. Should the encoder fail to load (a broken install), the
 * engine still answers from full-text search alone rather than not at all.
 */
async function nearestInMeaning(db: DbOrTx, retrieval: Retrieval, text: string, businessId: string | null): Promise<SemanticHit[]> {
  try {
    return await retrieval.nearest(db, text, { businessId });
  } catch (error: unknown) {
    console.error('assistant: semantic search unavailable, answering from full-text search only', error);
    return [];
  }
}

const ABOUT_MY_LOGBOOK = /\b(my|i|i've|ive)\b.*\b(flights?|flown|flight hours|hours|logbook|logged)\b/;
const ASKS_A_TOTAL = /\b(how many|how much|total|last|when did|count)\b/;

function profileOf(primary: DroneContext | null): DroneProfile | null {
  if (!primary) return null;
  return { maker: primary.customManufacturer ?? primary.manufacturer, model: primary.customModel ?? primary.model };
}

async function groupsFor(db: DbOrTx, retrieval: Retrieval, text: string): Promise<{ words: string[]; groups: TermGroup[] }> {
  const raw = questionWords(text);
  // Generic words are never "corrected" into knowledge-base words ("acting" is not "activating").
  const fixes = await retrieval.correctSpelling(db, raw.filter((w) => !isGeneric(w) && !hasSynonyms(w)));
  const words = raw.map((w) => fixes.get(w) ?? w);
  const groups = termGroups(words, MAKER_NAME_WORDS);
  // A question only naming a drone ("DJI Mini 4 Pro?") still searches for it.
  return { words, groups: groups.length ? groups : termGroups(words) };
}

/**
 * The embedded answer engine: question → term groups (abbreviations expanded, misspellings corrected)
 * → full-text search over the shipped and the business's sections → ranked with the pilot's drone and
 * the conversation so far → a sourced answer with a confidence from the evidence, a clarifying question
 * on a weak match, or a short scope reply off topic.
 */
export async function answerQuestion(db: DbOrTx, input: EngineInput): Promise<EngineAnswer> {
  const none = { sources: [], passages: [], grounded: false, tailoredTo: null, flightLogContext: null };
  const lower = input.question.toLowerCase();
  if (ABOUT_MY_LOGBOOK.test(lower) && ASKS_A_TOTAL.test(lower)) {
    const stats = await input.flightLogTotals();
    return { ...none, answer: flightLogAnswer(stats), confidence: 0.95, needsMoreContext: false, flightLogContext: stats };
  }

  const harm = harmfulRequest(input.question);
  if (harm) return { ...none, answer: harmRefusal(harm), confidence: 0.95, needsMoreContext: false };

  const retrieval = input.retrieval ?? directRetrieval;
  const current = await groupsFor(db, retrieval, input.question);
  let groups = current.groups;
  let allWords = current.words;
  const previous = input.previousQuestions[0];
  if (previous && isFollowUp(input.question, current.groups)) {
    const earlier = await groupsFor(db, retrieval, previous);
    const known = new Set(groups.map((g) => g.word));
    groups = [...groups, ...earlier.groups.filter((g) => !known.has(g.word))];
    allWords = [...allWords, ...earlier.words];
  }
  const followUp = Boolean(previous) && groups.length > current.groups.length;
  const semantic = await nearestInMeaning(db, retrieval, followUp ? `${input.question} ${previous ?? ''}` : input.question, input.businessId);
  const topSimilarity = semantic[0]?.similarity ?? 0;
  const inDomain = mentionsDomain(allWords) || topSimilarity >= IN_DOMAIN_SIMILARITY;
  if (groups.length === 0 && topSimilarity < IN_DOMAIN_SIMILARITY) {
    // "help", "it doesn't work": nothing to search for yet, so ask.
    return { ...none, answer: clarifyingAnswer([]), confidence: 0.1, needsMoreContext: true };
  }

  const similarity = new Map(semantic.map((h) => [h.id, h.similarity]));
  const { hits, groupDf, total } = await retrieval.searchSections(db, groups, {
    businessId: input.businessId,
    include: semantic.slice(0, SEMANTIC_CANDIDATES).map((h) => h.id),
  });
  const drone = profileOf(input.primary);
  const weights = groupWeights(groupDf, total);
  const lexical = rankHits(hits, current.groups.length || groups.length, weights, drone, makersMentioned(allWords), input.question);
  const ranked = fuseRankings(lexical, similarity);
  const best = ranked[0];
  const runnerUp = ranked.find((h) => h.articleKey !== best?.articleKey);
  const evidence = evidenceOf(best, runnerUp, lexical[0], semantic[0]?.id, current.groups.length || groups.length);
  const confidence = calibratedConfidence(evidence);

  // A question with no drone word, and not close in meaning to any section, must be wholly matched to
  // count as ours ("who won the football game" shares one word with the stadium rules).
  if (!best || (!inDomain && !best.complete)) {
    return { ...none, answer: OFF_TOPIC_ANSWER, confidence: Math.min(confidence, 0.1), needsMoreContext: false };
  }
  // Too little said to pick a topic: a single searchable word ("it's broken", "acting weird") that no
  // section's heading names and no section is clearly close to in meaning.
  const tooVague = current.groups.length <= 1 && !followUp && topSimilarity < CLEAR_SIMILARITY && best.titleHits === 0;
  if (confidence < CLARIFY_BELOW || tooVague) {
    // Asking is not answering: the confidence shown is that of having understood the question.
    const shown = tooVague ? Math.min(confidence, 0.3) : confidence;
    return { ...none, answer: clarifyingAnswer(ranked.slice(0, 3)), confidence: shown, needsMoreContext: true, topSectionId: best.id, evidence };
  }

  // A second section is added only when it answers a part of the question the best one leaves out;
  // two articles saying the same thing would only repeat it.
  const currentCount = current.groups.length || groups.length;
  const adds = (h: RankedHit) => h.covered.slice(0, currentCount).some((c, i) => c && !best.covered[i]);
  const extra = ranked.slice(1, 6).find((h) => h.articleKey !== best.articleKey && adds(h) && h.score >= best.score * 0.6);
  const tailoredTo = best.tailored && input.primary ? makeAndModel({ ...input.primary, manufacturer: input.primary.manufacturer ?? '' }) : null;
  const { answer, sources } = composeAnswer(best, extra, tailoredTo, asksForANumber(input.question));
  const passages = ranked.slice(0, 4).map((h) => ({ title: h.title, text: h.body, citation: h.citation }));
  return { answer, confidence, needsMoreContext: false, sources, passages, grounded: true, tailoredTo, flightLogContext: null, topSectionId: best.id, evidence };
}
