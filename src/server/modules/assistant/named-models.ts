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

const names = (text: string, model: string) => text.includes(spaced(model));

/**
 * The models of these sections' articles the question names, the longest reading of each ("mini 3 pro",
 * not also "mini 3"; "air 3" is not named by "air 3s").
 */
export function modelsNamedIn(question: string, candidates: readonly RankedHit[]): string[] {
  const text = spaced(question);
  const known = [...new Set(candidates.flatMap((h) => h.models))];
  const named = known.filter((m) => names(text, m));
  return named.filter((m) => !named.some((other) => other !== m && spaced(other).includes(spaced(m))));
}

/** Only among the first candidates: further down, the model's section is about nothing the question asks. */
export const NEAR_RANKS = 8;

/**
 * For each model the question names, the best-ranked shipped section whose heading names it, unless a
 * section shown already does; at most `max`, in the order of the ranking.
 */
export function namedModelSections(question: string, ranked: readonly RankedHit[], shown: readonly RankedHit[], max = 2): RankedHit[] {
  const near = ranked.slice(0, NEAR_RANKS);
  const models = modelsNamedIn(question, near);
  const headed = (h: RankedHit, m: string) => h.businessId === null && names(spaced(h.title), m);
  const covered = (m: string, hits: readonly RankedHit[]) => hits.some((h) => names(spaced(h.title), m));
  const added: RankedHit[] = [];
  for (const m of models) {
    if (added.length >= max || covered(m, [...shown, ...added])) continue;
    const own = near.find((h) => headed(h, m) && !shown.includes(h));
    if (own && !added.includes(own)) added.push(own);
  }
  return added;
}
