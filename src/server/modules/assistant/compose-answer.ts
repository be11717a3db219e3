import { CLOSEST_TOPICS_LEAD, QUESTION_MAX, TOPIC_CHOICES_MAX, type AnswerSource, type FlightLogContext, type TopicChoice } from '../../../shared/assistant.ts';
import { citationsNameIt, sourceDocuments } from '../../../shared/answer-source-documents.ts';
import type { RankedHit } from './rank-hits.ts';

export const OFF_TOPIC_ANSWER =
  'I can only help with drones: flying them, the rules (Part 107, recreational flying, Remote ID, airspace), set-up and calibration, troubleshooting, maintenance and safety. Ask me anything about those.';

export const FALLBACK_NOTE = 'The AI model failed or was too slow, so this answer comes from the built-in knowledge base.';

export function sourceOf(hit: RankedHit): AnswerSource {
  return { title: hit.articleTitle.slice(0, 300), citation: hit.citation.slice(0, 300), url: hit.url };
}

// A sentence ends before a capital, so "a waiver of 107.35." and "49 U.S.C. 44809" stay whole.
function firstSentences(text: string, n: number): string {
  const sentences = text.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=["“(]?[A-Z])/);
  return sentences.slice(0, n).join(' ').trim();
}

/** One line per document (sourceDocuments): an article's two sections are one line with both citations. */
export function sourcesBlock(sources: AnswerSource[]): string {
  const lines = sourceDocuments(sources).map(
    (d) => `- ${d.citations.join('; ')}${citationsNameIt(d) ? '' : ` (${d.title})`}${d.url ? `: ${d.url}` : ''}`,
  );
  return `Sources:\n${lines.join('\n')}`;
}

/**
 * The section with its first sentence stating a number moved to the front (a "how high" question is
 * answered by "400 feet" first, then the context). Unchanged when the opening already has a number.
 */
export function numberFirst(body: string): string {
  const paragraphs = body.split(/\n\s*\n/);
  const first = paragraphs[0] ?? '';
  const sentences = first.split(/(?<=[.!?])\s+/);
  const hasNumber = (s: string) => /\d/.test(s);
  if (hasNumber(sentences[0] ?? '')) return body;
  const i = sentences.findIndex(hasNumber);
  if (i <= 0) return body;
  const lead = (sentences[i] ?? '').trim();
  const rest = sentences.filter((_, j) => j !== i).join(' ').trim();
  return [`${lead} ${rest}`.trim(), ...paragraphs.slice(1)].join('\n\n');
}

/** Introduces the other readings of a question the engine is unsure of (answer-engine.ts). */
export const OTHER_READINGS_LEAD = 'If you meant something else:';

/** A section's heading as a lead-in, its closing punctuation dropped ("Wind limits: …"). */
const leadIn = (h: RankedHit) => h.title.trim().replace(/[.:?!]*$/, '');

const opening = (h: RankedHit) => `${leadIn(h)}: ${firstSentences(h.body, 2)}`;

/**
 * A business's passage shown beside a shipped answer is the pilot's own rule: whole, named by its
 * document ("Kestrel Operations Manual, Wind: …"; a PDF page's heading already names it: "…, page 2").
 */
function ownPassage(h: RankedHit): string {
  const heading = leadIn(h);
  const named = heading.startsWith(h.articleTitle.trim()) ? heading : `${h.articleTitle.trim()}, ${heading}`;
  return `${named}: ${h.body.trim()}`;
}

/**
 * The embedded answer: the best section whole (it leads with the fact, then the how), the openings of
 * the sections shown with it (one that adds to it), then of the other readings when the engine is
 * unsure, which drone it was tailored to, then the sources.
 */
export function composeAnswer(
  best: RankedHit,
  extras: readonly RankedHit[],
  tailoredTo: string | null,
  leadWithNumber = false,
  otherReadings: readonly RankedHit[] = [],
): { answer: string; sources: AnswerSource[] } {
  const body = leadWithNumber ? numberFirst(best.body.trim()) : best.body.trim();
  // A shipped section's heading names its question and often states the answer ("…: 100 Wh carry-on
  // rule"): it leads, so the pilot sees at once which question is answered, unless a "how high" question
  // would then not start with its number. A business document's heading may be only "Manual, page 4".
  const heading = best.title.trim();
  const leadsWithHeading = best.businessId === null && heading.length > 0 && (!leadWithNumber || /\d/.test(heading));
  const parts = leadsWithHeading ? [`${heading.replace(/[.:]*$/, '')}${/[?!]$/.test(heading) ? '' : '.'}`, body] : [body];
  parts.push(...extras.map((h) => (h.businessId ? ownPassage(h) : opening(h))));
  if (otherReadings.length) parts.push(OTHER_READINGS_LEAD, ...otherReadings.map(opening));
  if (tailoredTo) parts.push(`Tailored to your ${tailoredTo}.`);
  // The same section cited twice would be one source listed twice.
  const sources = [best, ...extras, ...otherReadings].map(sourceOf).filter((s, i, all) => all.findIndex((o) => o.citation === s.citation && o.title === s.title && o.url === s.url) === i);
  parts.push(sourcesBlock(sources));
  return { answer: parts.join('\n\n'), sources };
}

/** The nearest sections' distinct headings, best first. */
const nearestTitles = (near: RankedHit[]) => [...new Set(near.map((h) => h.title.trim()).filter(Boolean))].slice(0, TOPIC_CHOICES_MAX);

/**
 * The nearest topics as choices: clicking one asks its heading. Headings are written as the question a
 * pilot asks followed by its answer ("How high can I fly a drone? 400 feet…"), so the question part is
 * asked when there is one, and the whole heading otherwise; either finds that section again.
 */
export function topicChoices(near: RankedHit[]): TopicChoice[] {
  return nearestTitles(near).map((title) => {
    const asked = /^[^?]{3,}\?/.exec(title)?.[0] ?? title;
    return { title: title.slice(0, 300), question: asked.slice(0, QUESTION_MAX) };
  });
}

/** A weak match: ask rather than guess, offering the nearest topics (also as choices: topicChoices). */
export function clarifyingAnswer(near: RankedHit[]): string {
  const titles = nearestTitles(near);
  const offer = titles.length ? ` ${CLOSEST_TOPICS_LEAD} ${titles.join('; ')}.` : '';
  return `I want to get this right, but I am not sure what you are asking. Could you tell me a bit more, for example which drone you fly, what happened or what you are trying to do?${offer}`;
}

export function flightLogAnswer(stats: FlightLogContext): string {
  if (stats.totalFlights === 0) {
    return 'Your logbook has no flights yet. Add flights on the Flight Logbook page, or import a flight-log CSV from DJI, AirData or Litchi, and I can tell you your totals.';
  }
  const hours = stats.totalFlightHours.toFixed(1);
  const last = stats.lastFlightDate ? ` Your last logged flight was on ${stats.lastFlightDate}.` : '';
  return `Your logbook holds ${stats.totalFlights} flight${stats.totalFlights === 1 ? '' : 's'} totalling ${hours} hours.${last}`;
}
