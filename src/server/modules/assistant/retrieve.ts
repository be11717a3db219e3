import type { DbOrTx } from '../../db/client.ts';
import type { DroneContext } from '../../../shared/assistant.ts';
import { knowledgeVersion, type SemanticHit } from '../knowledge/embeddings.ts';
import { hasSynonyms, isFollowUp, isGeneric, mentionsDomain, namesDroneModel, namesDronesClearly, questionWords, startsLikeFollowUp, termGroups, type TermGroup } from '../knowledge/query-terms.ts';
import { FUSION, IN_DOMAIN_SIMILARITY } from './fuse-hits.ts';
import { modelLinesNamed } from './model-lines.ts';
import { placesNamed } from './places.ts';
import { groupWeights, MAKER_NAME_WORDS, makersMentioned, rankHits, type DroneProfile, type RankedHit } from './rank-hits.ts';
import { uncachedRetrieval, type Retrieval } from './retrieval-cache.ts';

export interface RetrieveInput {
  question: string;
  /** The conversation's earlier questions, newest first. */
  previousQuestions: string[];
  primary: DroneContext | null;
  businessId: string | null;
  retrieval?: Retrieval;
  /**
   * How a question asked after another is read: as its wording says (a follow-up when it starts like one
   * or leans on a pronoun), with the question before it whatever its wording, or with it only when the
   * pair is nearest a section near each question alone, the test a follow-up by its pronoun gets
   * ('leaning': a question that says too little on its own; answer-engine.ts).
   */
  reading?: 'as-worded' | 'with-previous' | 'leaning';
}

export interface Retrieved {
  /** The current question's own term groups. */
  current: number;
  /** The groups the answer is judged on: the current question's, or for a question of drone names only, all. */
  groupCount: number;
  /** The previous question's groups were added ("and at night?"). */
  followUp: boolean;
  /** Nearest sections in meaning, best first. */
  semantic: SemanticHit[];
  /** The nearest section text's closeness to the question (its questions' left out): what the thresholds read. */
  closest: number;
  similarity: Map<string, number>;
  /** Full-text candidates (and the semantic ones) ranked by rank-hits.ts. */
  lexical: RankedHit[];
  /** The searched term groups' words (the current question's come first). */
  groupWords: string[];
  /** The question names something drone-related, or is close in meaning to a section. */
  inDomain: boolean;
  /** The question itself (or the one it follows) names something only drones have (not "flight", "camera"). */
  namesDrones: boolean;
  /** ...and names a drone by its model and version ("mini 3 pro", "my 5 inch"), not only the word "drone". */
  namesModel: boolean;
  /**
   * The current question's words no section holds that name a thing ("nairobi", "router"), not a doing or
   * a manner ("rattling", "shutting", "legally"): a question about something the knowledge base never mentions.
   */
  unknownNames: number;
}

/**
 * The sections nearest the question in meaning. Should the encoder fail to load (a broken install), the
 * engine still answers from full-text search alone rather than not at all.
 */
async function nearestInMeaning(db: DbOrTx, retrieval: Retrieval, texts: string[], businessId: string | null): Promise<SemanticHit[]> {
  try {
    return await retrieval.nearest(db, texts, { businessId });
  } catch (error: unknown) {
    console.error('assistant: semantic search unavailable, answering from full-text search only', error);
    return [];
  }
}

function profileOf(primary: DroneContext | null): DroneProfile | null {
  if (!primary) return null;
  return { maker: primary.customManufacturer ?? primary.manufacturer, model: primary.customModel ?? primary.model };
}

/**
 * Words pilots clip ("max alt", "batt temp"): the encoder does not know them, so it reads the whole
 * word ("part 107 max alt?" was nearest the weight limit, the 400 ft rule not among its first four).
 */
const CLIPPED_WORDS: Record<string, string> = { alt: 'altitude', batt: 'battery', batts: 'batteries', temp: 'temperature', temps: 'temperatures', cert: 'certificate', sats: 'satellites', max: 'maximum', vis: 'visibility', reg: 'registration', regs: 'regulations' };
const CLIPPED = new RegExp(`\\b(${Object.keys(CLIPPED_WORDS).join('|')})\\b`, 'gi');

async function groupsFor(db: DbOrTx, retrieval: Retrieval, text: string): Promise<{ words: string[]; groups: TermGroup[]; corrected: string; onlyDroneNames: boolean }> {
  const raw = questionWords(text);
  // Generic words are never "corrected" into knowledge-base words ("acting" is not "activating").
  const fixes = await retrieval.correctSpelling(db, raw.filter((w) => !isGeneric(w) && !hasSynonyms(w)));
  const words = raw.map((w) => fixes.get(w) ?? w);
  const groups = termGroups(words, MAKER_NAME_WORDS);
  // The encoder reads the question with its misspellings corrected too ("legaly", "regester"); the
  // corrected words are 4–30 letters (search.ts), safe in a pattern.
  let corrected = text;
  for (const [wrong, right] of fixes) corrected = corrected.replace(new RegExp(`\\b${wrong}\\b`, 'gi'), right);
  corrected = corrected.replace(CLIPPED, (w) => CLIPPED_WORDS[w.toLowerCase()] ?? w);
  // A question only naming a drone ("DJI Mini 4 Pro?") still searches for it.
  return { words, groups: groups.length ? groups : termGroups(words), corrected, onlyDroneNames: groups.length === 0 };
}

/**
 * A word no section holds that may name a thing: not a doing or a manner ("rattling", "legally"), a
 * measure ("20f", "4000m", "500m") or a two-letter chat abbreviation ("rn", "mn").
 */
const namesAThing = (word: string) => !/(ing|ed|ly)$/.test(word) && !/\d/.test(word) && word.length > 2;

/**
 * Both retrievals of a question (ADR 0065): term groups (abbreviations expanded, misspellings corrected,
 * a follow-up's previous question added) → full-text candidates, plus the sections nearest in meaning,
 * ranked by rank-hits.ts for the fusion. Null when there is nothing to search for and nothing close.
 */
export async function retrieve(db: DbOrTx, input: RetrieveInput): Promise<Retrieved | null> {
  const retrieval = input.retrieval ?? uncachedRetrieval(await knowledgeVersion(db));
  const current = await groupsFor(db, retrieval, input.question);
  let groups = current.groups;
  let allWords = current.words;
  const previous = input.previousQuestions[0];
  const withPrevious = input.reading === 'with-previous' || input.reading === 'leaning';
  if (previous && (withPrevious || isFollowUp(input.question, current.groups))) {
    const earlier = await groupsFor(db, retrieval, previous);
    const known = new Set(groups.map((g) => g.word));
    groups = [...groups, ...earlier.groups.filter((g) => !known.has(g.word))];
    allWords = [...allWords, ...earlier.words];
  }
  let followUp = Boolean(previous) && (withPrevious || groups.length > current.groups.length);
  // A follow-up naming only a drone ("and a Mavic 3?") means what the question before it does.
  const pair = current.onlyDroneNames ? [previous ?? ''] : [current.corrected, previous ?? ''];
  let semantic = await nearestInMeaning(db, retrieval, followUp && previous ? pair : [current.corrected], input.businessId);
  if (followUp && previous && (input.reading === 'leaning' || (!withPrevious && !startsLikeFollowUp(input.question)))) {
    // Read as a follow-up only for its pronoun ("it keeps shutting off by itself" after "how high can I
    // fly?"), or leaning on the one before: kept only when the section the pair is nearest is among those
    // nearest each question alone.
    const pairs = semantic[0]?.id;
    const near = (hits: SemanticHit[]) => hits.some((h) => h.id === pairs);
    const alone = await nearestInMeaning(db, retrieval, [current.corrected], input.businessId);
    // The previous question's own nearest are searched only when the question's agree.
    if (!near(alone) || !near(await nearestInMeaning(db, retrieval, [previous], input.businessId))) {
      followUp = false;
      semantic = alone;
      groups = current.groups;
      allWords = current.words;
    }
  }
  const topSimilarity = Math.max(0, ...semantic.map((h) => h.text));
  if (groups.length === 0 && topSimilarity < IN_DOMAIN_SIMILARITY) return null;

  const { hits, groupDf, total } = await retrieval.searchSections(db, groups, {
    businessId: input.businessId,
    // The business's own nearest passages are candidates wherever they rank (embeddings.ts, OWN_NEAREST).
    include: [...new Set([...semantic.slice(0, FUSION.candidates), ...semantic.filter((h) => h.businessId !== null)].map((h) => h.id))],
  });
  // "And a Mavic 3?" after a question about wind asks the same about another drone: judged on all the
  // groups, or any section naming the Mavic 3 would answer it whole.
  const groupCount = followUp && current.onlyDroneNames ? groups.length : current.groups.length || groups.length;
  // A follow-up ("and registration?" after "flying in Spain") names its place through the question before it.
  const namedIn = <T>(read: (text: string) => Set<T>): Set<T> => {
    const named = read(input.question);
    return named.size || !followUp ? named : read(previous ?? '');
  };
  const places = namedIn(placesNamed);
  // The drone asked about: named in the question, else in the one it follows, else the pilot's own.
  const drone = profileOf(input.primary);
  const lines = namedIn(modelLinesNamed);
  const asked = lines.size ? lines : modelLinesNamed(drone?.model ?? '');
  const lexical = rankHits(hits, groupCount, groupWeights(groupDf, total), drone, makersMentioned(allWords), input.question, places, asked);
  return {
    current: current.groups.length,
    groupCount,
    groupWords: groups.map((g) => g.word),
    followUp,
    semantic,
    closest: topSimilarity,
    similarity: new Map(semantic.map((h) => [h.id, h.similarity])),
    lexical,
    inDomain: mentionsDomain(allWords) || topSimilarity >= IN_DOMAIN_SIMILARITY,
    namesDrones: namesDronesClearly(allWords),
    namesModel: namesDroneModel(allWords),
    unknownNames: current.groups.filter((g, i) => groupDf[i] === 0 && namesAThing(g.word)).length,
  };
}
