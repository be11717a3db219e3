import { fileTypeFromBuffer } from 'file-type';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { pdfTextItems } from './pdf-items.ts';
import { boldHeadingText, documentText } from './pdf-text.ts';

/** The kinds of file the knowledge base takes, recognised by their bytes (never by name or declared type). */
export type DocumentKind = 'pdf' | 'docx' | 'text' | 'markdown';

export const KIND_MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  text: 'text/plain',
  markdown: 'text/markdown',
};

export const UNSUPPORTED_TYPE_MESSAGE = 'This file type is not supported: upload a PDF, a Word document (.docx), a plain text or a Markdown file.';

/**
 * What the bytes say the file is. A PDF or DOCX is recognised by its magic numbers (file-type reads a
 * zip's entries to tell a DOCX from any other zip); a file with no binary signature is text when it is
 * valid UTF-8 without NUL bytes, and Markdown rather than plain text when its name says so.
 */
export async function detectKind(bytes: Buffer, fileName: string): Promise<DocumentKind | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (detected.mime === KIND_MIME.pdf) return 'pdf';
    if (detected.mime === KIND_MIME.docx) return 'docx';
    return null;
  }
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return /\.(md|markdown)$/i.test(fileName) ? 'markdown' : 'text';
}

/** Text of the file, per page for a PDF (page numbers are cited), whole for the others. */
export interface Extracted {
  pages: string[];
  paged: boolean;
}

/** An extraction failure whose message a person understands; stored on the document. */
export class ExtractionError extends Error {}

/** Bounds on what a hostile file may cost. */
export const MAX_PDF_PAGES = 2000;
export const MAX_DOCX_EXPANDED_BYTES = 60 * 1024 * 1024;
export const MAX_TEXT_CHARS = 5_000_000;
export const EXTRACTION_TIMEOUT_MS = 120_000;

/**
 * The text of a file, with no bound on time or memory: run it through `extractBounded`
 * (extract-in-worker.ts), which gives it a thread of its own with a heap limit and a deadline.
 */
export async function extractUnbounded(kind: DocumentKind, bytes: Buffer): Promise<Extracted> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    default: {
      const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
      if (!text.trim()) throw new ExtractionError('The file is empty.');
      return { pages: [text.slice(0, MAX_TEXT_CHARS)], paged: false };
    }
  }
}

async function extractPdf(bytes: Buffer): Promise<Extracted> {
  let pdf;
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new ExtractionError('The file is password-protected.');
    throw new ExtractionError('This PDF could not be read; it may be damaged.');
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw new ExtractionError(`This PDF has ${pdf.numPages} pages; at most ${MAX_PDF_PAGES} can be read.`);
    let total = 0;
    const pages = documentText(await pdfTextItems(pdf)).map((text) => {
      const kept = text.slice(0, Math.max(0, MAX_TEXT_CHARS - total));
      total += kept.length;
      return kept;
    });
    if (!pages.some((p) => p.trim())) throw new ExtractionError('This PDF has no text layer (a scanned image?).');
    return { pages, paged: true };
  } finally {
    await pdf.cleanup();
  }
}

/**
 * The sum of the uncompressed sizes a zip declares in its central directory: a DOCX that would expand to
 * more than MAX_DOCX_EXPANDED_BYTES (a zip bomb) is refused before anything is inflated.
 */
export function declaredZipSize(bytes: Buffer): number | null {
  const eocd = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > bytes.length) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const size = bytes.readUInt32LE(offset + 24);
    // 0xffffffff means a Zip64 size: far beyond any bound here.
    total += size === 0xffffffff ? Number.MAX_SAFE_INTEGER : size;
    offset += 46 + bytes.readUInt16LE(offset + 28) + bytes.readUInt16LE(offset + 30) + bytes.readUInt16LE(offset + 32);
  }
  return total;
}

async function extractDocx(bytes: Buffer): Promise<Extracted> {
  const expanded = declaredZipSize(bytes);
  if (expanded === null) throw new ExtractionError('Not a DOCX file.');
  if (expanded > MAX_DOCX_EXPANDED_BYTES) throw new ExtractionError('This DOCX expands to more than 60 MB when unpacked and was not read.');
  let value: string;
  try {
    ({ value } = await mammoth.convertToHtml({ buffer: bytes }));
  } catch {
    throw new ExtractionError('Not a DOCX file.');
  }
  const text = docxText(value);
  if (!text.trim()) throw new ExtractionError('The document has no text.');
  return { pages: [text.slice(0, MAX_TEXT_CHARS)], paged: false };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const decoded = (s: string) =>
  s.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (whole, dec?: string, hex?: string, name?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (ENTITIES[name?.toLowerCase() ?? ''] ?? whole),
  );
// Entities are decoded once, at the end, so an escaped "&amp;lt;" stays text.
const tagless = (s: string) => s.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/**
 * A Word document's text with its structure kept as Markdown keeps it (mammoth's HTML, read back): its
 * heading styles as "#" lines, so its passages are its sections with their headings (toPassages) as a
 * Markdown manual's are, where the raw text ran every heading into one passage named after the file;
 * a short paragraph wholly in bold too ("3.2 Battery Storage" set in bold Normal text, as many company
 * documents mark their headings, beside styled ones or alone); list items as "-" lines and a table's
 * rows as lines of cells (whose bold header cells stay cells).
 */
export function docxText(html: string): string {
  return decoded(
    html
      .replace(/<tr[^>]*>([\s\S]*?)<\/tr>/g, (_, row: string) => `${(row.match(/<t[dh][^>]*>[\s\S]*?<\/t[dh]>/g) ?? []).map(tagless).join(' | ')}\n`)
      .replace(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g, (_, n: string, t: string) => `\n\n${'#'.repeat(Number(n))} ${tagless(t)}\n\n`)
      .replace(/<p>\s*<strong>([^<]+)<\/strong>\s*<\/p>/g, (whole, t: string) => (boldHeadingText(t.trim()) ? `\n\n#### ${t.trim()}\n\n` : whole))
      .replace(/<li[^>]*>/g, '\n- ')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/<\/(p|ul|ol|table)>/g, '\n\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface Passage {
  title: string;
  body: string;
  /** "page 4" or "section Wind limits". */
  where: string;
}

const PASSAGE_CHARS = 1200;
export const MAX_PASSAGES = 5000;

const MARKDOWN_HEADING = /^#{1,6}\s+\S/m;

/** A heading as plain text writes one: a short line with no closing mark, starting with a capital or a number. */
const HEADING_LINE = /^(?:\d{1,2}(?:\.\d{1,2})*\.?\s+)?[\p{Lu}\d][^|]{1,78}[^.,;:!?|]$/u;

/**
 * A plain-text document's headings marked as Markdown marks them, so its passages are its sections
 * (a file with no "#" headings; a Markdown one, a Word document with heading styles and a PDF are read
 * by their own marks): a line underlined with "===" or "---", and a paragraph that is one short line
 * with no closing mark ("Wind Limits", "3.2 Charge-State Clips") followed by more text.
 */
export function withHeadingsMarked(text: string): string {
  const underlined = text.replace(/^(\S[^\n]{0,118})\n(?:=+|-+)[ \t]*$/gm, '# $1');
  const paragraphs = underlined.split(/\n[ \t]*\n/);
  // Walked from the end, so each paragraph knows the next non-empty one without a search of its own.
  let next: string | undefined;
  for (let i = paragraphs.length - 1; i >= 0; i -= 1) {
    const line = paragraphs[i]?.trim() ?? '';
    if (!line) continue;
    if (!line.includes('\n') && !line.startsWith('#') && HEADING_LINE.test(line) && next !== undefined && !HEADING_LINE.test(next)) paragraphs[i] = `# ${line}`;
    next = line;
  }
  return paragraphs.join('\n\n');
}

/**
 * Splits the text into passages by headings and paragraphs, each with its page (PDF) or section
 * (the nearest heading above it), about PASSAGE_CHARS long so one passage answers one question.
 */
export function toPassages(docTitle: string, extracted: Extracted): Passage[] {
  const passages: Passage[] = [];
  // A section that runs onto the next page keeps its heading there.
  let heading = docTitle;
  const marked = extracted.pages.some((page) => MARKDOWN_HEADING.test(page));
  extracted.pages.forEach((page, index) => {
    const pageText = marked || extracted.paged ? page : withHeadingsMarked(page);
    let buffer: string[] = [];
    const flush = () => {
      const body = buffer.join('\n\n').trim();
      buffer = [];
      if (!body) return;
      const where = extracted.paged ? `page ${index + 1}` : `section ${heading}`;
      passages.push({ title: heading === docTitle ? `${docTitle}${extracted.paged ? `, page ${index + 1}` : ''}` : heading, body, where });
    };
    const paragraphs = pageText.split(/\n\s*\n|\r\n\s*\r\n/);
    for (const raw of paragraphs) {
      const para = raw.trim();
      if (!para) continue;
      const headingMatch = /^#{1,6}\s+(.+)$/m.exec(para.split('\n')[0] ?? '');
      if (headingMatch?.[1]) {
        flush();
        heading = headingMatch[1].trim().slice(0, 200);
        const rest = para.split('\n').slice(1).join('\n').trim();
        if (rest) buffer.push(rest);
        continue;
      }
      for (let i = 0; i < para.length; i += PASSAGE_CHARS * 2) {
        buffer.push(para.slice(i, i + PASSAGE_CHARS * 2));
        if (buffer.join('\n\n').length >= PASSAGE_CHARS) flush();
      }
    }
    flush();
  });
  return passages.slice(0, MAX_PASSAGES);
}
