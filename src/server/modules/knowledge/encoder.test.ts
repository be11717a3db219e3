import { describe, expect, it } from 'vitest';
import { EMBEDDING_DIMS, MAX_VIEWS, questionViews, sectionKey, sectionText, sectionViews } from './encoder.ts';
import { MAX_QUESTIONS } from './parse-questions.ts';
import { decodeVector, encodeVector } from './shipped-vectors.ts';

const section = {
  title: 'Wind limits',
  body: 'Most small drones handle 20 mph. Gusts matter more than the mean. Recreational flyers under 49 U.S.C. 44809 follow the same physics. Land early when it builds.',
};

describe('the views of a section that are embedded', () => {
  it('starts with the heading and opening, then the heading with each later pair of sentences', () => {
    const views = sectionViews(section);
    expect(views[0]).toBe(sectionText(section));
    expect(views).toEqual([
      'Wind limits. Most small drones handle 20 mph. Gusts matter more than the mean.',
      'Wind limits. Gusts matter more than the mean. Recreational flyers under 49 U.S.C. 44809 follow the same physics.',
      'Wind limits. Recreational flyers under 49 U.S.C. 44809 follow the same physics. Land early when it builds.',
      'Wind limits. Land early when it builds.',
    ]);
  });

  it('embeds a long passage at most MAX_VIEWS times, and a one-sentence section once', () => {
    const long = { title: 'Manual', body: Array.from({ length: 40 }, (_, i) => `Step ${i} is Here.`).join(' ') };
    expect(sectionViews(long)).toHaveLength(MAX_VIEWS);
    expect(sectionViews({ title: 'Short', body: 'Only one.' })).toEqual(['Short. Only one.']);
  });

  it('spreads a long passage\'s views over the whole of it, its last line and its bullets included', () => {
    const page = {
      title: 'Manual, page 3',
      body: `${Array.from({ length: 20 }, (_, i) => `Rule ${i} says Something here.`).join(' ')}\n• Maximum sustained wind: 20 mph\n• No flight below 14°F`,
    };
    const views = sectionViews(page);
    expect(views).toHaveLength(MAX_VIEWS);
    expect(views[0]).toBe(sectionText(page));
    expect(views.some((v) => v.includes('Rule 19 says'))).toBe(true);
    // The bullets have no full stop between them, yet each is a piece of its own, the last one embedded.
    expect(views.at(-1)).toMatch(/No flight below 14°F$/);
    expect(views.every((v) => v.startsWith('Manual, page 3. ') && v.length <= 600)).toBe(true);
  });

  it('puts the questions pilots ask after the text, read from a list or as stored one a line', () => {
    const asked = { ...section, questions: 'how windy is too windy\n\n  can I fly in 25 mph gusts ' };
    expect(sectionViews(asked).slice(-2)).toEqual(['how windy is too windy', 'can I fly in 25 mph gusts']);
    expect(sectionViews(asked).slice(0, -2)).toEqual(sectionViews(section));
    expect(questionViews({ questions: Array.from({ length: 20 }, (_, i) => `q${i}`) })).toHaveLength(MAX_QUESTIONS);
    expect(sectionKey(asked)).not.toBe(sectionKey(section));
  });

  it('keys the vectors by every view, so an edit past the opening is embedded again', () => {
    expect(sectionKey(section)).not.toBe(sectionKey({ ...section, body: `${section.body} One more sentence.` }));
    expect(sectionKey(section)).toBe(sectionKey({ ...section }));
  });
});

describe('the committed vectors of a section', () => {
  it('round-trip every view as a unit vector within int8 rounding', () => {
    const views = 3;
    const all = new Float32Array(views * EMBEDDING_DIMS);
    for (let v = 0; v < views; v += 1) {
      let norm = 0;
      for (let d = 0; d < EMBEDDING_DIMS; d += 1) norm += (all[v * EMBEDDING_DIMS + d] = Math.sin(v * 7 + d)) ** 2;
      for (let d = 0; d < EMBEDDING_DIMS; d += 1) all[v * EMBEDDING_DIMS + d] = (all[v * EMBEDDING_DIMS + d] ?? 0) / Math.sqrt(norm);
    }
    const back = decodeVector(encodeVector(all));
    expect(back).toHaveLength(all.length);
    for (let v = 0; v < views; v += 1) {
      let dot = 0;
      for (let d = 0; d < EMBEDDING_DIMS; d += 1) dot += (back[v * EMBEDDING_DIMS + d] ?? 0) * (all[v * EMBEDDING_DIMS + d] ?? 0);
      expect(dot).toBeGreaterThan(0.999);
    }
  });
});
