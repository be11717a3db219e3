/**
 * DJI's model lines as pilots and headings name them. A section headed for one line ("Wind resistance
 * Level 5 … for DJI Mini drones") does not answer a question about another ("mavic 3 classic wind
 * resistance?"): the Mavic's figure is not the Mini's. A toy drone (no GPS, trims and a gyro) is a line of
 * its own: its sections do not answer for a Mini 4 Pro, nor a Mini's for a toy.
 */
const LINE = /\b(mini|mavic|avata|neo|phantom|inspire|matrice|toy)\b|\b(air) (?:\d|2s|3s)\b|\bdji (flip)\b/g;

export function modelLinesNamed(text: string): Set<string> {
  return new Set([...text.toLowerCase().matchAll(LINE)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''));
}

/**
 * 1 for a section naming no line (in its heading, else in its article's models) or one the question
 * names, or for a question naming none; else lowered.
 */
export function modelLinePreference(title: string, asked: ReadonlySet<string>, articleModels: readonly string[] = []): number {
  const fromTitle = modelLinesNamed(title);
  const headed = fromTitle.size ? fromTitle : modelLinesNamed(articleModels.join(', '));
  if (headed.size === 0 || asked.size === 0) return 1;
  return [...headed].some((line) => asked.has(line)) ? 1 : OTHER_LINE;
}

/** As for another country's section (places.ts). */
export const OTHER_LINE = 0.55;
