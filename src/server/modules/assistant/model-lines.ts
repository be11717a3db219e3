/**
 * DJI's model lines as pilots and headings name them. A section headed for one line ("Wind resistance
 * Level 5 … for DJI Mini drones") does not answer a question about another ("mavic 3 classic wind
 * resistance?"): the Mavic's figure is not the Mini's. A toy drone (no GPS, trims and a gyro) is a line of
 * its own, named by the word or by what marks one (cheap, a toy brand, no GPS): its sections answer only
 * a question about one, and a Mini's do not answer a toy question.
 */
const LINE = /\b(mini|mavic|avata|neo|phantom|inspire|matrice)\b|\b(air) (?:\d|2s|3s)\b|\bdji (flip)\b|\b(toy|cheap|kids'?|holy ?stone|syma|potensic|snaptain|eachine|hubsan|ruko|no gps|without gps)\b/g;

export function modelLinesNamed(text: string): Set<string> {
  return new Set([...text.toLowerCase().matchAll(LINE)].map((m) => m[1] ?? m[2] ?? m[3] ?? (m[4] ? 'toy' : '')));
}

/**
 * 1 for a section naming no line (in its heading, else in its article's models) or one the question
 * names, or for a question naming none; else lowered.
 */
export function modelLinePreference(title: string, asked: ReadonlySet<string>, articleModels: readonly string[] = []): number {
  const fromTitle = modelLinesNamed(title);
  const headed = fromTitle.size ? fromTitle : modelLinesNamed(articleModels.join(', '));
  // A toy's fixes (trims, a gyro calibration by the sticks) are no answer for a drone not said to be one.
  if (headed.has('toy') && !asked.has('toy')) return OTHER_LINE;
  if (headed.size === 0 || asked.size === 0) return 1;
  return [...headed].some((line) => asked.has(line)) ? 1 : OTHER_LINE;
}

/** As for another country's section (places.ts). */
export const OTHER_LINE = 0.55;
