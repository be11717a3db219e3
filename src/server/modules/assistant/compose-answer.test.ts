import { describe, expect, it } from 'vitest';
import { clarifyingAnswer, composeAnswer, OTHER_READINGS_LEAD, topicChoices } from './compose-answer.ts';
import type { RankedHit } from './rank-hits.ts';

const near = (title: string): RankedHit => ({
  id: title,
  articleKey: title,
  businessId: null,
  articleTitle: `Article on ${title}`,
  title,
  topic: 'safety',
  makers: [],
  models: [],
  body: 'Body.',
  citation: 'AC 107-2A',
  url: null,
  rank: 0.1,
  covered: [true],
  titleHits: 0,
  titleCovered: [false],
  score: 1,
  coverage: 1,
  complete: true,
  tailored: false,
  preference: 1,
});

describe('topic choices', () => {
  it('asks a heading’s question part, or the whole heading when it has none', () => {
    const choices = topicChoices([near('How high can I fly a drone? 400 feet above ground level (AGL)'), near('Sun glare: losing sight of the drone')]);
    expect(choices).toEqual([
      { title: 'How high can I fly a drone? 400 feet above ground level (AGL)', question: 'How high can I fly a drone?' },
      { title: 'Sun glare: losing sight of the drone', question: 'Sun glare: losing sight of the drone' },
    ]);
  });

  it('offers each heading once and at most three, the same ones the reply names', () => {
    const hits = ['A heading', 'A heading', 'B heading', 'C heading', 'D heading'].map(near);
    expect(topicChoices(hits).map((c) => c.title)).toEqual(['A heading', 'B heading', 'C heading']);
    expect(clarifyingAnswer(hits)).toContain('The closest topics I have are: A heading; B heading; C heading.');
    expect(topicChoices([])).toEqual([]);
  });
});

describe('a second section in the answer', () => {
  it('adds its first two whole sentences, a rule number like 107.35 kept in one', () => {
    const best = { ...near('What is a Part 107 waiver?'), body: 'A waiver is written FAA permission.' };
    const extra = {
      ...near('One drone at a time'),
      body: 'One person may fly one drone at a time. Flying two needs a waiver of 107.35. A second pilot may fly a second drone.',
    };
    const { answer, sources } = composeAnswer(best, [extra], null, false);
    expect(answer).toContain('One drone at a time: One person may fly one drone at a time. Flying two needs a waiver of 107.35.\n');
    expect(answer).not.toContain('A second pilot');
    expect(sources).toHaveLength(2);
  });

  it('opens the other readings of an unsure answer after a lead-in, and cites them all after the best', () => {
    const best = { ...near('Best'), body: 'The best section.' };
    const adds = { ...near('Adds'), body: 'It adds this.' };
    const others = [{ ...near('Second'), body: 'Second one. Two. Three.' }, { ...near('Third'), body: 'Third one.' }];
    const { answer, sources } = composeAnswer(best, [adds], null, false, others);
    expect(answer.indexOf('Adds: It adds this.')).toBeLessThan(answer.indexOf(OTHER_READINGS_LEAD));
    expect(answer.indexOf(OTHER_READINGS_LEAD)).toBeLessThan(answer.indexOf('Second: Second one. Two.'));
    expect(answer.indexOf('Second: Second one. Two.')).toBeLessThan(answer.indexOf('Third: Third one.'));
    expect(answer).not.toContain('Three.');
    expect(sources.map((s) => s.title)).toEqual(['Article on Best', 'Article on Adds', 'Article on Second', 'Article on Third']);
    expect(composeAnswer(best, [adds], null, false).answer).not.toContain(OTHER_READINGS_LEAD);
  });
});

describe('the sources of an answer', () => {
  it('names a document once: two sections of one article are one line with both citations', () => {
    const cold = { ...near('Flying in the cold'), articleTitle: 'Flying with batteries in cold weather', citation: 'DJI battery guide', url: 'https://www.dji.com/support' };
    const storage = { ...cold, id: 'storage', title: 'Storing batteries in the cold', citation: 'DJI manual' };
    const { answer, sources } = composeAnswer(cold, [storage], null);
    expect(answer).toContain('- DJI battery guide; DJI manual (Flying with batteries in cold weather): https://www.dji.com/support');
    expect(answer.match(/Flying with batteries in cold weather/g)).toHaveLength(1);
    expect(sources).toHaveLength(2);
  });

  it('lists a section cited twice once', () => {
    const a = near('Night flying');
    const { sources } = composeAnswer(a, [], null, false, [{ ...a, id: 'again' }]);
    expect(sources).toHaveLength(1);
  });
});

describe("a business's passage shown with a shipped answer", () => {
  it('is shown whole and named by its document, where another section shows only its opening', () => {
    const shipped = { ...near('What wind speed is too strong to fly a drone?'), body: 'Stay under two thirds of the rating. Gusts matter more. Check the forecast. Land early.' };
    const manual = {
      ...near('Wind'),
      businessId: 'b1',
      articleTitle: 'Kite Aerial Operations Manual',
      citation: 'Kite Aerial Operations Manual, section Wind',
      body: 'Sustained wind limit: 18 mph at the launch site. Gust limit: 24 mph. Near structures: 12 mph. Measured with the kit anemometer.',
    };
    const { answer, sources } = composeAnswer(shipped, [manual], null);
    expect(answer).toContain('Kite Aerial Operations Manual, Wind: Sustained wind limit: 18 mph at the launch site. Gust limit: 24 mph. Near structures: 12 mph. Measured with the kit anemometer.');
    expect(sources.map((s) => s.citation)).toEqual(['AC 107-2A', 'Kite Aerial Operations Manual, section Wind']);
    const page = { ...manual, title: 'Kite Aerial Operations Manual, page 2', body: 'Roof inspections: 15 mph.' };
    expect(composeAnswer(shipped, [page], null).answer).toContain('\n\nKite Aerial Operations Manual, page 2: Roof inspections: 15 mph.');
    const other = { ...near('Gusts'), body: 'One. Two. Three.' };
    expect(composeAnswer(shipped, [other], null).answer).toContain('Gusts: One. Two.');
    expect(composeAnswer(shipped, [other], null).answer).not.toContain('Three.');
  });
});
