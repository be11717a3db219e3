import { describe, expect, it } from 'vitest';
import { modelsNamedIn, namedModelSections } from './named-models.ts';
import type { RankedHit } from './rank-hits.ts';

const SPECS = ['Mini 4 Pro', 'Mini 3', 'Mini 3 Pro', 'Air 3', 'Air 3S', 'Neo'];
const hit = (id: string, title: string, models: string[] = [], businessId: string | null = null): RankedHit => ({
  id,
  articleKey: models.length ? 'popular-drone-specs' : `article-${id}`,
  businessId,
  articleTitle: 'Article',
  title,
  topic: 'advanced',
  makers: [],
  models,
  body: 'Body.',
  citation: 'Citation',
  url: null,
  rank: 0.1,
  covered: [],
  titleHits: 0,
  titleCovered: [],
  score: 1,
  coverage: 0.5,
  complete: false,
  tailored: false,
  preference: 1,
});

const registration = hit('reg', 'Do I need to register my drone? Yes if it weighs over 250 grams');
const mini3 = hit('mini3', 'DJI Mini 3 and Mini 3 Pro specs: flight time, range and weight', SPECS);
const mini4 = hit('mini4', 'DJI Mini 4 Pro specs: under 249 g, 34 minutes, 20 km', SPECS);
const air3 = hit('air3', 'DJI Air 3 and Air 3S specs: about 720 g, 45 to 46 minutes, 20 km', SPECS);

describe('modelsNamedIn', () => {
  it('reads the longest model a question names, however it is typed', () => {
    expect(modelsNamedIn('does a mini 3 pro need to be registered', [mini3])).toEqual(['Mini 3 Pro']);
    expect(modelsNamedIn('mini4pro or air 3s for travel?', [mini3])).toEqual(['Mini 4 Pro', 'Air 3S']);
    expect(modelsNamedIn('my air 3s gimbal', [air3])).toEqual(['Air 3S']);
  });

  it('names nothing in a question about no model', () => {
    expect(modelsNamedIn('do i need to register my drone', [mini3])).toEqual([]);
    expect(modelsNamedIn('is a mini drone good for kids', [mini3])).toEqual([]);
  });
});

describe('namedModelSections', () => {
  it('adds the named model’s own section to an answer about its rule', () => {
    expect(namedModelSections('does a mini 3 pro need to be registered', [registration, mini3], [registration])).toEqual([mini3]);
  });

  it('adds the other model of a comparison, and nothing the answer already shows', () => {
    expect(namedModelSections('mini 4 pro vs air 3 for travel', [mini4, air3], [mini4])).toEqual([air3]);
    expect(namedModelSections('how long does the mini 4 pro fly', [mini4, air3], [mini4])).toEqual([]);
  });

  it('adds nothing for a question naming no model, nor a business’s passage', () => {
    expect(namedModelSections('do i need to register my drone', [registration, mini3], [registration])).toEqual([]);
    const own = hit('own', 'Mini 3 Pro fleet rules', [], 'b1');
    expect(namedModelSections('mini 3 pro rules', [registration, own], [registration])).toEqual([]);
  });

  it('looks only among the first candidates', () => {
    const far = [registration, ...Array.from({ length: 8 }, (_, i) => hit(`h${i}`, `Other ${i}`)), mini3];
    expect(namedModelSections('does a mini 3 pro need to be registered', far, [registration])).toEqual([]);
  });
});
