import type { AnswerSource } from './assistant.ts';

/** One document an answer drew on, with the citations of each of its sections that were shown. */
export interface SourceDocument {
  title: string;
  url: string | null;
  citations: string[];
}

/**
 * An answer's sources one per document, in the order first shown: two sections of one article
 * ("14 CFR 107.9(b)" and "14 CFR 107.9") are one entry with both citations, not the title twice.
 * Both the answer's text and the page's Sources box list them this way.
 */
export function sourceDocuments(sources: readonly AnswerSource[]): SourceDocument[] {
  const documents = new Map<string, SourceDocument>();
  for (const s of sources) {
    const key = `${s.title}\n${s.url ?? ''}`;
    const known = documents.get(key);
    if (!known) documents.set(key, { title: s.title, url: s.url, citations: [s.citation] });
    else if (!known.citations.includes(s.citation)) known.citations.push(s.citation);
  }
  return [...documents.values()];
}

/** A business document's citations ("Ops Manual, page 4") already name it: they are listed alone, not after the title again. */
export const citationsNameIt = (d: SourceDocument): boolean => d.citations.every((c) => c.startsWith(d.title));
