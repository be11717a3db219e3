import { statementSet } from './statement-closeness.ts';

/**
 * Subjects that share words with drones but are not about them (ADR 0065, update of the fifth
 * session): riding an airliner, flying a manned aircraft, a hand-held camera, a car's battery, the
 * weather for a day out, and so on. A question closer in meaning to one of these than to every
 * knowledge-base section and every drone version of the subject (by OFF_DOMAIN_MARGIN, or
 * OFF_DOMAIN_MARGIN_NAMING_DRONES when it uses a word only drones have) is declined however many words
 * it shares: "is turbulence on a 737 dangerous" matched the drone turbulence
 * section at 0.93 confidence before. Statements describe a whole subject, never one question.
 */
const STATEMENTS = [
  ['travel', 'flying as a passenger on an airline flight, turbulence, delays and luggage'],
  ['travel', 'booking cheap plane tickets and hotels for a trip'],
  ['aviation', 'becoming an airplane or helicopter pilot: flight school, training cost and career'],
  ['aviation', 'flying a Cessna or a private plane, a private pilot licence'],
  ['photography', 'camera settings for portraits or a wedding with a mirrorless or DSLR camera: ISO, aperture, lens'],
  ['photography', 'taking better photos with my phone camera'],
  // Not "my phone battery drains fast": a pilot's "battery drains fast in the cold" is about the drone's,
  // and the encoder puts the two closer than any drone wording of it (fit-off-domain.ts).
  ['devices', 'my car battery keeps dying, the alternator and jump starting'],
  ['weather', 'the weather forecast for a picnic, the beach or a wedding this weekend'],
  ['nature', 'how birds, insects and other animals fly and hover'],
  ['travel', 'sightseeing on vacation: helicopter tours, boat trips and hotels'],
  ['boats', 'boats and outboard motors: propellers, engines and fishing'],
  ['devices', 'settings and apps on my Samsung or iPhone phone: compass, GPS and updates'],
  ['devices', 'my home wifi router and modem: setup, signal and firmware updates'],
  ['nature', 'honey bees and the hive: the queen, workers and male drones'],
  ['everyday', 'geography facts: the capital, elevation, population or distance of a country, city or mountain'],
  ['everyday', 'music, bands, songs and concerts'],
  ['everyday', 'cooking a recipe, sports scores, movies, stocks and homework'],
  ['everyday', 'fixing my computer, wifi, printer or television'],
  ['devices', 'my phone, laptop or tablet battery: battery health, replacing it and power banks'],
  ['hobbies', 'RC cars, kites, model rockets and other toys'],
  ['devices', 'my car or truck: its GPS navigation, battery, engine or electric motor'],
  ['everyday', 'hiking and camping: trails, a map and compass, gear'],
  // The knowledge base covers the drone's own video settings now (4K, colour, white balance); choosing or
  // calibrating the computer that edits them is another subject.
  ['devices', 'choosing a laptop, computer or monitor for photo and video editing, and calibrating its screen'],
  // Eighth session: subjects of the off-topic questions pilots' wordings were answered for (unseen-6),
  // each written as a whole subject like the others, never as one question.
  ['aviation', 'flight simulator games for airplanes, such as Microsoft Flight Simulator or X-Plane'],
  ['travel', 'comfort on a long airline flight: seats, headphones, jet lag and sleep'],
  ['everyday', 'the time, the time zone, or sunrise and sunset times in a city'],
  ['sports', 'golf, tennis, baseball and other sports: the swing, the ball and the wind on the course'],
  ['hobbies', 'flying a kite or a stunt kite, folding paper airplanes, throwing a frisbee'],
  ['hobbies', 'RC cars and trucks: the ESC, the motor, the servo and the batteries'],
  ['software', '3D modelling, animation and game engines: Blender, Unity, rotations and rendering'],
  ['everyday', 'drone music, ambient and drone metal: genres, albums and making the sound in a music app'],
  ['devices', 'phone gimbals, selfie sticks and tripods for vlogging with a smartphone'],
  ['devices', 'household gadgets and appliances: smoke detectors, garage door openers, TV remotes and their batteries'],
  ['hobbies', 'fitness and outdoor sports gear: GPS watches, running, cycling and fishing'],
  ['travel', 'travel documents and money abroad: visas, passports, customs and exchange rates'],
  ['aviation', 'other aircraft: hot air balloons, gliders, airships, fighter jets and airliners'],
  // Tenth session: subjects of unseen-8's off-topic questions that were answered or asked about.
  ['devices', 'action cameras and handheld stabilised cameras for travel vlogs: GoPro, Insta360 and the Osmo Pocket'],
  ['aviation', 'paragliding, hang gliding, paramotors and skydiving: wings, lessons and gear'],
  ['aviation', 'plane spotting: where to watch and photograph airliners landing at an airport'],
  ['everyday', 'musical instruments: bagpipes, guitars, violins, their reeds, strings and tuning'],
  ['devices', 'yard and garden tools: leaf blowers, lawn mowers, trimmers and chainsaws, their noise and engines'],
] as const;

/**
 * The same subjects as a drone pilot asks about them: an outside subject must beat these too, since a
 * pilot's "battery drains fast in the cold" is about the drone's even when no section words it so.
 */
const INSIDE = [
  'flying with my drone and its batteries on an airline flight',
  'becoming a drone pilot: the Part 107 test, training and cost',
  'camera and video settings for my drone: ISO, shutter speed and ND filters',
  'my drone battery drains fast, will not charge or needs replacing',
  'my drone controller or flight app keeps disconnecting or crashing',
  'is the weather and wind good enough to fly my drone',
  'how my drone hovers and holds its position',
  'taking sharp, well exposed photos and videos with my drone camera',
];

const subjects = statementSet(STATEMENTS, INSIDE);

/**
 * Chosen on the tuning sets (tests/eval/fit-off-domain.ts): how much closer to an outside subject
 * than to the nearest section or drone version of it a question must be to be declined on that ground.
 * There, answerable questions naming nothing only drones have were at least 0.047 further from an
 * outside subject; off-topic ones spread from 0.36 down to -0.30 (the others are caught by the rules of
 * answer-engine.ts).
 */
export const OFF_DOMAIN_MARGIN = 0;

/**
 * A question using a word only drones have ("drone bees", "propeller pitch for my outboard", "a nervous
 * flyer") must be clearly closer to an outside subject: on the tuning sets such off-topic questions were
 * 0.066 to 0.36 closer, the answerable ones at least 0.098 further.
 */
export const OFF_DOMAIN_MARGIN_NAMING_DRONES = 0.05;

/** The outside subject the question is about, or null (null too when the encoder is unavailable). */
export async function outsideSubject(question: string, nearestSection: number, namesDrones = false): Promise<string | null> {
  const margin = namesDrones ? OFF_DOMAIN_MARGIN_NAMING_DRONES : OFF_DOMAIN_MARGIN;
  try {
    const near = await subjects.nearest(question);
    return near.similarity - Math.max(nearestSection, near.counter) >= margin ? near.kind : null;
  } catch {
    return null;
  }
}

/** For the tuning script: the nearest outside subject's similarity, and the nearest inside statement's. */
export async function nearestOutside(question: string): Promise<{ outside: number; inside: number }> {
  const near = await subjects.nearest(question);
  return { outside: near.similarity, inside: near.counter };
}

/**
 * Machines that share a drone's parts but are not drones: a question about one of their parts ("my
 * laptop battery", "the compass on my samsung phone", "my rc car brushless motor", "tesla batteries")
 * or about flying a kite is about that machine. The encoder puts such questions next to the drone
 * part's section, closer than to every statement of the subject (ADR 0065, sixth session), so they are
 * recognised by their words.
 */
const HANDHELD = '(iphone|android|samsung|pixel|laptop|macbook|chromebook|tablet|ipad)';
const VEHICLE = '(car|cars|truck|tesla|traxxas|boat|outboard|e-?bike|scooter|airliner|cessna)';
const PART = '(battery|batteries|gps|compass|motor|motors|esc|engine|camera|gimbal|props?|propellers?)';
// Household things with a battery or a motor: "my electric toothbrush won't hold a charge".
const GADGET = '(toothbrush|shaver|razor|vacuum|roomba|headphones|earbuds|airpods|smartwatch|apple watch|garmin|flashlight|drill|lawn ?mower|vape|e-?cig)';
// "my car gps", "the compass on my samsung phone", "the prop on a 9.9hp yamaha outboard", "on my samsung,
// how do i calibrate the compass", but not "the compass in my car" (where a drone may sit).
const ANOTHER_MACHINE = new RegExp(
  `\\b((${HANDHELD}|${VEHICLE})('?s)? (\\w+ )?${PART}|${PART} (on|in|of) (my|a|the|his|her) ${HANDHELD}|${PART} (on|of|for) (my|a|the|his|her) ([\\w.]+ ){0,2}${VEHICLE}|(on|in) my ${HANDHELD}\\b.{0,30}\\b${PART}|${GADGET}('?s)? ([\\w']+ ){0,3}(${PART}|charge|charging|charger)|fly(ing)? (a|my) (\\w+ ){0,4}kites?)\\b`,
);

// A drone itself, not one of the parts it shares with other machines (an ESC, a gimbal, a LiPo).
const NAMES_AN_AIRCRAFT = /\b(drones?|quad\w*|uavs?|uas|fpv|whoops?|dji|autel|skydio|parrot|anafi|mavic|avata|phantom|inspire|matrice)\b/;

/**
 * The question is about another machine's part and names no drone: "my rc car esc keeps cutting out"
 * names a part only drones have among the knowledge base's words (an ESC), yet is about the car.
 */
export const namesAnotherMachine = (lowerQuestion: string): boolean => ANOTHER_MACHINE.test(lowerQuestion) && !NAMES_AN_AIRCRAFT.test(lowerQuestion);
