import { describe, expect, it } from 'vitest';
import { calibratedConfidence, COMPANY_ALONGSIDE_MARGIN, COMPANY_TEXT_FLOOR, COMPANY_TEXT_MARGIN, companyAlongside, companyFirst, evidenceOf, FUSION, fuseRankings, type Evidence } from './fuse-hits.ts';
import type { SemanticHit } from '../knowledge/embeddings.ts';
import type { RankedHit } from './rank-hits.ts';

function hit(id: string, over: Partial<RankedHit> = {}): RankedHit {
  return {
    id,
    articleKey: id.split('#')[0] ?? id,
    businessId: null,
    articleTitle: 'Article',
    title: `Section ${id}`,
    topic: 'regulations',
    makers: [],
    models: [],
    body: 'Body.',
    citation: '14 CFR 107',
    url: null,
    rank: 0.1,
    covered: [true],
    titleHits: 0,
    titleCovered: [],
    score: 1,
    coverage: 1,
    complete: true,
    tailored: false,
    preference: 1,
    ...over,
  };
}

describe('fusion', () => {
  it('lets a section close in meaning beat a better word match that is far in meaning', () => {
    const lexical = [hit('weight#1', { score: 3 }), hit('altitude#1', { score: 2.4 })];
    const fused = fuseRankings(lexical, new Map([['weight#1', 0.2], ['altitude#1', 0.8]]));
    expect(fused.map((h) => h.id)).toEqual(['altitude#1', 'weight#1']);
  });

  it('keeps the word match first when meaning does not tell them apart', () => {
    const lexical = [hit('a#1', { score: 3 }), hit('b#1', { score: 1 })];
    expect(fuseRankings(lexical, new Map([['a#1', 0.5], ['b#1', 0.5]]))[0]?.id).toBe('a#1');
  });

  it('ranks a section found by meaning alone (no words matched) by its similarity only', () => {
    const lexical = [hit('words#1', { score: 2 }), hit('meaning#1', { rank: 0, covered: [false], score: 0.5 })];
    const fused = fuseRankings(lexical, new Map([['meaning#1', 0.9]]));
    expect(fused.find((h) => h.id === 'meaning#1')?.fused).toBeCloseTo(FUSION.semanticWeight * 0.9);
  });

  it('counts a word match outside the nearest sections (or not embedded yet) as close as the farthest of them', () => {
    // A business passage whose vector is still being computed keeps its word match's rank.
    const lexical = [hit('pending#1', { score: 3 }), hit('near#1', { score: 1 })];
    const fused = fuseRankings(lexical, new Map([['near#1', 0.45], ['far#1', 0.2]]));
    expect(fused[0]?.id).toBe('pending#1');
    expect(fused[0]?.similarity).toBe(0.2);
  });

  it('gives the semantic side the same drone preference as the word side', () => {
    const lexical = [hit('generic#1', { score: 1 }), hit('dji#1', { score: 1.3, preference: 1.3, tailored: true })];
    const fused = fuseRankings(lexical, new Map([['generic#1', 0.7], ['dji#1', 0.65]]));
    expect(fused[0]?.id).toBe('dji#1');
  });
});

describe('the full-text side of the blend', () => {
  it('does not count a weak best word match as a full one (the floor of the best score)', () => {
    const stray = hit('stray#1', { score: 0.8 });
    const near = hit('near#1', { score: 0.05 });
    const similarity = new Map([['stray#1', 0.45], ['near#1', 0.68]]);
    // Divided by itself, the stray match of a number would score a full 1 and win on words alone.
    expect(fuseRankings([stray, near], similarity, 2.5, 0)[0]?.id).toBe('stray#1');
    expect(fuseRankings([stray, near], similarity)[0]?.id).toBe('near#1');
  });
});

describe('confidence', () => {
  const base: Evidence = { similarity: 0.65, margin: 0.1, fusedMargin: 0.8, coverage: 1, lexicalAgrees: 1, semanticAgrees: 1, title: 0.5, sectionMargin: 0.6, unknown: 0, asked: 0.8, askedAgrees: 1, pilots: 0.9, pilotsAgree: 1, pilotsLead: 0.1 };

  it('is high when both retrievals agree on a clear winner and low when they disagree on a close call', () => {
    expect(calibratedConfidence(base)).toBeGreaterThanOrEqual(0.8);
    const doubtful = { ...base, similarity: 0.35, margin: -0.05, fusedMargin: 0.02, coverage: 0.5, lexicalAgrees: 0, semanticAgrees: 0, sectionMargin: 0.02, asked: 0.4, askedAgrees: 0, pilots: 0.45, pilotsAgree: 0, pilotsLead: -0.1 };
    expect(calibratedConfidence(doubtful)).toBeLessThan(0.3);
  });

  it('is lower when a neighbouring section is nearly as good, or the question names what no section mentions', () => {
    expect(calibratedConfidence({ ...base, sectionMargin: 0.02 })).toBeLessThan(calibratedConfidence(base));
    expect(calibratedConfidence({ ...base, unknown: 1 })).toBeLessThan(calibratedConfidence(base));
  });

  it('is higher when a question the section answers is close to the pilot’s', () => {
    expect(calibratedConfidence({ ...base, asked: 0.5, askedAgrees: 0 })).toBeLessThan(calibratedConfidence(base));
  });

  it('is higher when another pilot asked that section nearly the same question', () => {
    expect(calibratedConfidence({ ...base, pilots: 0.5, pilotsAgree: 0, pilotsLead: -0.2 })).toBeLessThan(calibratedConfidence(base) - 0.15);
  });

  it('grows with the lead over another article and stays within 5–97%', () => {
    const lead = [0, 0.2, 0.5, 1].map((fusedMargin) => calibratedConfidence({ ...base, semanticAgrees: 0, lexicalAgrees: 0, fusedMargin }));
    expect([...lead].sort((a, b) => a - b)).toEqual(lead);
    expect(calibratedConfidence({ ...base, fusedMargin: 50 })).toBe(0.97);
    expect(calibratedConfidence({ ...base, similarity: 0, fusedMargin: -50, lexicalAgrees: 0, semanticAgrees: 0, asked: 0, askedAgrees: 0, pilots: 0, pilotsAgree: 0 })).toBe(0.05);
  });

  /** The evidence for the better of two hits, fused with these similarities, and these nearest sections in meaning. */
  function evidenceOfTwo(hits: [RankedHit, RankedHit], similarity: [string, number][], near: SemanticHit[]) {
    const [best, other] = fuseRankings(hits, new Map(similarity));
    return { best, e: evidenceOf(best, other, hits, near, 1) };
  }

  it('reads agreement from the first word match, not from a section fetched for its meaning', () => {
    const { best, e } = evidenceOfTwo(
      [hit('m#1', { rank: 0, covered: [false] }), hit('w#1')],
      [['m#1', 0.9], ['far#1', 0.1]],
      [
        { id: 'm#1', businessId: null, similarity: 0.9, text: 0.9, asked: 0.7, closeness: 0.82, pilots: 0.6 },
        { id: 'w#1', businessId: null, similarity: 0.5, text: 0.5, asked: 0.8, closeness: 0.48, pilots: 0.75 },
      ],
    );
    expect(best?.id).toBe('m#1');
    expect(e.asked).toBe(0.7);
    expect(e.askedAgrees).toBe(0);
    expect(e.lexicalAgrees).toBe(0);
    expect(e.semanticAgrees).toBe(1);
    expect(e.pilots).toBe(0.6);
    expect(e.pilotsAgree).toBe(0);
    expect(e.pilotsLead).toBeCloseTo(-0.15);
    // The classifier's share (0.9 for ranking) is not closeness.
    expect(e.similarity).toBeCloseTo(0.82);
  });

  it('lets a business section’s own closeness stand in for the pilots’ questions it cannot have', () => {
    const { best, e } = evidenceOfTwo(
      [hit('manual#1', { businessId: 'b1' }), hit('w#1')],
      [['manual#1', 0.8], ['w#1', 0.5]],
      [
        { id: 'manual#1', businessId: 'b1', similarity: 0.8, text: 0.8, asked: 0, closeness: 0.8, pilots: 0 },
        { id: 'w#1', businessId: null, similarity: 0.5, text: 0.5, asked: 0.6, closeness: 0.5, pilots: 0.55 },
      ],
    );
    expect(best?.id).toBe('manual#1');
    expect(e.pilots).toBeCloseTo(0.8);
    expect(e.pilotsAgree).toBe(1);
    expect(e.pilotsLead).toBeCloseTo(0.25);
  });
});

describe("a business's own passage", () => {
  const near = (id: string, text: number, businessId: string | null = null): SemanticHit => ({ id, businessId, similarity: text, text, asked: 0, closeness: text, pilots: 0 });
  // The shipped section ranks first on its pilots' questions and the classifier (similarity 0.9).
  const ranked = () => fuseRankings([hit('props#1'), hit('manual#4', { businessId: 'b1' })], new Map([['props#1', 0.9], ['manual#4', 0.5]]));

  it('leads when its text is nearly as close as the best shipped section’s text', () => {
    expect(ranked()[0]?.id).toBe('props#1');
    const order = companyFirst(ranked(), [near('props#1', 0.5), near('manual#4', 0.5 - COMPANY_TEXT_MARGIN + 0.01, 'b1')]);
    expect(order.map((h) => h.id)).toEqual(['manual#4', 'props#1']);
    expect(companyAlongside(order, [near('props#1', 0.5), near('manual#4', 0.45, 'b1')])).toBeUndefined();
  });

  it('follows the shipped answer, shown with it, when it is further behind, and not at all when far or barely close', () => {
    const behind = [near('props#1', 0.6), near('manual#4', 0.6 - COMPANY_TEXT_MARGIN - 0.05, 'b1')];
    expect(companyFirst(ranked(), behind)[0]?.id).toBe('props#1');
    expect(companyAlongside(ranked(), behind)?.id).toBe('manual#4');
    const far = [near('props#1', 0.8), near('manual#4', 0.8 - COMPANY_ALONGSIDE_MARGIN - 0.05, 'b1')];
    expect(companyFirst(ranked(), far)[0]?.id).toBe('props#1');
    expect(companyAlongside(ranked(), far)).toBeUndefined();
    // Below COMPANY_TEXT_FLOOR a passage is not about the question, however far the shipped ones are.
    const faint = [near('props#1', 0.3), near('manual#4', COMPANY_TEXT_FLOOR - 0.01, 'b1')];
    expect(companyFirst(ranked(), faint)[0]?.id).toBe('props#1');
    expect(companyAlongside(ranked(), faint)).toBeUndefined();
  });

  it('changes nothing for a pilot with no business', () => {
    const shippedOnly = fuseRankings([hit('props#1'), hit('wind#1')], new Map([['props#1', 0.9], ['wind#1', 0.5]]));
    const semantic = [near('props#1', 0.5), near('wind#1', 0.5)];
    expect(companyFirst(shippedOnly, semantic)).toBe(shippedOnly);
    expect(companyAlongside(shippedOnly, semantic)).toBeUndefined();
  });

  it('stands in for the questions it cannot have with its own closeness', () => {
    const [best, other] = fuseRankings([hit('manual#4', { businessId: 'b1' }), hit('manual#9', { businessId: 'b1', articleKey: 'manual2' })], new Map([['manual#4', 0.7], ['manual#9', 0.4]]));
    const e = evidenceOf(best, other, [], [near('manual#4', 0.7, 'b1'), near('manual#9', 0.4, 'b1')], 1);
    expect(e.asked).toBeCloseTo(0.7);
    expect(e.askedAgrees).toBe(1);
    expect(e.pilots).toBeCloseTo(0.7);
  });
});
