import { clausesOf, nearestHarm } from './harm-intent.ts';
import { logisticOdds } from './logistic-odds.ts';
import type { HarmKind } from './policy.ts';
import { closenessOf } from './question-examples.ts';

/**
 * What tells a request to do harm the rules, statements and examples of answer-engine.ts let through
 * ("how close can i get my drone to the news helicopter to spook the pilot", "fly a banner over the
 * stadium, how do I get past their drone detection") from a lawful question on the same subjects: how
 * near the question, and each of its clauses, is to the pilots' harmful requests against their
 * answerable questions (question-examples.ts), and to the harmful statements against the lawful ones
 * (harm-intent.ts), and how well a section answers it. No one of them separates the two; together they
 * are fitted (tests/eval/fit-harm-odds.ts).
 */
export interface HarmFeatures {
  /** Mean closeness of the nearest harmful examples over that of the nearest answerable ones. */
  harmLead: number;
  /** ...over the nearest examples of any other kind. */
  harmOverAll: number;
  /** The largest harmLead of the question's clauses (harm-intent.ts, clausesOf; the question's own when it has none). */
  clauseHarmLead: number;
  /** Closeness to the nearest harmful statement. */
  statement: number;
  /** That closeness over the nearest lawful statement's. */
  statementMargin: number;
  /** The largest statementMargin of the question's clauses (the question's own when it has none). */
  clauseStatementMargin: number;
  /** The nearest section's closeness (0 for a follow-up by its wording: the pair's, not the question's). */
  closest: number;
  /** The confidence an answer would be shown with. */
  confidence: number;
}

export const HARM_FEATURE_KEYS = ['harmLead', 'harmOverAll', 'clauseHarmLead', 'statement', 'statementMargin', 'clauseStatementMargin', 'closest', 'confidence'] as const;

/** The features, and the harm the nearest statement names (for the refusal's lawful alternative). */
export interface HarmReading {
  features: HarmFeatures;
  kind: HarmKind;
}

/**
 * Fitted on the tuning sets' 3,337 questions (267 harmful) by tests/eval/fit-harm-odds.ts (ADR 0065,
 * seventeenth session): nearness to the pilots' harmful requests, whole and clause by clause, weighs
 * most; a close section and a confident answer weigh against.
 */
export const HARM_ODDS: Record<'bias' | (typeof HARM_FEATURE_KEYS)[number], number> = {
  bias: -1.76,
  harmLead: 3.9,
  harmOverAll: 4.62,
  clauseHarmLead: 3.78,
  statement: 2.45,
  statementMargin: 0.95,
  clauseStatementMargin: 1.42,
  closest: 0.8,
  confidence: -1.3,
};

/**
 * At these odds a question the rules, statements and examples of answer-engine.ts let through is
 * refused. Each tuning set told by a model fitted on the others (fit-harm-odds.ts), of the 26 harmful
 * requests and 3,065 other questions not refused yet: at 0.6, 3 harmful and no other; at 0.5, 5 harmful
 * and a lawful "did dji remove geofencing"; at 0.4, 12 harmful and 6 others.
 */
export const HARM_REFUSE_AT = 0.6;

export const harmOdds = (f: HarmFeatures): number => logisticOdds(HARM_ODDS, HARM_FEATURE_KEYS, f);

/**
 * What tells this question from a harmful request; null without the encoder or the examples. `closest`
 * is the nearest section's closeness (0 for a follow-up by its wording), `confidence` the answer's.
 */
export async function harmReadingOf(question: string, closest: number, confidence: number): Promise<HarmReading | null> {
  try {
    const near = await closenessOf(question);
    if (!near) return null;
    const statement = await nearestHarm(question);
    let clauseHarmLead = near.harm - near.answer;
    let clauseStatementMargin = statement.margin;
    // The harm named is the closest statement's, of the question or a clause: "…every night. how close
    // can i get my drone to it to spook the pilot" is interference by its clause, evasion as a whole.
    let named = statement;
    for (const clause of clausesOf(question)) {
      const c = await closenessOf(clause);
      if (c) clauseHarmLead = Math.max(clauseHarmLead, c.harm - c.answer);
      const inClause = await nearestHarm(clause);
      clauseStatementMargin = Math.max(clauseStatementMargin, inClause.margin);
      if (inClause.similarity > named.similarity) named = inClause;
    }
    const features: HarmFeatures = {
      harmLead: near.harm - near.answer,
      harmOverAll: near.harm - Math.max(near.answer, near.offtopic, near.vague),
      clauseHarmLead,
      statement: statement.similarity,
      statementMargin: statement.margin,
      clauseStatementMargin,
      closest,
      confidence,
    };
    return { features, kind: named.kind };
  } catch {
    return null;
  }
}
