import { describe, expect, it } from 'vitest';
import { makePdf, makeStyledDocx } from '../../../../tests/fixtures/documents/make-documents.ts';
import { docxText, extractUnbounded, toPassages, withHeadingsMarked } from './extract.ts';
import { bodySize, boldIsEmphasis, pageText, reflowed, type PdfTextItem } from './pdf-text.ts';

describe("a PDF page's lines", () => {
  const width = 'x'.repeat(80);
  it('are joined where the layout wrapped a sentence, and kept where a line ends a sentence, a heading or a list item', () => {
    const page = [
      'Wind Limits',
      `${width} Our maximum sustained wind for roof inspections is`,
      '18 mph at the launch site.',
      `${width} The crew lists the rules:`,
      '• Gusts: 25 mph',
      '2. Land by sunset',
    ].join('\n');
    expect(reflowed(page)).toBe(
      [`Wind Limits`, `${width} Our maximum sustained wind for roof inspections is 18 mph at the launch site.`, `${width} The crew lists the rules:`, '• Gusts: 25 mph', '2. Land by sunset'].join('\n'),
    );
  });

  it('come out of a real PDF joined', async () => {
    const { pages } = await extractUnbounded('pdf', makePdf([`${width} the limit is\n20 mph.\nShort line\nNext`]));
    expect(pages[0]).toBe(`${width} the limit is 20 mph.\nShort line\nNext`);
  });
});

describe("a Word document's structure", () => {
  it('keeps its heading styles as headings, so its passages are its sections', async () => {
    const docx = await makeStyledDocx([
      { heading: 1, text: 'Kestrel Operations Manual' },
      { text: 'Applies to every pilot.' },
      { heading: 2, text: 'Wind Limits' },
      { text: 'Our maximum sustained wind is 18 mph.' },
      { text: 'Gusts: 25 mph', listItem: true },
      { heading: 2, text: 'Crew & Roles' },
      { table: [['Role', 'Name'], ['Chief Pilot', 'Dana Whitfield']] },
    ]);
    const passages = toPassages('Manual', await extractUnbounded('docx', docx));
    expect(passages.map((p) => [p.title, p.where])).toEqual([
      ['Kestrel Operations Manual', 'section Kestrel Operations Manual'],
      ['Wind Limits', 'section Wind Limits'],
      ['Crew & Roles', 'section Crew & Roles'],
    ]);
    expect(passages[1]?.body).toBe('Our maximum sustained wind is 18 mph.\n\nGusts: 25 mph');
    expect(passages[2]?.body).toBe('Role | Name\nChief Pilot | Dana Whitfield');
  });

  it('takes a short paragraph wholly in bold for a heading, beside the styled ones, but not a bold sentence', async () => {
    const docx = await makeStyledDocx([{ heading: 1, text: 'Operations Manual' }, { text: 'Applies to every pilot.' }]);
    const html = '<h1>Operations Manual</h1><p>Applies to every pilot.</p><p><strong>3.2 Wind &amp; Gusts</strong></p><p>Our limit is 18 mph.</p><p><strong>Never fly over a crowd.</strong></p><p>Ask the Chief Pilot.</p>';
    expect(docxText(html)).toBe('# Operations Manual\n\nApplies to every pilot.\n\n#### 3.2 Wind & Gusts\n\nOur limit is 18 mph.\n\nNever fly over a crowd.\n\nAsk the Chief Pilot.');
    // mammoth writes a bold run of a Normal paragraph as <strong>.
    const bold = await makeStyledDocx([{ heading: 1, text: 'Operations Manual' }, { text: 'Applies to every pilot.' }, { heading: 2, text: 'Wind Limits' }, { text: 'Our limit is 18 mph.' }], { headings: 'bold' });
    expect(toPassages('Manual', await extractUnbounded('docx', bold)).map((p) => p.title)).toEqual(['Operations Manual', 'Wind Limits']);
    expect(toPassages('Manual', await extractUnbounded('docx', docx)).map((p) => p.title)).toEqual(['Operations Manual']);
  });

  it('reads lists, line breaks and entities as text, decoded once', () => {
    expect(docxText('<p>Tom &amp; Jerry&#39;s &amp;lt;kit&gt;</p><ul><li>One</li><li>Two</li></ul><p>a<br />b</p>')).toBe("Tom & Jerry's &lt;kit>\n\n- One\n- Two\n\na\nb");
  });
});

describe("a PDF's headings and paragraphs", () => {
  const item = (str: string, y: number, fontSize = 11): PdfTextItem => ({ str, y, fontSize, hasEOL: true });
  const body = 'A sentence of body text that runs the width of the page and wraps onto the';

  it('makes a larger line a heading, joins a heading wrapped onto two lines, and ends a paragraph at a wider gap', () => {
    const items = [
      item('Flight Operations', 700, 22),
      item('Manual', 676, 22),
      item('Battery Management', 640, 16.5),
      item('Battery Rotation', 615, 13),
      item(body, 590),
      item('next line.', 578),
      item('A new paragraph.', 550),
      item('Role Name', 520, 12),
    ];
    expect(pageText(items, bodySize([items]))).toBe(
      ['# Flight Operations Manual', '# Battery Management', '# Battery Rotation', `${body} next line.`, 'A new paragraph.', 'Role Name'].join('\n\n'),
    );
  });

  it('makes a short bold line of the body size a heading, but not a bold sentence, a table row or bold in a document set in bold', () => {
    const bold = (str: string, y: number, x = 72): PdfTextItem => ({ str, y, x, width: str.length * 5, fontSize: 11, hasEOL: false, bold: true });
    const text = (str: string, y: number): PdfTextItem => ({ str, y, x: 72, width: str.length * 5, fontSize: 11, hasEOL: true });
    const items = [
      bold('3.2 Battery Storage', 700),
      text(body, 686),
      text('next line.', 672),
      bold('Never charge a swollen pack.', 658),
      text('Item', 644),
      bold('Interval', 630, 72),
      bold('Hours', 630, 300),
      text(body, 616),
    ];
    expect(boldIsEmphasis([items])).toBe(true);
    expect(pageText(items, bodySize([items]), { boldHeadings: true }).split('\n\n')[0]).toBe('# 3.2 Battery Storage');
    expect(pageText(items, bodySize([items]), { boldHeadings: true })).not.toMatch(/# (Never|Interval)/);
    // Set mostly in bold, bold marks nothing.
    const allBold = items.map((i) => ({ ...i, bold: true }));
    expect(boldIsEmphasis([allBold])).toBe(false);
    expect(pageText(allBold, bodySize([allBold]), { boldHeadings: boldIsEmphasis([allBold]) })).not.toContain('#');
  });

  it('splits a real PDF at its bold headings of the body size', async () => {
    const wind = 'Our maximum sustained wind is 18 mph at the launch site, as the crew measures it.';
    const cold = 'No flight below 14 degrees F; batteries are kept warm in the truck until launch.';
    const pdf = makePdf([`** Wind Limits\n${wind}\n** Always land with 30% left.\n** Cold Weather\n${cold}\nThe Chief Pilot may ground the crew for frost.`]);
    expect(toPassages('Manual', await extractUnbounded('pdf', pdf))).toEqual([
      { title: 'Wind Limits', body: `${wind}\nAlways land with 30% left.`, where: 'page 1' },
      { title: 'Cold Weather', body: `${cold}\nThe Chief Pilot may ground the crew for frost.`, where: 'page 1' },
    ]);
  });

  it('drops the running header and footer a real PDF repeats on its pages, and keeps what only looks alike', async () => {
    const page = (n: number, text: string) => `Kestrel Aerial - Operations Manual\n${text}\nPage ${n} of 3`;
    const pdf = makePdf([
      page(1, '# Wind Limits\nOur maximum sustained wind is 18 mph.'),
      page(2, 'Gusts: 25 mph at the launch site.\n# Cold Weather\nNo flight below 14 degrees F.'),
      page(3, 'Batteries are kept warm until launch.\nKestrel Aerial - Operations Manual applies to every crew.'),
    ]);
    expect(toPassages('Manual', await extractUnbounded('pdf', pdf))).toEqual([
      { title: 'Wind Limits', body: 'Our maximum sustained wind is 18 mph.', where: 'page 1' },
      { title: 'Wind Limits', body: 'Gusts: 25 mph at the launch site.', where: 'page 2' },
      { title: 'Cold Weather', body: 'No flight below 14 degrees F.', where: 'page 2' },
      { title: 'Cold Weather', body: 'Batteries are kept warm until launch.\nKestrel Aerial - Operations Manual applies to every crew.', where: 'page 3' },
    ]);
    // Two pages are too few to tell a running line from a repeated one.
    const two = makePdf([page(1, 'Our maximum sustained wind is 18 mph.'), page(2, 'No flight below 14 degrees F.')]);
    expect((await extractUnbounded('pdf', two)).pages[0]).toContain('Page 1 of 3');
  });

  it('splits a real PDF at its headings, each section a passage named by its heading, carried onto the next page', async () => {
    const pdf = makePdf(['# Wind Limits\nOur maximum sustained wind is 18 mph.\n# Cold Weather\nNo flight below 14 degrees F.', 'Batteries are kept warm until launch.']);
    const passages = toPassages('Manual', await extractUnbounded('pdf', pdf));
    expect(passages).toEqual([
      { title: 'Wind Limits', body: 'Our maximum sustained wind is 18 mph.', where: 'page 1' },
      { title: 'Cold Weather', body: 'No flight below 14 degrees F.', where: 'page 1' },
      { title: 'Cold Weather', body: 'Batteries are kept warm until launch.', where: 'page 2' },
    ]);
  });
});

describe("a plain-text document's headings", () => {
  it('are its underlined lines and its one-line paragraphs with no closing mark that text follows', () => {
    const text = [
      'Harrier Field Manual\n====================',
      'Wind Limits',
      'Our maximum sustained wind is 18 mph.',
      '3.2 Charge-State Clips',
      'Each battery gets a coloured clip.',
      'Call the Safety Officer first.',
      'Then the client.',
    ].join('\n\n');
    const passages = toPassages('Manual', { pages: [text], paged: false });
    expect(passages.map((p) => [p.title, p.body])).toEqual([
      ['Wind Limits', 'Our maximum sustained wind is 18 mph.'],
      ['3.2 Charge-State Clips', 'Each battery gets a coloured clip.\n\nCall the Safety Officer first.\n\nThen the client.'],
    ]);
    expect(withHeadingsMarked(text)).toMatch(/^# Harrier Field Manual\n\n# Wind Limits/);
  });

  it('are left to the marks of a document that has its own', () => {
    const markdown = '# Manual\n\nIntro line\n\nMore text here.';
    expect(toPassages('Manual', { pages: [markdown], paged: false }).map((p) => [p.title, p.body])).toEqual([['Manual', 'Intro line\n\nMore text here.']]);
  });
});
