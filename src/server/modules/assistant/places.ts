/**
 * Countries and regions whose drone rules differ from the FAA's, as pilots name them, and the words
 * for "somewhere else". A section whose heading names one answers for that place only: the knowledge
 * base is written for US pilots, so a question naming no place ("do I need to register my Mini if it's
 * under 250 g") is about the US and must not be answered from the EU's registration rules, and one
 * naming Canada must not be answered from the EU's either (rank-hits.ts lowers such a section's
 * preference, like a section written for another maker).
 */
const ELSEWHERE = 'elsewhere';
const REGIONS: Record<string, string[]> = {
  [ELSEWHERE]: ['abroad', 'overseas', 'foreign', 'international', 'another country', 'other countr(y|ies)', 'outside the (us|usa|united states)'],
  canada: ['canada', 'canadian', 'toronto', 'vancouver', 'montreal', 'banff', 'jasper', 'calgary', 'ottawa', 'quebec', 'ontario', 'alberta', 'british columbia', 'nova scotia'],
  mexico: ['mexico', 'mexican', 'cancun', 'tulum', 'cabo', 'los cabos', 'puerto vallarta', 'playa del carmen', 'cozumel', 'oaxaca', 'yucatan', 'baja'],
  // EASA's rules hold in every EU state and in Norway, Iceland and Switzerland.
  eu: ['eu', 'europe', 'european', 'easa', 'ireland', 'irish', 'germany', 'german', 'france', 'french', 'paris', 'berlin', 'rome', 'madrid', 'barcelona', 'amsterdam', 'italy', 'italian', 'spain', 'spanish', 'portugal', 'greece', 'netherlands', 'switzerland', 'swiss', 'austria', 'norway', 'iceland', 'sweden', 'denmark', 'finland', 'croatia', 'belgium', 'poland', 'czech', 'prague', 'vienna', 'venice', 'florence', 'lisbon', 'dolomites', 'alps', 'tuscany', 'amalfi', 'santorini', 'mallorca', 'ibiza', 'madeira', 'azores', 'faroe'],
  uk: ['uk', 'britain', 'british(?! columbia)', 'england', 'scotland', 'wales', 'london', 'edinburgh', 'manchester', 'northern ireland'],
  japan: ['japan', 'japanese', 'tokyo', 'kyoto', 'osaka', 'hokkaido', 'okinawa', 'mount fuji', 'mt fuji'],
  australia: ['australia', 'australian', 'sydney', 'melbourne', 'brisbane', 'perth', 'adelaide', 'tasmania', 'queensland', 'uluru', 'great barrier reef', 'gold coast'],
  'new zealand': ['new zealand', 'nz', 'auckland', 'queenstown', 'wellington', 'christchurch', 'milford sound'],
  asia: ['china', 'india', 'thailand', 'thai', 'bangkok', 'phuket', 'chiang mai', 'bali', 'indonesia', 'vietnam', 'philippines', 'korea', 'seoul', 'singapore', 'hong kong', 'taiwan', 'malaysia', 'cambodia', 'nepal', 'sri lanka', 'maldives'],
  'middle east and africa': ['dubai', 'uae', 'egypt', 'morocco', 'south africa', 'kenya', 'israel', 'turkey'],
  'latin america': ['costa rica', 'caribbean', 'bahamas', 'jamaica', 'peru', 'brazil', 'argentina', 'chile', 'colombia'],
};
const PATTERNS = Object.entries(REGIONS).map(([region, words]) => [region, new RegExp(`\\b(${words.join('|')})\\b`, 'i')] as const);

/** The regions the text names ("elsewhere" for being outside the US at all). */
export const placesNamed = (text: string): Set<string> => new Set(PATTERNS.filter(([, p]) => p.test(text)).map(([region]) => region));

/** The text names a country or region other than the US, or being outside it. */
export const namesPlace = (text: string): boolean => placesNamed(text).size > 0;

/**
 * How much a section headed `title` is preferred for a question about `asked` (the places the question,
 * or the one it follows, names), like a section for a maker (rank-hits.ts): one naming a place the
 * question names is that place's answer (1.35: after "flying in Canada", "do I need to register my
 * Mini" is Canada's registration rule, not the FAA's); a heading naming no place answers for the US and
 * everywhere alike (1); one naming another place answers only a question about being abroad in general,
 * or is about other countries in general itself (1), and is otherwise another place's answer (0.55).
 */
export function placePreference(title: string, asked: ReadonlySet<string>): number {
  const headed = placesNamed(title);
  if (headed.size === 0) return 1;
  if ([...headed].some((r) => r !== ELSEWHERE && asked.has(r))) return 1.35;
  return asked.size > 0 && (asked.has(ELSEWHERE) || headed.has(ELSEWHERE)) ? 1 : 0.55;
}
