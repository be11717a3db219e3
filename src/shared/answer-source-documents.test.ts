import { describe, expect, it } from 'vitest';
import { sourceDocuments } from './answer-source-documents.ts';

const accident = { title: 'Reporting a drone accident to the FAA within 10 days', url: 'https://www.ecfr.gov/current/title-14/part-107/section-107.9' };

describe('sourceDocuments', () => {
  it('joins two sections of one article into one document with both citations, in the order shown', () => {
    const docs = sourceDocuments([
      { ...accident, citation: '14 CFR 107.9(b)' },
      { title: 'Operating over people', citation: '14 CFR 107.39', url: null },
      { ...accident, citation: '14 CFR 107.9' },
    ]);
    expect(docs).toEqual([
      { ...accident, citations: ['14 CFR 107.9(b)', '14 CFR 107.9'] },
      { title: 'Operating over people', url: null, citations: ['14 CFR 107.39'] },
    ]);
  });

  it('keeps a citation once and keeps same-titled documents at different addresses apart', () => {
    const docs = sourceDocuments([
      { title: 'Ops Manual', citation: 'Ops Manual, page 4', url: null },
      { title: 'Ops Manual', citation: 'Ops Manual, page 4', url: null },
      { title: 'Ops Manual', citation: 'Ops Manual, page 4', url: 'https://example.com/ops' },
    ]);
    expect(docs.map((d) => d.citations)).toEqual([['Ops Manual, page 4'], ['Ops Manual, page 4']]);
  });
});
