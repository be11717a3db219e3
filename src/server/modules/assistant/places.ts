/**
 * Countries and regions whose drone rules differ from the FAA's, as pilots name them, and the words
 * for "somewhere else". A section whose heading names one answers for that place only: the knowledge
 * base is written for US pilots, so a question naming no place ("do I need to register my Mini if it's
 * under 250 g") is about the US and must not be answered from the EU's registration rules (rank-hits.ts
 * lowers such a section's preference, like a section written for another maker).
 */
const PLACES = [
  'abroad', 'overseas', 'foreign', 'international', 'another country', 'other countr(y|ies)', 'outside the (us|usa|united states)',
  'canada', 'canadian', 'mexico', 'mexican', 'eu', 'europe', 'european', 'easa', 'uk', 'britain', 'british', 'england', 'scotland',
  'wales', 'ireland', 'irish', 'japan', 'japanese', 'tokyo', 'australia', 'australian', 'new zealand', 'germany', 'german', 'france',
  'french', 'paris', 'italy', 'italian', 'spain', 'spanish', 'portugal', 'greece', 'netherlands', 'switzerland', 'swiss', 'austria',
  'norway', 'iceland', 'sweden', 'denmark', 'finland', 'croatia', 'china', 'india', 'thailand', 'bali', 'indonesia', 'vietnam',
  'philippines', 'korea', 'singapore', 'dubai', 'uae', 'egypt', 'morocco', 'costa rica', 'caribbean', 'bahamas', 'jamaica', 'peru',
  'brazil', 'argentina', 'chile', 'colombia', 'south africa', 'kenya', 'israel', 'turkey',
];
const PLACE = new RegExp(`\\b(${PLACES.join('|')})\\b`, 'i');

/** The text names a country or region other than the US, or being outside it. */
export const namesPlace = (text: string): boolean => PLACE.test(text);
