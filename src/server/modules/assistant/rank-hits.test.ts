import { describe, expect, it } from 'vitest';
import type { SectionHit } from '../knowledge/search.ts';
import { composeAnswer } from './compose-answer.ts';
import { confidenceOf, groupWeights, headingOverlap, rankHits } from './rank-hits.ts';

const hit = (over: Partial<SectionHit>): SectionHit => ({
  id: 'id',
  articleKey: 'a',
  businessId: null,
  articleTitle: 'Article',
  title: 'Title',
  topic: 'setup',
  makers: [],
  models: [],
  body: 'Body. More.',
  citation: 'AC 107-2A',
  url: null,
  rank: 0.2,
  covered: [true],
  titleHits: 1,
  titleCovered: [true],
  ...over,
});

describe('ranking', () => {
  it('weighs rare words above common ones, and unknown words little', () => {
    const [rare, common, unknown] = groupWeights([2, 200, 0], 245);
    expect(rare!).toBeGreaterThan(common!);
    expect(unknown).toBe(0.75);
  });

  it('puts the section for the pilot’s maker first and another maker’s last, unless the question names it', () => {
    const hits = [hit({ id: 'parrot', makers: ['Parrot'] }), hit({ id: 'general' }), hit({ id: 'dji', makers: ['DJI'] })];
    const own = rankHits(hits, 1, [1], { maker: 'DJI', model: 'Mini 4 Pro' }, []);
    expect(own.map((h) => h.id)).toEqual(['dji', 'general', 'parrot']);
    expect(own[0]?.tailored).toBe(true);
    const named = rankHits(hits, 1, [1], { maker: 'DJI', model: 'Mini 4 Pro' }, ['Parrot']);
    expect(named[0]?.id).toBe('parrot');
  });

  it('answers a question naming no place from the US rules, and one naming a country from that country’s section', () => {
    const hits = [hit({ id: 'eu', title: 'Registration in the EU', rank: 0.5 }), hit({ id: 'us', title: 'Registration', rank: 0.3 })];
    expect(rankHits(hits, 1, [1], null, [], 'do i need to register my mini')[0]?.id).toBe('us');
    expect(rankHits(hits, 1, [1], null, [], 'do i need to register my mini in Europe')[0]?.id).toBe('eu');
    // A follow-up ("and registration?" after "flying in Spain") names the place through the question before it.
    expect(rankHits(hits, 1, [1], null, [], 'and registration?', new Set(['eu']))[0]?.id).toBe('eu');
  });

  it('answers a question about what the rules allow from a rules section before a how-to naming the same limit', () => {
    const hits = [hit({ id: 'app', title: 'Setting the altitude limit in the app', rank: 0.3 }), hit({ id: 'rule', topic: 'regulations', title: 'Altitude', rank: 0.25 })];
    expect(rankHits(hits, 1, [1], null, [], 'how high am i allowed to go')[0]?.id).toBe('rule');
    expect(rankHits(hits, 1, [1], null, [], 'how high can it go')[0]?.id).toBe('app');
  });

  it('prefers the heading that reads like the question', () => {
    expect(headingOverlap('Can I fly my drone at night?', 'Can I fly my drone at night? Yes, with lights')).toBe(1);
    const ranked = rankHits([hit({ id: 'twilight', title: 'What is civil twilight?' }), hit({ id: 'night', title: 'Can I fly my drone at night?' })], 1, [1], null, [], 'Can I fly my drone at night?');
    expect(ranked[0]?.id).toBe('night');
  });

  it('gives a full, clear match a high confidence and a partial one a low confidence', () => {
    const [strong, weak] = rankHits([hit({ id: 's', covered: [true, true], titleHits: 2, titleCovered: [true, true], rank: 0.6 }), hit({ id: 'w', articleKey: 'b', covered: [true, false], titleHits: 0, titleCovered: [false, false], rank: 0.01 })], 2, [2, 2], null, []);
    expect(confidenceOf(strong, weak, 2)).toBeGreaterThan(0.8);
    expect(confidenceOf(weak, undefined, 2)).toBeLessThan(0.6);
    expect(confidenceOf(undefined, undefined, 2)).toBe(0.05);
  });
});

describe('composeAnswer', () => {
  it('leads with the section under its heading, names the drone, and ends with the sources', () => {
    const [best] = rankHits([hit({ title: 'Maximum altitude: 400 feet', body: 'Stay under 400 feet.', citation: '14 CFR 107.51', url: 'https://www.ecfr.gov/x', articleTitle: 'Limits' })], 1, [1], null, []);
    const { answer, sources } = composeAnswer(best!, [], 'DJI Mini 4 Pro');
    expect(answer).toBe('Maximum altitude: 400 feet.\n\nStay under 400 feet.\n\nTailored to your DJI Mini 4 Pro.\n\nSources:\n- 14 CFR 107.51 (Limits): https://www.ecfr.gov/x');
    expect(sources).toEqual([{ title: 'Limits', citation: '14 CFR 107.51', url: 'https://www.ecfr.gov/x' }]);
  });

  it('leaves out a heading that would keep a number question from starting with its number, and a business document’s', () => {
    const [plain] = rankHits([hit({ title: 'Wind at altitude', body: 'Gusts double by 400 feet.' })], 1, [1], null, []);
    expect(composeAnswer(plain!, [], null, true).answer.startsWith('Gusts double by 400 feet.')).toBe(true);
    expect(composeAnswer(plain!, [], null, false).answer.startsWith('Wind at altitude.\n\nGusts')).toBe(true);
    const [own] = rankHits([hit({ title: 'Ops Manual, page 4', body: 'Sign the sheet.', businessId: 'b1' })], 1, [1], null, []);
    expect(composeAnswer(own!, [], null).answer.startsWith('Sign the sheet.')).toBe(true);
  });
});
