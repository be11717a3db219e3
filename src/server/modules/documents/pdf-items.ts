import type { getDocumentProxy } from 'unpdf';
import type { PdfTextItem } from './pdf-text.ts';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * A font's name says its weight ("ABCDEF+Calibri-Bold", "Arial,Bold", "TimesNewRomanPS-BoldMT",
 * "Inter-SemiBold"): pdf.js's text runs name only their font's id, so the page's fonts are loaded
 * (getOperatorList) and looked up by it.
 */
const BOLD_FONT = /bold|black|heavy|semibold|demi/i;

function isBold(page: Awaited<ReturnType<PdfDocument['getPage']>>, id: string): boolean {
  try {
    const font: unknown = page.commonObjs.get(id);
    if (!font || typeof font !== 'object') return false;
    // pdf.js sets `bold` for the standard fonts it knows ("Helvetica-Bold").
    if ('bold' in font && font.bold === true) return true;
    return 'name' in font && typeof font.name === 'string' && BOLD_FONT.test(font.name.replace(/^[A-Z]{6}\+/, ''));
  } catch {
    // A font pdf.js could not load: its weight is unknown, so it reads as regular.
    return false;
  }
}

/** Every page's runs of text with their position, size and weight (ADR 0065, twenty-second session). */
export async function pdfTextItems(pdf: PdfDocument): Promise<PdfTextItem[][]> {
  const pages: PdfTextItem[][] = [];
  // A font's id names it for the whole document ("g_d0_f1"), so each is looked up once.
  const bold = new Map<string, boolean>();
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    await page.getOperatorList();
    pages.push(
      content.items.flatMap((item) => {
        if (!('str' in item)) return [];
        const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
        if (!bold.has(item.fontName)) bold.set(item.fontName, isBold(page, item.fontName));
        return [{ str: item.str, x, y, width: item.width, fontSize: Math.hypot(c, d), hasEOL: item.hasEOL, bold: bold.get(item.fontName) ?? false }];
      }),
    );
    page.cleanup();
  }
  return pages;
}
