/**
 * A PDF's text with the structure its layout shows (ADR 0065, twenty-first and twenty-second sessions).
 * A PDF holds positioned runs of text, not headings or paragraphs, and the plain text of a page ran a
 * manual's sections together: a page became one passage named "Manual, page 3" whatever it held. Here a
 * line set clearly larger than the document's body text, or a short one all in bold, is a heading ("# …",
 * as Markdown writes one, so toPassages starts a passage there), a wider gap between lines than the
 * body's spacing ends a paragraph, the lines of a paragraph that the layout wrapped are joined
 * (reflowed), and the running header and footer repeated on the pages are left out.
 */

import { ITEM_START } from '../knowledge/passage-windows.ts';

/** A run of text as pdf.js gives it (unpdf's extractTextItems). */
export interface PdfTextItem {
  str: string;
  y: number;
  fontSize: number;
  hasEOL: boolean;
  /** Where the run starts and how wide it is (pdf-items.ts), to tell a table's cells from a line of text. */
  x?: number;
  width?: number;
  /** Set in a bold font (pdf-items.ts). */
  bold?: boolean;
}

interface Line {
  text: string;
  y: number;
  size: number;
  /** Every run with text is bold. */
  bold: boolean;
  /** Runs far apart on the line: a table's row or columns, not a heading. */
  spread: boolean;
  /** Where the last run with text ended, while the line is read. */
  end: number | null;
}

/** A line at least this much larger than the body text is a heading (Chromium's h3 is 1.17 times it, a table's text 1.09). */
export const HEADING_SCALE = 1.15;
/** A gap between lines this much wider than the body's line spacing ends a paragraph. */
const PARAGRAPH_GAP = 1.4;
/** A longer line is text, whatever its size (a pull quote, a banner). */
const HEADING_MAX_CHARS = 120;
/** Runs of one line further apart than this many times their size are a table's cells. */
const CELL_GAP = 2;
/** A bold line of the body's size is a heading only this short: a longer one is an emphasised sentence. */
const BOLD_HEADING_MAX_CHARS = 80;
/** A bold heading is of the body's size, give or take rounding (a footnote's smaller bold is not one). */
const BOLD_MIN_SCALE = 0.95;
/** Bold headings are read only where bold is the exception: under this share of the characters. */
const BOLD_SHARE_MAX = 0.3;

/** The page's lines, in the order pdf.js gives them: a run ending a line (hasEOL) or a move down starts the next. */
function linesOf(items: readonly PdfTextItem[]): Line[] {
  const lines: Line[] = [];
  let current: Line | null = null;
  for (const item of items) {
    if (current && item.str.trim() && Math.abs(item.y - current.y) > Math.max(2, item.fontSize * 0.5)) {
      lines.push(current);
      current = null;
    }
    current ??= { text: '', y: item.y, size: 0, bold: true, spread: false, end: null };
    current.text += item.str;
    if (item.str.trim()) {
      current.size = Math.max(current.size, item.fontSize);
      current.bold &&= item.bold === true;
      if (item.x !== undefined && current.end !== null && item.x - current.end > item.fontSize * CELL_GAP) current.spread = true;
      current.end = item.x !== undefined && item.width !== undefined ? item.x + item.width : null;
    }
    if (item.hasEOL) {
      lines.push(current);
      current = null;
    }
  }
  if (current) lines.push(current);
  return lines.map((l) => ({ ...l, text: l.text.replace(/\s+/g, ' ').trim() })).filter((l) => l.text);
}

/** Lines at each end of a page that may be a running header or footer. */
const RUNNING_DEPTH = 2;
/** A line's text with its numbers as "#": "Page 3 of 12" and "Page 4 of 12" are one running line. */
const runningKey = (text: string) => text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
/** The page's top and bottom lines (by height on the page, wherever pdf.js gives them: Chromium's come last). */
function pageEnds(lines: readonly Line[]): Line[] {
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  return [...new Set([...byHeight.slice(0, RUNNING_DEPTH), ...byHeight.slice(-RUNNING_DEPTH)])];
}

/**
 * A document's running headers and footers: the text (numbers aside) of a line at the top or the
 * bottom of at least half of its pages, and of three at least ("Kestrel — Operations Manual", "Page
 * 3 of 12", "KAI-OM-01 Rev 7"). Left in, each page's last passage ended with them, and a page's running
 * lines after its last section became a passage of their own.
 */
function runningLines(pages: readonly (readonly Line[])[]): Set<string> {
  const pagesWith = new Map<string, number>();
  for (const lines of pages) {
    for (const key of new Set(pageEnds(lines).map((l) => runningKey(l.text)))) pagesWith.set(key, (pagesWith.get(key) ?? 0) + 1);
  }
  const enough = Math.max(3, Math.ceil(pages.length / 2));
  return new Set([...pagesWith].filter(([, n]) => n >= enough).map(([key]) => key));
}

/** The size most of the document's characters are set in: its body text. */
export function bodySize(pages: readonly (readonly PdfTextItem[])[]): number {
  const chars = new Map<number, number>();
  for (const item of pages.flat()) {
    const size = Math.round(item.fontSize * 10) / 10;
    if (item.str.trim()) chars.set(size, (chars.get(size) ?? 0) + item.str.length);
  }
  return [...chars].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/**
 * A paragraph's lines joined where the layout wrapped them: a line is taken as wrapped when it runs at
 * least REFLOW_WIDTH of the widest lines around it and ends without a full stop, colon or other closing
 * mark, and the next does not start a list item; a short line (a list item, a table row) keeps its break.
 */
export function reflowed(text: string, width = widthOf(text.split('\n'))): string {
  const lines = text.split('\n');
  return lines.reduce((out, line, i) => {
    if (i === 0) return line;
    const previous = lines[i - 1]?.trim() ?? '';
    const wrapped = previous.length >= width * REFLOW_WIDTH && !/[.:;!?"”]$/.test(previous) && !ITEM_START.test(line);
    return `${out}${wrapped ? ' ' : '\n'}${line}`;
  }, '');
}
const REFLOW_WIDTH = 0.7;

/** The 90th percentile of the lines' lengths, so one overlong line (a URL) does not set the width. */
function widthOf(lines: readonly string[]): number {
  const lengths = lines.map((l) => l.trim().length).sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length * 0.9)] ?? 0;
}

/**
 * Whether a bold line can be a heading in this document: its text is mostly regular. In a document set
 * mostly in bold, bold says nothing.
 */
export function boldIsEmphasis(pages: readonly (readonly PdfTextItem[])[]): boolean {
  let bold = 0;
  let all = 0;
  for (const item of pages.flat()) {
    const n = item.str.trim().length;
    all += n;
    if (item.bold) bold += n;
  }
  return all > 0 && bold / all < BOLD_SHARE_MAX;
}

/**
 * A page's text: headings as "# " lines and paragraphs apart, each reflowed. A heading is a line set
 * clearly larger than the body, or, where bold is emphasis (boldIsEmphasis), a short line of the body's
 * size all in bold that ends without a closing mark and is not a table's row ("3.2 Battery Storage",
 * as many company manuals set their headings).
 */
export function pageText(items: readonly PdfTextItem[], body: number, layout: Layout = {}): string {
  return linesText(linesOf(items), body, layout);
}

interface Layout {
  boldHeadings?: boolean;
  running?: ReadonlySet<string>;
}

/**
 * A heading set in bold at the body's size (a PDF's line, a Word paragraph) says something and is short,
 * and it ends without a sentence's closing mark: "3.2 Battery Storage", not "Never charge a swollen pack.".
 */
export const boldHeadingText = (text: string) => text.length <= BOLD_HEADING_MAX_CHARS && /\p{L}/u.test(text) && !/[.,;!?]$/.test(text);

/** Every page's text (pageText), the document read once for its body size, its bold and its running lines. */
export function documentText(pages: readonly (readonly PdfTextItem[])[]): string[] {
  const lines = pages.map(linesOf);
  const layout = { boldHeadings: boldIsEmphasis(pages), running: runningLines(lines) };
  const body = bodySize(pages);
  return lines.map((page) => linesText(page, body, layout));
}

function linesText(all: readonly Line[], body: number, { boldHeadings = false, running = new Set<string>() }: Layout): string {
  const ends = new Set(pageEnds(all));
  const lines = all.filter((l) => !(ends.has(l) && running.has(runningKey(l.text))));
  const width = widthOf(lines.map((l) => l.text));
  const larger = (l: Line) => l.size >= body * HEADING_SCALE && l.text.length <= HEADING_MAX_CHARS;
  const boldLine = (l: Line) =>
    boldHeadings && l.bold && !l.spread && l.size >= body * BOLD_MIN_SCALE && l.text.length < width * REFLOW_WIDTH && boldHeadingText(l.text);
  const isHeading = (l: Line) => body > 0 && (larger(l) || boldLine(l)) && /\p{L}/u.test(l.text);
  // The body's line spacing: the most common gap between two consecutive body lines.
  const gaps = new Map<number, number>();
  lines.forEach((l, i) => {
    const next = lines[i + 1];
    if (!next || isHeading(l) || isHeading(next)) return;
    const gap = Math.round((l.y - next.y) * 2) / 2;
    if (gap > 0) gaps.set(gap, (gaps.get(gap) ?? 0) + 1);
  });
  const spacing = [...gaps].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(reflowed(paragraph.join('\n'), width));
    paragraph = [];
  };
  lines.forEach((l, i) => {
    const previous = lines[i - 1];
    if (isHeading(l)) {
      flush();
      // A heading the layout wrapped onto two lines (the same size) is one heading; a smaller one under
      // it ("Battery Management", then "Battery Rotation") is the next. A bold heading is never wrapped
      // (a short line), so two in a row are two.
      if (previous && isHeading(previous) && larger(previous) && larger(l) && Math.abs(previous.size - l.size) < 0.5 && blocks.length) blocks[blocks.length - 1] += ` ${l.text}`;
      else blocks.push(`# ${l.text}`);
      return;
    }
    if (previous && !isHeading(previous) && spacing > 0 && previous.y - l.y > spacing * PARAGRAPH_GAP) flush();
    paragraph.push(l.text);
  });
  flush();
  return blocks.join('\n\n');
}
