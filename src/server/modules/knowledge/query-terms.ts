/**
 * A question turned into term groups for the full-text search: each group is one idea of the question
 * with the other ways pilots say it (an abbreviation and its expansion, a synonym). A section "covers" a
 * group when it matches any alternative; coverage is the share of groups a section covers, and it is
 * the main evidence behind the answer's confidence.
 */
export interface TermGroup {
  /** The word as asked (after spelling correction). */
  word: string;
  /** Alternatives: single words or phrases, each searched as a phrase. */
  alternatives: string[];
}

/** Abbreviations and synonyms pilots use; both directions are searched. */
const SYNONYMS: Record<string, string[]> = {
  rth: ['return to home', 'return-to-home'],
  vlos: ['visual line of sight', 'line of sight'],
  bvlos: ['beyond visual line of sight'],
  imu: ['inertial measurement unit'],
  esc: ['electronic speed controller', 'speed controller'],
  tfr: ['temporary flight restriction'],
  tfrs: ['temporary flight restriction'],
  laanc: ['low altitude authorization and notification capability', 'airspace authorization'],
  agl: ['above ground level'],
  fpv: ['first person view', 'goggles'],
  rid: ['remote id'],
  vo: ['visual observer'],
  pic: ['remote pilot in command'],
  notam: ['notice to air missions'],
  notams: ['notice to air missions'],
  cbo: ['community-based organization'],
  fria: ['faa-recognized identification area'],
  trust: ['recreational uas safety test'],
  kp: ['k-index', 'geomagnetic'],
  gnss: ['gps', 'satellites'],
  gps: ['satellites', 'gnss'],
  atti: ['attitude mode'],
  props: ['propellers'],
  prop: ['propeller'],
  propellers: ['props'],
  batteries: ['battery'],
  batt: ['battery'],
  lipo: ['battery', 'lithium polymer'],
  mph: ['miles per hour'],
  takeoff: ['take-off', 'take off'],
  'take-off': ['takeoff'],
  preflight: ['pre-flight'],
  max: ['maximum'],
  maximum: ['max'],
  min: ['minimum'],
  lowest: ['minimum'],
  highest: ['maximum'],
  fast: ['speed', 'quickly', 'seconds', 'how long'],
  approval: ['authorization', 'approved'],
  approve: ['authorization', 'approved'],
  permission: ['authorization', 'waiver'],
  quickly: ['speed'],
  temp: ['temperature'],
  temps: ['temperature'],
  rec: ['recreational'],
  alt: ['altitude'],
  sats: ['satellites'],
  ghz: ['frequency band'],
  altitude: ['height', 'how high'],
  high: ['altitude', '400 feet'],
  height: ['altitude'],
  night: ['civil twilight', 'anti-collision lighting'],
  dark: ['night'],
  cert: ['certificate'],
  license: ['certificate', 'remote pilot certificate'],
  licence: ['certificate', 'remote pilot certificate'],
  test: ['knowledge test', 'exam'],
  exam: ['knowledge test'],
  register: ['registration'],
  registering: ['registration'],
  crash: ['accident'],
  crashed: ['accident'],
  wind: ['gusts', 'wind speed'],
  windy: ['wind'],
  cold: ['winter', 'low temperature'],
  winter: ['cold'],
  rain: ['water', 'precipitation'],
  storage: ['store'],
  store: ['storage'],
  swollen: ['swelling', 'puffed'],
  puffy: ['swelling'],
  calibrate: ['calibration'],
  calibrating: ['calibration'],
  update: ['firmware'],
  firmware: ['update'],
  lost: ['signal loss', 'flyaway'],
  flyaway: ['fly away', 'flyaways'],
  drift: ['drifting'],
  drifting: ['drift'],
  tilted: ['tilt', 'horizon'],
  cinematic: ['cinematic', 'smooth'],
  waypoint: ['waypoints', 'mission'],
  waypoints: ['waypoint', 'mission'],
  orbit: ['point of interest', 'circle'],
  stadium: ['stadiums', 'sporting event'],
  park: ['national park'],
  parks: ['national park'],
  weight: ['55 pounds', '250 grams'],
  grams: ['250 g'],
  checklist: ['pre-flight', 'preflight'],
};

/**
 * Words that carry no meaning of their own in a drone question. They stay out of the coverage count:
 * "how do I fly my drone at night" is about night, not about drones.
 */
const GENERIC = new Set(
  (
    'a an the and or but if then so of to in on at by for with from about as into over under up down out off ' +
    'is are was were be been being am do does did doing have has had having can could should would will shall may might must ' +
    'i me my mine we our you your he she it its they them their this that these those there here what which who whom whose ' +
    'how why when where any some all each every no not only own same such than too very just also really ' +
    'drone drones uav uas quadcopter aircraft fly flying flew flown flight fight get got make need needs want like ' +
    'please tell know help thanks thank okay ok good best way ways thing things much many one two use using used ' +
    'am anyone someone something keep keeps doing done go going still ' +
    // contractions, without their apostrophe
    'doesnt dont cant wont isnt arent didnt im ive whats hows thats theres ' +
    // words of vagueness: "it doesn't work", "acting weird" say something is wrong, not what
    'work works working worked weird acting problem problems issue issues wrong stuff happen happened happening right ' +
    // manner words: "safely", "legally" ask how, the rest of the question says what
    'safely properly correctly legally actually exactly usually normally easily'
  ).split(/\s+/),
);

const STEM_SUFFIXES = /(ing|ed|es|s)$/;

/** Lowercase words of at most 40 letters or digits, apostrophes dropped; at most 30 of them. */
export function questionWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9.]+/)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w.length > 0 && w.length <= 40)
    .slice(0, 30);
}

export const isGeneric = (word: string): boolean => GENERIC.has(word);
/** Words the synonym table knows are never spelling-corrected ("sats" is not "seats"). */
export const hasSynonyms = (word: string): boolean => Object.hasOwn(SYNONYMS, word);

/** The term groups of a question's meaningful words (duplicates and generic words removed). */
export function termGroups(words: string[], skip: ReadonlySet<string> = new Set()): TermGroup[] {
  const groups: TermGroup[] = [];
  const seen = new Set<string>();
  for (const word of words) {
    if (isGeneric(word) || skip.has(word) || word.length < 2) continue;
    const key = word.replace(STEM_SUFFIXES, '');
    if (seen.has(key)) continue;
    seen.add(key);
    // "250g", "5.8ghz": the knowledge base writes the number and the unit apart.
    const unit = /^(\d+(?:\.\d+)?)([a-z]+)$/.exec(word);
    const split = unit ? [`${unit[1]} ${unit[2]}`] : [];
    groups.push({ word, alternatives: [word, ...split, ...(SYNONYMS[word] ?? [])] });
  }
  return groups;
}

/** One alternative as a tsquery phrase: letters and digits only, words joined by <->. */
export function phraseQuery(alternative: string): string | null {
  const parts = alternative
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (parts.length === 0) return null;
  return parts.length === 1 ? (parts[0] ?? null) : `(${parts.join(' <-> ')})`;
}

/** A group as a tsquery: its alternatives OR-ed. */
export function groupQuery(group: TermGroup): string | null {
  const alts = group.alternatives.map(phraseQuery).filter((q): q is string => q !== null);
  if (alts.length === 0) return null;
  return alts.length === 1 ? (alts[0] ?? null) : `(${alts.join(' | ')})`;
}

/** Words that mark a follow-up that leans on the previous question ("and at night?"). */
const FOLLOW_UP_START = /^(and|what about|how about|also|but|what if|same|then|ok and|okay and)\b/;

/** It starts as only a follow-up does ("and at night?", "what about the Mini 4?"). */
export const startsLikeFollowUp = (question: string): boolean => FOLLOW_UP_START.test(question.toLowerCase().trim());
const PRONOUNS = /\b(it|that|this|those|them|there|its)\b/;

/**
 * The question leans on the one before ("and at night?", "can I change it so it just hovers instead?"):
 * it starts like a follow-up, or points back with a pronoun and says little itself or names nothing
 * only drones have (the thing it points to was named before).
 */
export function isFollowUp(question: string, groups: TermGroup[]): boolean {
  const q = question.toLowerCase().trim();
  if (FOLLOW_UP_START.test(q)) return true;
  return PRONOUNS.test(q) && (groups.length <= 2 || !namesDronesClearly(groups.map((g) => g.word)));
}

/** Words that place a question in the product's domain even when the knowledge base lacks them. */
const DOMAIN = new Set(
  (
    'drone drones uav uas quadcopter quad fpv dji autel skydio parrot anafi mavic mini avata evo phantom inspire ' +
    'matrice propeller propellers propellor props prop battery batteries lipo gimbal camera motor motors esc compass imu ' +
    'gps gnss rth firmware controller faa 107 airspace laanc tfr notam waiver pilot pilots fly flying flight flights ' +
    'altitude agl hover takeoff remote id registration register certificate license licence nd filter filters ' +
    'shutter cinematic activetrack waypoint waypoints orbit ghz antenna sats satellites recreational flyer flyers ' +
    'laanc trust 250g mph knots vlos bvlos observer goggles obstacle sensors geofence landing preflight checklist ' +
    'whoop whoops cinewhoop betaflight elrs expresslrs failsafe'
  ).split(/\s+/),
);

/**
 * A drone named by its model line and version ("mini 4 pro", "air 2s", "mavic 3 classic", "dji neo")
 * or an FPV quad by its propeller size ("my 5 inch", "a 7in"): "air" and "mini" alone are everyday
 * words, with a version they are a drone ("light drizzle is fine for mini 4 pro right").
 */
const DRONE_MODEL = new RegExp(
  [
    '\\b(mini|air|mavic|avata|phantom|inspire|matrice|evo|anafi|agras|spark|flip|neo|tello) (\\d[\\w.+]*|se|pro|classic|cine|lite|nano|ii|iii|fpv)\\b',
    '\\bdji (neo|flip|spark|tello|fpv)\\b',
    '\\b(my|a|the|your|his|her) \\d{1,2}(\\.\\d)? ?(inch|inches|in|inchers?)( (quad|drone|build|fpv|freestyle|frame|rig)|$)',
  ].join('|'),
);

export const namesDroneModel = (words: string[]): boolean => DRONE_MODEL.test(words.join(' '));

export const mentionsDomain = (words: string[]): boolean => words.some((w) => DOMAIN.has(w)) || namesDroneModel(words);

/**
 * Domain words just as common outside drones: "the cheapest flight to Paris", "a camera for portraits",
 * "how do I become an airline pilot". Alone they do not make a question ours; closeness in meaning to
 * a section must (answer-engine.ts).
 */
const SHARED = new Set(
  (
    'fly flying flight flights pilot pilots camera motor motors battery batteries controller license licence ' +
    'register registration certificate filter filters shutter cinematic antenna mph knots landing checklist observer ' +
    'obstacle sensors remote id ghz satellites sats orbit altitude compass gps firmware waiver trust recreational ' +
    'mini air evo phantom inspire hover takeoff'
  ).split(/\s+/),
);

/** The question names something only drones have (a drone, its maker, its rules' own terms). */
export const namesDronesClearly = (words: string[]): boolean => words.some((w) => DOMAIN.has(w) && !SHARED.has(w)) || namesDroneModel(words);
