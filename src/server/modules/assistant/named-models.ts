import type { RankedHit } from './rank-hits.ts';

/**
 * A rule's answer often turns on the drone ("does a mini 3 pro need to be registered": the 250 g line;
 * "will my mini 3 dodge the trees on the way home": its sensors), and a comparison ("mini 4 pro vs air
 * 3") on two of them. The knowledge base says what each model weighs, senses and carries in the sections
 * headed by its name (the articles' `models`); the general rule's section does not. So a question that
 * names a model shows that model's own section beside the answer (answer-engine.ts).
 */

/** "mini4pro" and "Mini 4 Pro" alike: letters and digits apart, one space between words. */
const spaced = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .replace(/[^a-z0-9+]+/g, ' ')
    .trim()} `;

/**
 * The models of these sections' articles the question names, the longest reading of each ("mini 3 pro",
 * not also "mini 3"; "air 3" is not named by "air 3s").
 */
export function modelsNamedIn(question: string, candidates: readonly RankedHit[]): string[] {
  const text = spaced(question);
  const named = [...new Set(candidates.flatMap((h) => h.models))].map((model) => ({ model, words: spaced(model) })).filter((m) => text.includes(m.words));
  return named.filter((m) => !named.some((other) => other !== m && other.words.includes(m.words))).map((m) => m.model);
}

/** Only among the first candidates: further down, the model's section is about nothing the question asks. */
export const NEAR_RANKS = 8;

/**
 * For each model the question names, the best-ranked shipped section whose heading names it, unless a
 * section shown already does; at most `max`, in the order of the ranking.
 */
export function namedModelSections(question: string, ranked: readonly RankedHit[], shown: readonly RankedHit[], max = 2): RankedHit[] {
  const near = ranked.slice(0, NEAR_RANKS);
  const headings = new Map(near.concat(shown).map((h) => [h, spaced(h.title)] as const));
  const heads = (h: RankedHit, model: string) => headings.get(h)?.includes(spaced(model)) ?? false;
  const added: RankedHit[] = [];
  for (const model of modelsNamedIn(question, near)) {
    if (added.length >= max || [...shown, ...added].some((h) => heads(h, model))) continue;
    const own = near.find((h) => h.businessId === null && !shown.includes(h) && heads(h, model));
    if (own && !added.includes(own)) added.push(own);
  }
  return added;
}
