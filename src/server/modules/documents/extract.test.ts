import { describe, expect, it } from 'vitest';
import { makePdf, makeStyledDocx } from '../../../../tests/fixtures/documents/make-documents.ts';
import { docxText, extractUnbounded, reflowed, toPassages } from './extract.ts';

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

  it('reads lists, line breaks and entities as text, decoded once', () => {
    expect(docxText('<p>Tom &amp; Jerry&#39;s &amp;lt;kit&gt;</p><ul><li>One</li><li>Two</li></ul><p>a<br />b</p>')).toBe("Tom & Jerry's &lt;kit>\n\n- One\n- Two\n\na\nb");
  });
});
