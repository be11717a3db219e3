import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from '../../../../tests/fixtures/documents/make-documents.ts';
import { ExtractionError } from './extract.ts';
import { TOO_BIG, TOO_SLOW, extractBounded } from './extract-in-worker.ts';

/** The bounds on what reading a hostile file may cost, proven on real files. */
describe('extractBounded', () => {
  it('reads a PDF page by page and a DOCX in a thread of its own', async () => {
    expect(await extractBounded('pdf', makePdf(['One', 'Two', 'Three']))).toEqual({ pages: ['One', 'Two', 'Three'], paged: true });
    const docx = await extractBounded('docx', await makeDocx(['Brief the crew.']));
    expect(docx.paged).toBe(false);
    expect(docx.pages[0]).toContain('Brief the crew.');
  });

  it('ends the thread of a file that takes too long, with a message a person understands', async () => {
    const started = performance.now();
    await expect(extractBounded('pdf', makePdf(Array.from({ length: 300 }, (_, i) => `Page ${i}`)), { timeoutMs: 50 })).rejects.toEqual(new ExtractionError(TOO_SLOW));
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('ends the thread of a file that needs more memory than its heap limit', async () => {
    const pages = Array.from({ length: 400 }, (_, i) => `Page ${i} ${'wind limits for roof inspections '.repeat(60)}`);
    await expect(extractBounded('pdf', makePdf(pages), { heapMb: 4 })).rejects.toEqual(new ExtractionError(TOO_BIG));
  });

  it('gives up (a plain error, so the job is retried) when its job is abandoned', async () => {
    const abort = new AbortController();
    const reading = extractBounded('pdf', makePdf(['Aborted']), { signal: abort.signal });
    abort.abort();
    await expect(reading).rejects.not.toBeInstanceOf(ExtractionError);
  });

  it('says an encrypted PDF is password-protected, and a PDF past the page limit how many pages it has', async () => {
    await expect(extractBounded('pdf', makePdf(['Secret'], { userPassword: 'hangar' }))).rejects.toEqual(new ExtractionError('The file is password-protected.'));
    await expect(extractBounded('pdf', makePdf(Array.from({ length: 2001 }, () => 'x')))).rejects.toEqual(new ExtractionError('This PDF has 2001 pages; at most 2000 can be read.'));
  });
});
