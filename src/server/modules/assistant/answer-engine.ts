import type { DbOrTx } from '../../db/client.ts';
import type { AnswerSource, FlightLogContext, TopicChoice } from '../../../shared/assistant.ts';
import { makeAndModel } from '../../../shared/drones.ts';
import type { Passage } from '../../providers/llm/grounded-answer.ts';
import { clarifyingAnswer, composeAnswer, flightLogAnswer, OFF_TOPIC_ANSWER, sourceOf, sourcesBlock, topicChoices } from './compose-answer.ts';
import { calibratedConfidence, companyAlongside, companyFirst, evidenceOf, isOwnAndNear, sureness, type Evidence, type FusedHit, fuseRankings, CLEAR_SIMILARITY, IN_DOMAIN_SIMILARITY, OFF_DOMAIN_MIN_COVERAGE, OFF_TOPIC_SIMILARITY } from './fuse-hits.ts';
import { clausesOf, harmConfirmedByStatements, harmfulByMeaning } from './harm-intent.ts';
import { HARM_REFUSE_AT, harmOdds, harmReadingOf, type HarmReading } from './harm-odds.ts';
import { namesAnotherMachine, outsideSubject } from './off-domain.ts';
import { OFF_TOPIC_DECLINE_AT, OFF_TOPIC_FOLLOW_UP_AT, offTopicOdds, offTopicOf, type OffTopicFeatures } from './off-topic-odds.ts';
import { metarReading, WEATHER_MINIMUMS_SOURCE } from './metar-reading.ts';
import { namedModelSections } from './named-models.ts';
import { namesPlace } from './places.ts';
import { harmfulClausesByExamples, KIND_MARGIN, kindByExamples, leadByExamples } from './question-examples.ts';
import { asksForANumber, harmfulRequest, harmRefusal, type HarmKind } from './policy.ts';
import type { RankedHit } from './rank-hits.ts';
import { retrieve, type Retrieved, type RetrieveInput } from './retrieve.ts';

export interface EngineInput extends RetrieveInput {
  flightLogTotals: () => Promise<FlightLogContext>;
}

export interface EngineAnswer {
  answer: string;
  confidence: number;
  needsMoreContext: boolean;
  /** The closest topics offered with a clarifying question; empty otherwise. */
  choices: TopicChoice[];
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
  /** What tells an off-topic question from a pilot's (off-topic-odds.ts), for fitting it (tests/eval). */
  offTopic?: OffTopicFeatures | null;
  /** What tells a harmful request from a lawful question (harm-odds.ts), for fitting it (tests/eval). */
  harm?: HarmReading | null;
}

/**
 * Below this sureness (fuse-hits.ts: the sixteenth session's confidence, which the engine decides by) the assistant asks a clarifying question instead of answering. Asking costs the
 * right answers below it and spares only wrong answers shown as unlikely: so it is set where the tuning
 * sets' answers stop being right. With the confidence of the sixteenth session (ADR 0065), none of the 15
 * answers shown below 0.07 stated the fact, 5 of the 38 below 0.1 and 16 of the 80 below 0.15 did (0.15
 * was chosen the same way, in the tenth session, for the confidence before it).
 */
export const CLARIFY_BELOW = 0.07;

/**
 * How close (fused score) a section of the best one's article must be to be shown with it. Chosen on
 * the tuning sets (ADR 0065, sixth session): 0.1 / 0.2 / 0.3 / 0.5 add it to 7% / 11% / 15% / 22% of
 * answers and state the fact 700 / 705 / 708 / 710 times (699 without), confident wrong
 * 30 / 28 / 25 / 23 against 31; 0.3 doubles few answers for most of the gain.
 */
export const NEIGHBOUR_MARGIN = 0.3;

/**
 * Below this sureness, an answer to a question that names no drone and is far in meaning from every
 * section (IN_DOMAIN_SIMILARITY) is the scope reply instead (farAndUnsure), and such a question asked
 * after another is not read with it. On the tuning sets (ADR 0065, sixteenth session) 5 more of 306
 * off-topic questions are declined alone, 5 more after another question, and 2 answerable ones, neither
 * answered right, and 1 of 214 follow-ups; at 0.15 it was 8 more alone and 3 answerable questions
 * answered right were lost.
 */
export const DECLINE_UNSURE_BELOW = 0.1;

/**
 * Below this sureness the answer also opens the best sections of other articles (EXTRA_SECTIONS_MAX
 * sections after the best in all): the engine is as likely wrong as right, and the pilot can tell which
 * answer is theirs. On the tuning sets (ADR 0065, sixteenth session), with one more section at most it
 * stated the fact for 1,973 of 2,197 answerable questions against 1,961 without (1,969 below 0.3, 1,978
 * below 0.7); with two, 2,003 (2,011 below 0.7).
 */
export const OTHER_ARTICLE_BELOW = 0.5;

/**
 * What the scope reply shows, at most, whichever rule declined: the engine's confidence there is in the
 * section it would have shown, and a pilot reads "17%" in red under "I only answer questions about
 * drones" as doubt about the scope reply itself.
 */
export const SCOPE_REPLY_CONFIDENCE = 0.1;
/** At most this many sections follow the best one, each by its heading and opening sentences. */
export const EXTRA_SECTIONS_MAX = 2;

/** The best section of each article not shown yet, best first, up to EXTRA_SECTIONS_MAX sections after the best in all. */
function otherReadings(ranked: readonly RankedHit[], shown: readonly RankedHit[]): RankedHit[] {
  const articles = new Set(shown.map((h) => h.articleKey));
  const others: RankedHit[] = [];
  for (const h of ranked) {
    if (shown.length - 1 + others.length >= EXTRA_SECTIONS_MAX) break;
    if (articles.has(h.articleKey)) continue;
    articles.add(h.articleKey);
    others.push(h);
  }
  return others;
}

/**
 * A question of one searchable word must be this close in meaning to a section to be answered: on the
 * tuning sets the vague ones ("should I update it", "camera problem", "can I fly tomorrow") were at most
 * 0.50 close, the answerable ones ("what is LAANC", "can I fly my drone in Yellowstone") at least 0.56
 * (but "what is 44809", 0.25, which is asked about).
 */
export const SINGLE_WORD_SIMILARITY = 0.52;

/**
 * "How long does it last", "what does that light mean": a thing pointed at but never named, with no
 * question before it to name it and no drone named (nor one of the pilot's own: "it" is then theirs);
 * "is it legal to…" and "is it worth it" use "it" for the question itself.
 */
const POINTS_AT = /\b(it|this|that|these|those|the two|this one|that one)\b(?! (is|'s|was) \w+ (to|if)\b)/;
const IT_FOR_THE_QUESTION = /\b((is|was|will|would|does) it (\w+ )?(legal|illegal|safe|ok|okay|possible|allowed|required|worth|hard|easy|true|necessary|better|bad|normal|so)|why is it)\b/;
export function refersToUnnamed(lower: string, previous: string[], namesDrones: boolean): boolean {
  const pointer = POINTS_AT.exec(lower);
  if (!pointer || previous.length > 0 || namesDrones || IT_FOR_THE_QUESTION.test(lower)) return false;
  // "whats TRUST and do i need it": named in a clause before the pointer.
  return !/(\band\b|,|\?|\.)/.test(lower.slice(0, pointer.index));
}

/**
 * Too little said to pick a topic, by the number of searchable ideas: none, and no section clearly
 * close; one, and no section SINGLE_WORD_SIMILARITY close; two, pointing at a thing never named, and no
 * section clearly close.
 */
function saysTooLittle(ideas: number, closest: number, pointsAtUnnamed: () => boolean): boolean {
  if (ideas === 0) return closest < CLEAR_SIMILARITY;
  if (ideas === 1) return closest < SINGLE_WORD_SIMILARITY;
  return ideas === 2 && closest < CLEAR_SIMILARITY && pointsAtUnnamed();
}

/** The question's subject is a pronoun or a part it does not attach to anything ("it", "this thing", "the light"). */
const NAMES_NO_SUBJECT = /\b(it|its|it's|this|that|thing|the (light|app|screen|error|message|noise|sound))\b/;
/**
 * An "it" that stands for no thing: the weather or the time ("its 20F out", "it's raining"), a cost or
 * a duration ("how much does it cost to install…", "how long does it take to…").
 */
const DUMMY_IT = /\b(it'?s (\d|-|minus |below |above |freezing|cold|hot|warm|raining|snowing|windy|sunny|cloudy|foggy|dark|late|early)|(does|did|will|would|could|can|should) it (cost|take)|it (costs|takes) )/g;
const namesNoSubject = (lower: string) => NAMES_NO_SUBJECT.test(lower.replace(DUMMY_IT, ' '));

// The pilot's own flights: "my flights", "have I flown", "when did I last fly"; an "I" somewhere beside a
// "flight" is not enough ("how big a power bank can I bring on a flight" is about an airliner), and "my
// flight to Cancun" is a trip. "Last" asks a total only of a flight or a time ("my last flight"), not in
// "cancelled last minute".
const ABOUT_MY_LOGBOOK = /\b(my (last |total |logged |recorded )?(flights?(?! (to|from|back|home)\b)|flight (hours|time)|hours|logbook|logs)|(i've|ive|i have|have i|did i)( already| ever| last)? (flown|logged|fly)|i (flew|logged))\b/;
const ASKS_A_TOTAL = /\b(how many|how much|total|last (flights?|time|fl(y|ew))|when did|count)\b/;

/** "How many hours have I flown?": answered from the pilot's own logbook, not the knowledge base. */
export const asksForLogbookTotals = (lower: string) => ABOUT_MY_LOGBOOK.test(lower) && ASKS_A_TOTAL.test(lower);

/**
 * A question the statements of harm-intent.ts take for harm by meaning is still answered when the
 * pilots' answerable questions are this much nearer it than the harmful ones (question-examples.ts): a
 * few dozen statements share words with lawful questions ("do i have to report it to the faa" after a
 * lost drone, "i have laanc approval" to unlock a zone, a mosquito sprayer over one's own land), ~2,000
 * labelled questions tell them apart. Leaving each tuning set out in turn (ADR 0065, fifteenth session):
 * the 5 lawful questions refused that way led the harmful examples by 0.13–0.25 toward answerable ones;
 * no harmful request that only the statements caught led by more than 0.06 (the rules of policy.ts and
 * the examples' own verdict still refuse the rest).
 */
export const LAWFUL_BY_EXAMPLES_LEAD = 0.1;

/**
 * The further the labelled examples take a question for harm past their margin, the more the
 * statements of harm-intent.ts may disagree: a few dozen hand-written sentences cannot hold every
 * harmful purpose ("drop a care package into the yard at the state pen", "keep it out of the stadium's
 * drone detection"), ~250 harmful requests written blind hold more. Chosen by leaving each tuning set
 * out in turn (ADR 0065, thirteenth session; 254 harmful, 2,359 other questions, harm-2's even half
 * among them): at 0.75 the examples and statements recognise 174 harmful ones against 155, and take no
 * more of the others for harm; at 1 a lawful drop-release set-up question is refused.
 */
export const STATEMENT_TOLERANCE_PER_LEAD = 0.75;
const statementTolerance = async (question: string) => STATEMENT_TOLERANCE_PER_LEAD * Math.max(0, (await leadByExamples(question, 'harm', 'answer')) - KIND_MARGIN.harm);

/** A clause the labelled examples take for harm and the statements confirm (question-examples.ts). */
async function harmInAClause(question: string): Promise<HarmKind | null> {
  for (const clause of await harmfulClausesByExamples(clausesOf(question))) {
    const kind = await harmConfirmedByStatements(clause);
    if (kind) return kind;
  }
  return null;
}

/** The candidates in the order the engine answers from: fused, the business's own passage first when it is as apt (companyFirst). */
const rankedOf = (found: Retrieved) => companyFirst(fuseRankings(found.lexical, found.similarity), found.semantic);

/** These retrievals fused, the best section, the evidence it is right, how sure that makes the engine (to decide by) and the confidence shown. */
function weigh(found: Retrieved, ranked = rankedOf(found)) {
  const best = ranked[0];
  // A business's passage is weighed against the business's other passages: the shipped sections it
  // leads (companyFirst) are general background, not rivals, and the margins over them say nothing.
  const own = <T extends { businessId: string | null }>(hits: readonly T[]): readonly T[] => (best?.businessId ? hits.filter((h) => h.businessId !== null) : hits);
  const rivals = own(ranked);
  const runnerUp = rivals.find((h) => h.articleKey !== best?.articleKey);
  const evidence = evidenceOf(best, runnerUp, [...own(found.lexical)], own(found.semantic), found.groupCount, rivals[1], found.unknownNames);
  return { ranked, best, evidence, sure: sureness(evidence), confidence: calibratedConfidence(evidence) };
}

/** How sure the engine would be answering from these retrievals, before the other checks (0 with no section). */
function confidenceOf(found: Retrieved, ranked?: FusedHit[]): number {
  const { best, sure } = weigh(found, ranked);
  return best ? sure : 0;
}

/**
 * Below this sureness, a question asked after another that its wording does not mark as a follow-up
 * is also read with the one before, and that reading is kept when the engine is surer of it: "how many
 * days do i have?" after a crash-report question, "anything i need to bring on test day" after one on
 * the Part 107 test. Chosen on the tuning sets (ADR 0065, thirteenth session): their 172 follow-ups
 * state the fact 125 → 129 times (confident wrong 12 → 13); each standalone answerable question asked
 * after another set's question (a change of subject) 1,503 → 1,502 of 1,687 (62 → 63). Read that way
 * whatever the confidence, the follow-ups gained 9 but the changes of subject lost 11. It was 0.3 on the
 * confidence before the sixteenth session's, which puts fewer answers that low: 0.2 now holds about as
 * many of the tuning sets' answers (139 of 2,257, against 128 under 0.3 before).
 */
export const READ_WITH_PREVIOUS_BELOW = 0.2;

type ExampleVerdict = Awaited<ReturnType<typeof kindByExamples>>;

/**
 * A question with no drone word that shares too few words with the sections, or is far from all of
 * them, is still a pilot's when it is this much nearer the pilots' answerable questions than the
 * off-topic ones (question-examples.ts): "doing my first mapping job, 40 acre corn field. what overlap
 * do i set", "what does 44809 mean", "how do i hook my phone up to the rc-n2" were declined as not
 * about drones. Leaving each tuning set out in turn (ADR 0065, fifteenth session), the 19 answerable
 * questions declined that way led by 0.04–0.55 (12 by 0.27 or more), the 32 off-topic ones by 0.21 at most.
 */
export const PILOTS_QUESTION_LEAD = 0.25;

/**
 * The question says something about a subject outside drones: so the labelled examples say (unless it
 * names a drone model), or it names another machine or is closer to another subject than to any
 * section (off-domain.ts). A drone named by its model is the subject, whatever else is said ("a paid
 * wedding shoot w my mini 3 pro").
 */
async function aboutAnotherSubject(found: Retrieved, question: string, byExamples: ExampleVerdict): Promise<boolean> {
  if (!found.namesModel && byExamples === 'offtopic') return true;
  if (found.current < 2 || found.namesModel) return false;
  return namesAnotherMachine(question.toLowerCase()) || (await outsideSubject(question, found.closest, found.namesDrones)) !== null;
}

/**
 * No drone word and not close in meaning to any section, and the best section holds too little of the
 * question, or only its place names ("What's the capital of Australia" shares a place name with the
 * sections found, not "how high am I allowed to go in England", whose other words other sections hold).
 */
function outsideTheKnowledgeBase(found: Retrieved, ranked: FusedHit[]): boolean {
  const best = ranked[0];
  if (!best) return true;
  if (found.inDomain) return false;
  const onlyPlaceShared = () => ranked.slice(0, 3).every((h) => h.covered.slice(0, found.current).every((c, i) => !c || namesPlace(found.groupWords[i] ?? '')));
  return best.coverage < OFF_DOMAIN_MIN_COVERAGE || onlyPlaceShared();
}

/**
 * Whether the question, read as these retrievals read it, is not the knowledge base's to answer:
 * 'decline' (the scope reply) or 'ask' (a clarifying question), or null when it is. A question with no
 * drone word must be mostly matched to count as ours ("who won the football game" shares one word with
 * the stadium rules); one that says something (two term groups) and is far from every section is about
 * something else, matched or not; and one about another subject is declined. But "it's making a weird
 * noise", a thing it does not name in words the knowledge base uses, is about the pilot's own drone
 * more often than not, so it is asked about instead ("what time is it in Nairobi" names a place no
 * section does).
 */
async function notOurs(found: Retrieved, ranked: FusedHit[], question: string, byExamples: ExampleVerdict): Promise<'decline' | 'ask' | null> {
  // A follow-up by its wording is judged as the pair it makes, and a question a business document
  // answers best, near in meaning, is the business's subject, whatever it is. One a business passage
  // leads on shared words alone ("whats a good recipe for banana bread" and a duty-time rule's "good
  // meal break") is still judged by the pilots' examples (ADR 0065, twenty-first session).
  const judgedAlone = !found.followUp && !ranked[0]?.businessId;
  const far = judgedAlone && found.current >= 2 && !found.namesDrones && found.closest < OFF_TOPIC_SIMILARITY;
  const ownAndNear = isOwnAndNear(ranked[0], found.semantic);
  const another = !found.followUp && !ownAndNear && (await aboutAnotherSubject(found, question, byExamples));
  const outside = (!ownAndNear && outsideTheKnowledgeBase(found, ranked)) || far;
  if (!another && (!outside || (await leadByExamples(question, 'answer', 'offtopic')) >= PILOTS_QUESTION_LEAD)) return null;
  return !another && found.unknownNames === 0 && namesNoSubject(question.toLowerCase()) ? 'ask' : 'decline';
}

/**
 * Read on its own (not as a follow-up), the question names no drone, is not close in meaning to any
 * section and would be answered at under DECLINE_UNSURE_BELOW: more likely about something else than a
 * pilot's ("universal remote wont pair with my vizio tv", "do i need a fishing license to fish off a pier").
 * A question a business document answers best is the business's subject, as in notOurs: the confidence
 * was fitted on the shipped sections' answers, and a business's own words ("zorblat inspection") are
 * far from every pilot's question.
 */
const farAndUnsure = (found: Retrieved, confidence: number, best: FusedHit | undefined) =>
  !best?.businessId && confidence < DECLINE_UNSURE_BELOW && !found.followUp && !found.namesDrones && found.closest < IN_DOMAIN_SIMILARITY;

/** The retrievals the engine answers from: the question as worded, or with the one before (above). */
async function readInContext(db: DbOrTx, input: EngineInput): Promise<Retrieved | null> {
  const asWorded = await retrieve(db, input);
  if (input.previousQuestions.length === 0 || !asWorded || asWorded.followUp) return asWorded;
  const ranked = rankedOf(asWorded);
  const own = confidenceOf(asWorded, ranked);
  // Saying too little to be placed on its own ("how cold is too cold" after a cold-weather battery
  // question, "what lights do i need" after one on night flying), it is read with the one before as the
  // pilot means it, not asked about (ADR 0065, twenty-second session), unless it is declined as worded.
  const saysLittle = saysTooLittle(asWorded.current, asWorded.closest, () => refersToUnnamed(input.question.toLowerCase(), [], asWorded.namesDrones || input.primary !== null));
  if (own >= READ_WITH_PREVIOUS_BELOW && !saysLittle) return asWorded;
  // A change of subject away from drones ("whats a good banana bread recipe" after an FPV question) is
  // declined as it is worded, not answered from the question before.
  if (farAndUnsure(asWorded, own, ranked[0]) || (await notOurs(asWorded, ranked, input.question, await kindByExamples(input.question))) === 'decline') return asWorded;
  if (saysLittle) {
    // Read with the one before only when the pair is nearest a section near each question alone, as a
    // follow-up by its pronoun is (retrieve.ts): "it keeps shutting off by itself" after an altitude
    // question is about neither, and comes back read as worded.
    const leaning = await retrieve(db, { ...input, reading: 'leaning' });
    if (leaning?.followUp) return leaning;
    if (own >= READ_WITH_PREVIOUS_BELOW) return asWorded;
  }
  const withPrevious = await retrieve(db, { ...input, reading: 'with-previous' });
  return withPrevious && confidenceOf(withPrevious) > own ? withPrevious : asWorded;
}

/**
 * The embedded answer engine: a request to do harm is declined first; otherwise the question's
 * full-text candidates and its nearest sections in meaning (retrieve.ts) are fused (fuse-hits.ts) with
 * the pilot's drone and the conversation so far → a sourced answer with a calibrated confidence, a
 * clarifying question offering the closest topics when unsure, or a short scope reply off topic.
 */
export async function answerQuestion(db: DbOrTx, input: EngineInput): Promise<EngineAnswer> {
  const none = { choices: [], sources: [], passages: [], grounded: false, tailoredTo: null, flightLogContext: null };
  const lower = input.question.toLowerCase();
  if (asksForLogbookTotals(lower)) {
    const stats = await input.flightLogTotals();
    return { ...none, answer: flightLogAnswer(stats), confidence: 0.95, needsMoreContext: false, flightLogContext: stats };
  }

  // The plain wordings by pattern; the others by meaning (harm-intent.ts), against what the knowledge
  // base answers too: the question's own nearest section (a follow-up's is the pair's, so not). What
  // the harm odds read is measured for every question, the evaluation fits them on all (harm-odds.ts).
  const byPattern = harmfulRequest(input.question);
  const found = await readInContext(db, input);
  const weighed = found ? weigh(found) : null;
  const harmReading = await harmReadingOf(input.question, found && !found.followUp ? found.closest : 0, weighed?.best ? weighed.sure : 0);
  if (byPattern) return { ...none, answer: harmRefusal(byPattern), confidence: 0.95, needsMoreContext: false, harm: harmReading };
  const answerable = found && !found.followUp ? found.closest : 0;
  const harm = await harmfulByMeaning(input.question, answerable);
  if (harm && (await leadByExamples(input.question, 'harm', 'answer')) > -LAWFUL_BY_EXAMPLES_LEAD) return { ...none, answer: harmRefusal(harm), confidence: 0.95, needsMoreContext: false, harm: harmReading };
  // The labelled questions nearest in meaning (question-examples.ts) recognise harm, off-topic and vague
  // questions the statements and rules above were not written for. Harm needs the statements' assent
  // too (harmful and lawful statements at least level), and its kind, for the lawful alternative, is
  // the nearest statement's.
  const byExamples = await kindByExamples(input.question);
  const harmByExamples = byExamples === 'harm' ? await harmConfirmedByStatements(input.question, await statementTolerance(input.question)) : await harmInAClause(input.question);
  // The harm named is the closest statement's, of the question or of a clause (harmReadingOf).
  if (harmByExamples) return { ...none, answer: harmRefusal(harmReading?.kind ?? harmByExamples), confidence: 0.95, needsMoreContext: false, harm: harmReading };
  // All told (harm-odds.ts): "how close can i get my drone to the news helicopter to spook the pilot".
  if (harmReading && harmOdds(harmReading.features) >= HARM_REFUSE_AT) return { ...none, answer: harmRefusal(harmReading.kind), confidence: 0.95, needsMoreContext: false, harm: harmReading };

  // A pasted METAR is decoded and read for the flight (metar-reading.ts), citing the knowledge base's
  // METAR section when the search found it and the weather minimums it is read against.
  const metar = metarReading(input.question);
  if (metar) {
    const explained = weighed?.ranked.find((h) => h.businessId === null && /\bMETAR\b/.test(h.title));
    const sources = [...(explained ? [sourceOf(explained)] : []), WEATHER_MINIMUMS_SOURCE];
    return { ...none, answer: `${metar}\n\n${sourcesBlock(sources)}`, confidence: 0.9, needsMoreContext: false, sources, topSectionId: explained?.id ?? null, harm: harmReading };
  }

  if (!found || !weighed) {
    // "help", "it doesn't work": nothing to search for and nothing close in meaning, so ask.
    return { ...none, answer: clarifyingAnswer([]), confidence: 0.1, needsMoreContext: true, harm: harmReading };
  }
  const { current, groupCount, followUp, namesDrones } = found;
  const topSimilarity = found.closest;
  // `sure` decides (on the scale the thresholds were tuned on); `confidence` is what the pilot is shown.
  const { ranked, best, evidence, sure, confidence } = weighed;
  const offTopic = await offTopicOf(input.question, sure, evidence, found);

  const verdict = await notOurs(found, ranked, input.question, byExamples);
  if (verdict === 'ask') return { ...none, answer: clarifyingAnswer([]), confidence: 0.1, needsMoreContext: true, offTopic, harm: harmReading };
  // notOurs declines when there is no best section; `!best` is for the type.
  const scopeReply: EngineAnswer = { ...none, answer: OFF_TOPIC_ANSWER, confidence: Math.min(confidence, SCOPE_REPLY_CONFIDENCE), needsMoreContext: false, offTopic, harm: harmReading };
  if (verdict === 'decline' || !best) return scopeReply;
  // Too little said to pick a topic: nothing searchable ("my drone") and no section clearly close, or a
  // single searchable word ("it's broken", "camera problem", "which mode should I use") no section is
  // at least SINGLE_WORD_SIMILARITY close to ("what is LAANC", "can I fly in Yellowstone" are).
  const tooVague =
    !followUp &&
    ((byExamples === 'vague' && input.previousQuestions.length === 0 && input.primary === null) ||
      saysTooLittle(current, topSimilarity, () => refersToUnnamed(lower, input.previousQuestions, namesDrones || input.primary !== null)));
  // More like the pilots' off-topic questions than their answerable ones, all told (off-topic-odds.ts):
  // "garage door remote stopped working", "my rc boat flips at full throttle"; after a drone question
  // too, and then even when its wording reads as a follow-up ("is it gonna rain saturday in austin,
  // planning a picnic" after a battery question), if the odds are overwhelming. Decided before asking:
  // a question too unsure to answer yet saying enough to be placed ("best camera to shoot my kids soccer
  // games from the bleachers") is not a drone question to ask about, unless it is a follow-up or names a
  // drone model ("flying my mavic 3 at like 4000m in peru, anything i should know"). Tuning sets (ADR
  // 0065, twenty-third session): 3 more of 326 off-topic questions declined, no answerable or vague one.
  const offTopicAnswer = !best.businessId && offTopic !== null && offTopicOdds(offTopic) >= (followUp ? OFF_TOPIC_FOLLOW_UP_AT : OFF_TOPIC_DECLINE_AT);
  if (offTopicAnswer && !tooVague && (sure >= CLARIFY_BELOW || (!followUp && !found.namesModel))) return scopeReply;
  if (sure < CLARIFY_BELOW || tooVague) {
    // Asking is not answering: the confidence shown is that of having understood the question.
    const shown = tooVague ? Math.min(confidence, 0.3) : confidence;
    const nearest = ranked.slice(0, 3);
    return { ...none, answer: clarifyingAnswer(nearest), choices: topicChoices(nearest), confidence: shown, needsMoreContext: true, topSectionId: best.id, evidence, offTopic, harm: harmReading };
  }

  if (farAndUnsure(found, sure, best)) return scopeReply;

  // A second section is added only when it answers a part of the question the best one leaves out;
  // two articles saying the same thing would only repeat it.
  const adds = (h: RankedHit) => h.covered.slice(0, groupCount).some((c, i) => c && !best.covered[i]);
  // A section of the same article nearly as good ("what is a waiver" beside "how to apply", for "how
  // long does a waiver take") is shown after the best, before a section of another article: the engine
  // cannot tell the two apart, the pilot can (tuning sets: states the fact 709 → 711 with it first).
  const neighbour = ranked[1]?.articleKey === best.articleKey && ranked[1].fused >= best.fused - NEIGHBOUR_MARGIN ? ranked[1] : undefined;
  const extra = neighbour ?? ranked.slice(1, 6).find((h) => h.articleKey !== best.articleKey && adds(h) && h.score >= best.score * 0.6);
  // A business's own passage nearly as apt as the shipped best is shown too, whole: its rule is the pilot's.
  const alongside = companyAlongside(ranked, found.semantic);
  const extras: RankedHit[] = alongside ? [alongside] : extra ? [extra] : [];
  const tailoredTo = best.tailored && input.primary ? makeAndModel({ ...input.primary, manufacturer: input.primary.manufacturer ?? '' }) : null;
  // The drone the question names, by its own section (named-models.ts): its weight or sensors often
  // decide the rule answered, and a comparison needs both.
  extras.push(...namedModelSections(input.question, ranked, [best, ...extras]));
  const others = sure < OTHER_ARTICLE_BELOW ? otherReadings(ranked, [best, ...extras]) : [];
  const { answer, sources } = composeAnswer(best, extras, tailoredTo, asksForANumber(input.question), others);
  const passages = ranked.slice(0, 4).map((h) => ({ title: h.title, text: h.body, citation: h.citation }));
  return { answer, confidence, needsMoreContext: false, choices: [], sources, passages, grounded: true, tailoredTo, flightLogContext: null, topSectionId: best.id, evidence, offTopic, harm: harmReading };
}
