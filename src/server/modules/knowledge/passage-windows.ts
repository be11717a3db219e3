/**
 * How a passage is cut into the texts embedded as its views (encoder.ts). Pure: no model here.
 */

/** Views past this many are not embedded: a long business passage costs at most this many encoder runs. */
export const MAX_VIEWS = 8;

// A sentence ends before a capital or an opening quote or bracket: "49 U.S.C. 44809" is one sentence.
export const sentencesOf = (body: string): string[] => body.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s(?=[A-Z"“(])/).filter(Boolean);

/**
 * The windows a long passage's views after the first are made of, in order (view k + 1 is window k):
 * MAX_VIEWS − 1 overlapping windows spaced evenly over the whole body, so a rule in its last lines is
 * found by meaning too, where pairs of sentences stopped at the ninth; or null for a passage of at most
 * MAX_VIEWS + 1 sentences, embedded a view per pair of sentences. A document's lines are cut at their list
 * markers and numbered headings as well as at sentences ("pieces"), since a page's bullets ("Maximum
 * sustained wind: 20 mph") often end without a full stop. The first view holds the opening pair; the
 * windows share the rest and overlap by a piece.
 */
export function passageWindows(body: string): string[] | null {
  if (sentencesOf(body).length <= MAX_VIEWS + 1) return null;
  const pieces = piecesOf(body);
  const count = MAX_VIEWS - 1;
  const size = Math.ceil((pieces.length - 1) / count) + 1;
  return Array.from({ length: count }, (_, k) => {
    const from = Math.round(1 + (k * Math.max(0, pieces.length - size - 1)) / (count - 1));
    return pieces.slice(from, from + size).join(' ');
  });
}

/** The start of a line that opens a list item or a numbered heading ("•", "-", "3. ", "1.2 Weather Days"; not "18 mph"). */
export const ITEM_START = /^\s*(?:[•▪◦*–-]\s|\d{1,2}[.)]\s+\S|\d{1,2}(?:\.\d{1,2})+\s+[A-Z])/;

// Such a line starts a piece.
const PIECE_START = new RegExp(`\\n(?=${ITEM_START.source.slice(1)})`);
const piecesOf = (body: string): string[] => body.split(PIECE_START).flatMap(sentencesOf);
