import type { HarmKind } from './policy.ts';
import { statementSet } from './statement-closeness.ts';

/**
 * Requests to do harm, recognised by meaning (ADR 0065): each kind is described by a few plain
 * statements of the intent, and a question as close in meaning to one of them as HARM_SIMILARITY is
 * refused. The patterns of policy.ts catch the plain wordings at no cost; this catches the others
 * ("rig my quad to carry a blade", "lose the cops with my drone") without listing sentences. The
 * statements describe what is done and to whom, so a rules question about the same subject ("can I
 * drop things from my drone", "does my drone need Remote ID") stays further away.
 */
const INTENTS: Record<HarmKind, string[]> = {
  weapon: [
    'attach a gun, a knife, a blade or an explosive to my drone to hurt someone',
    'turn my drone into a weapon',
    'make a drone that can shoot or attack people',
    'mount a laser, a paintball gun or a firework on my drone and aim it at a person',
    'make my drone explode or set it off when it hits a car or a person',
  ],
  dropping: [
    'drop something on people or a crowd from my drone to hurt or scare them',
    'drop paint, rocks or liquid on cars or a house from a drone',
    'spray people with something from my drone',
    'set someone’s car or house on fire with my drone',
    'release a heavy object from my drone over a road or a crowd so it hits someone',
    'pour or tip a hot drink, powder or liquid onto a person from my drone',
  ],
  evasion: [
    'turn off or spoof Remote ID so the police cannot track my drone',
    'fly into a TFR or restricted airspace without being caught',
    'escape or hide my drone from the police',
    'get around the geofence to fly over an airport without permission',
    'fly where it is forbidden without the police, the FAA or drone detection noticing me',
    'install firmware that removes the no-fly zones and TFR lockout so I can fly near a VIP or an airport',
  ],
  interference: [
    'jam or take down another drone',
    'shoot down or disable my neighbour’s drone',
    'interfere with a police or firefighting aircraft',
    'take control of or hijack someone else’s drone',
    'make airplanes abort their landing or fly my drone in the way of jets and firefighting tankers',
    'overpower another pilot’s video signal so his drone crashes',
    'crash my drone into another drone or its pilot on purpose',
  ],
  privacy: [
    'spy on my neighbour through her window with my drone',
    'follow and film someone without them knowing',
    'stalk my ex with a drone',
    'secretly film a person at home, in their yard or by their pool without their consent',
    'look into people’s windows or bedrooms with my drone camera',
    'use my drone zoom to find out where my ex lives or to read someone’s phone screen or password',
    'follow someone’s car with my drone to track where they go',
  ],
  harassment: ['chase or buzz people, horses or wildlife with my drone to scare them'],
  contraband: [
    'fly drugs or a phone into a prison with my drone',
    'smuggle contraband across the border with a drone',
    'fly goods across the border at night so border patrol cannot see',
    'get paid to carry packages across the river at night with my drone',
  ],
};

/**
 * The lawful questions on the same subjects. A sentence encoder places text by subject first ("Remote
 * ID", "my neighbour's drone"), so a harmful intent is recognised by being closer to a harmful
 * statement than to any of these, not by its closeness alone.
 */
const LAWFUL = [
  'does my drone need Remote ID and how does it work',
  'can I fly my drone over my neighbour’s house or private property',
  'can I drop or release things from my drone under Part 107',
  'what do I do when my drone flies away on its own',
  'how do I get permission to fly near an airport or in a TFR',
  'how do I unlock a DJI geofence zone legally',
  'what should I do if police ask me about my drone',
  'how do I carry a payload or a spotlight on my drone',
  'my drone',
  'can I fly my drone near a prison or a stadium',
  'can I legally fly my drone or a delivery across the border to another country',
  'what happens if I accidentally fly into a TFR or a no-fly zone',
  'my neighbour threatens to shoot down my drone, is that legal',
  'can I follow and film a moving car or a boat with my drone',
  'someone may be spying on me with a drone, how do I report it',
  'how do I get the FAA to let me fly farther than I can see my drone (a BVLOS waiver)',
  'I found a lost drone, what should I do with it',
];

/**
 * Chosen on the tune half and the development set (tests/eval/fit-harm.ts prints both sides): the
 * harmful questions there are ≥ 0.64 close to a harmful statement and, but one the patterns catch,
 * ≥ 0.10 closer to it than to any lawful question; the harmless ones are either < 0.48 close or closer
 * to a lawful question (by ≥ 0.08). Both thresholds sit in the middle of those gaps.
 */
export const HARM_SIMILARITY = 0.6;
/** ...and at least this much closer to it than to the nearest lawful question. */
export const HARM_MARGIN = 0.01;
/**
 * A clause of the question must be this much closer: a short clause ("can that go in checked bags") is
 * nearer every statement than a whole question. Chosen on the tuning sets' false refusals and on one half
 * of a separate set of 60 harmful and 60 lawful requests written blind (ADR 0065, tenth session); on its
 * other half clauses caught 16 of 28 harmful requests against 12 for the whole question, with the same 2
 * lawful ones refused.
 */
export const CLAUSE_MARGIN = 0.05;

const intents = statementSet(
  Object.entries(INTENTS).flatMap(([kind, list]) => list.map((text): [HarmKind, string] => [kind as HarmKind, text])),
  LAWFUL,
);

export interface HarmCloseness {
  kind: HarmKind;
  /** Cosine similarity to the nearest harmful statement. */
  similarity: number;
  /** That similarity less the similarity to the nearest lawful question. */
  margin: number;
}

/** How close the question is to the nearest harmful statement, and to the nearest lawful question. */
export async function nearestHarm(question: string): Promise<HarmCloseness> {
  const near = await intents.nearest(question);
  return { kind: near.kind ?? 'weapon', similarity: near.similarity, margin: near.similarity - near.counter };
}

/**
 * The harmful intent of the question by meaning, or null; null too when the encoder is unavailable.
 * `answerable` is the question's similarity to the nearest knowledge-base section: whatever the
 * knowledge base answers is lawful too, so the harmful statement must also beat it by HARM_MARGIN. Ten
 * lawful questions cannot cover every subject a harmful statement shares words with ("leave my drone in
 * the car" is not "hide my drone from the police": the storage section is closer).
 */
export async function harmfulByMeaning(question: string, answerable = 0): Promise<HarmKind | null> {
  try {
    const texts = [question, ...clausesOf(question)];
    for (const [i, text] of texts.entries()) {
      const near = await nearestHarm(text);
      const lawfulMargin = Math.min(near.margin, near.similarity - answerable);
      if (near.similarity >= HARM_SIMILARITY && lawfulMargin >= (i === 0 ? HARM_MARGIN : CLAUSE_MARGIN)) return near.kind;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * Whether the statements agree with the labelled examples (question-examples.ts) that a question is
 * harmful: as close to a harmful statement as to every lawful question, less `tolerance`. The examples
 * hold few lawful uses of a drop release, so "drop a flotation device to a swimmer" or "drop bait 200 m
 * out" sit nearer harmful drops there; the lawful statements tell them apart (ADR 0065, eleventh
 * session: leaving each tuning set out in turn, this spared 3 of 3 lawful questions taken for harm and
 * kept 99 of 115 harmful ones). The harmful statement's kind, or null.
 */
export async function harmConfirmedByStatements(question: string, tolerance = 0): Promise<HarmKind | null> {
  try {
    const near = await nearestHarm(question);
    return near.margin >= -tolerance ? near.kind : null;
  } catch {
    return null;
  }
}

/**
 * The sentences and comma-separated clauses of a longer question, of four words or more: a harmful
 * purpose told in one clause of a long, innocent story ("how much can an air 3 carry? want to rig a
 * release so i can drop stuff into the yard at the state pen") is diluted in the whole question's vector.
 */
export function clausesOf(question: string): string[] {
  const parts = question
    .split(/[.?!;:]+\s*|,\s+|\s+-+\s+/)
    .map((p) => p.trim())
    .filter((p) => p.split(/\s+/).length >= 4);
  return parts.length > 1 ? parts : [];
}
