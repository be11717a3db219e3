import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { groupQuery, type TermGroup } from './query-terms.ts';
import { vocabularyAt, type Vocabulary } from './vocabulary.ts';

/** A word and its plain English variants (batteries, battery), as the vocabulary stores words unstemmed. */
function variants(word: string): string[] {
  const out = [word];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  else if (word.endsWith('es')) out.push(word.slice(0, -2), word.slice(0, -1));
  else if (word.endsWith('s')) out.push(word.slice(0, -1));
  else out.push(`${word}s`);
  return out;
}

/**
 * How many sections hold each group, from the vocabulary's counts: a phrase counts as its rarest word,
 * a group as its commonest alternative. The counts span every business's documents, an overestimate
 * that only makes a word look commoner.
 */
export function documentFrequencies(vocabulary: Vocabulary, groups: TermGroup[]): { groupDf: number[]; total: number } {
  const phrases = groups.map((g) => g.alternatives.map((a) => a.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)));
  const df = (word: string) => Math.max(...variants(word).map((v) => vocabulary.counts.get(v) ?? 0));
  const groupDf = phrases.map((alts) => Math.max(0, ...alts.filter((p) => p.length).map((p) => Math.min(...p.map(df)))));
  return { groupDf, total: Math.max(vocabulary.sections, ...groupDf) };
}

export interface SearchResult {
  hits: SectionHit[];
  /** Per term group, how many sections (of all searched) match it: rare ideas weigh more. */
  groupDf: number[];
  /** How many sections were searched. */
  total: number;
}

export interface SectionHit {
  id: string;
  articleKey: string;
  businessId: string | null;
  articleTitle: string;
  title: string;
  topic: string;
  makers: string[];
  models: string[];
  body: string;
  citation: string;
  url: string | null;
  /** ts_rank_cd, normalised by the section's length. */
  rank: number;
  /** Per term group of the search, whether the section matches it. */
  covered: boolean[];
  /** How many term groups the section's title matches. */
  titleHits: number;
  /** Per term group of the search, whether the section's title matches it. */
  titleCovered: boolean[];
}

/**
 * Misspelt words replaced by the closest word of the knowledge base's vocabulary (pg_trgm similarity),
 * for words of 4 letters or more that the vocabulary lacks. Known words and numbers are left alone,
 * except a rare word that is a common one with a doubled letter single ("compas", "propeler"): articles
 * list such misspellings among their keywords, which makes them known words, and the sentence encoder
 * reads the usual spelling far better. Common means RARE_SPELLING_RATIO times as many sections.
 */
const RARE_SPELLING_RATIO = 5;

/**
 * The word with two neighbouring letters swapped, each way: the commonest slip ("regsiter"), which
 * trigram similarity misses (it shares 5 of 13 trigrams with "register").
 */
export function transpositions(word: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < word.length; i += 1) {
    if (word[i] !== word[i - 1]) out.push(word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1));
  }
  return out;
}

/** The word with one of its letters doubled ("compas" → "ccompas", "coompas", …, "compass"). */
export function doubledLetters(word: string): string[] {
  return [...new Set([...word].map((c, i) => word.slice(0, i + 1) + c + word.slice(i + 1)))];
}

export async function correctSpelling(db: DbOrTx, words: string[], vocabulary: Vocabulary): Promise<Map<string, string>> {
  const candidates = [...new Set(words.filter((w) => /^[a-z]{4,30}$/.test(w)))];
  const { counts } = vocabulary;
  // Of the options, the word most sections hold, if one holds at least `atLeast` (the first of a tie).
  const commonest = (options: string[], atLeast = 1) => {
    let best: string | undefined;
    let most = atLeast - 1;
    for (const o of options) {
      const n = counts.get(o) ?? 0;
      if (n > most) [best, most] = [o, n];
    }
    return best;
  };
  const fixes = new Map<string, string>();
  const unknown: string[] = [];
  for (const w of candidates) {
    const own = counts.get(w);
    // A known word: a commoner one with a doubled letter it has single ("compas").
    const fix = own === undefined ? commonest(transpositions(w)) : commonest(doubledLetters(w), own * RARE_SPELLING_RATIO);
    if (fix && fix !== w) fixes.set(w, fix);
    else if (own === undefined) unknown.push(w);
  }
  if (unknown.length === 0) return fixes;
  // The closest word by trigrams, for the unknown words no swap fixes: the only part left to the database.
  const result = await db.execute<{ w: string; fix: string | null }>(sql`
    /* knowledge: spelling */
    select q.w,
      (select k.word from knowledge_words k
        where k.word % q.w and similarity(k.word, q.w) >= 0.5
        order by similarity(k.word, q.w) desc, k.sections desc
        limit 1) as fix
    from jsonb_array_elements_text(${JSON.stringify(unknown)}::jsonb) as q(w)
  `);
  for (const row of result.rows) if (row.fix && row.fix !== row.w && isTypoOf(row.w, row.fix)) fixes.set(row.w, row.fix);
  return fixes;
}

/** Letters to insert, delete or replace to turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/**
 * A correction the vocabulary offers is taken only when it looks like a typing slip: one letter off in a
 * short word, two in a longer one, and not the word with letters cut off ("lawn" is not "law", "deer" is
 * not "deeper", "router" is not "route"): those are other words the knowledge base happens not to use.
 */
export function isTypoOf(word: string, fix: string): boolean {
  if (word.includes(fix)) return false;
  return editDistance(word, fix) <= (word.length <= 5 ? 1 : 2);
}

/**
 * The sections matching any term group (and those `include` names, the semantic candidates), shipped ones and, for a business's users, the business's own,
 * best first by PostgreSQL's cover-density rank. Per group coverage comes back with each hit, so the
 * caller can weigh how much of the question a section answers.
 */
export async function searchSections(
  db: DbOrTx,
  groups: TermGroup[],
  opts: { businessId: string | null; limit?: number; include?: string[]; version: string },
): Promise<SearchResult> {
  const queries = groups.map(groupQuery).filter((q): q is string => q !== null);
  const include = opts.include ?? [];
  if (queries.length === 0 && include.length === 0) return { hits: [], groupDf: [], total: 0 };
  const groupsJson = JSON.stringify(queries);
  const { groupDf, total } = queries.length ? documentFrequencies(await vocabularyAt(db, opts.version), groups) : { groupDf: [], total: 1 };
  // Ranking every section that holds a word most sections hold ("battery" in an operator's manuals)
  // costs much and decides little: such words still count toward coverage, but only the selective ones
  // pick the candidates (all of them when none is selective).
  const selectiveLimit = Math.max(50, total * 0.2);
  const selective = queries.filter((_, i) => (groupDf[i] ?? 0) <= selectiveLimit);
  // No word to search for matches nothing ('' is an empty tsquery): only the included sections come back.
  const full = (selective.length ? selective : queries).join(' | ');
  // Equal ranks are ordered by article and position: a tie left to the rows' physical order made one
  // question's answer differ between two processes of the same knowledge base ("whats part 108").
  // Each group's tsquery is parsed once, and coverage and title hits are worked out for the ranked top
  // rows only, not for every candidate (the cost of this statement grew with the candidates: ADR 0018).
  // The included sections the words did not find come in the same statement, after the ranked ones,
  // each by its primary key: one statement, not two, a few milliseconds less on PGlite (ADR 0065,
  // fifteenth session); one "matches or is included" condition would scan every section instead.
  const business = sql`(s.business_id is null or s.business_id = ${opts.businessId})`;
  const columns = sql`s.id, s.article_key, s.business_id, s.article_title, s.title, s.topic, s.makers, s.models, s.body,
    s.citation, s.url, s.search, s.position, ts_rank_cd(s.search, q.query, 1)::float8 as rank`;
  const result = await db.execute<Omit<SectionHit, 'titleHits'> & Record<string, unknown>>(sql`
    /* knowledge: search */
    with q as (select to_tsquery('english', ${full}) as query),
    g as (
      select t.i, to_tsquery('english', t.value) as query
      from jsonb_array_elements_text(${groupsJson}::jsonb) with ordinality as t(value, i)
    ),
    ranked as (
      select ${columns}, 0 as part
      from knowledge_sections s, q
      where ${queries.length > 0} and s.search @@ q.query and ${business}
      order by rank desc, s.article_key, s.position
      limit ${opts.limit ?? 40}
    ),
    included as (
      select ${columns}, 1 as part
      from knowledge_sections s, q
      where s.id in (select (jsonb_array_elements_text(${JSON.stringify(include)}::jsonb))::uuid)
        and s.id not in (select id from ranked) and ${business}
    ),
    top as (select * from ranked union all select * from included)
    select top.id, top.article_key as "articleKey", top.business_id as "businessId", top.article_title as "articleTitle",
      top.title, top.topic, top.makers, top.models, top.body, top.citation, top.url, top.rank,
      array(select top.search @@ g.query from g order by g.i) as covered,
      array(select t.title_vector @@ g.query from g order by g.i) as "titleCovered"
    from top, lateral (select to_tsvector('english', top.title) as title_vector) t
    order by top.part, top.rank desc, top.article_key, top.position
  `);
  return { hits: result.rows.map((h) => ({ ...h, titleHits: h.titleCovered.filter(Boolean).length })), groupDf, total };
}
