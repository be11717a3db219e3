import { describe, expect, it } from 'vitest';
import { groupQuery, isFollowUp, mentionsDomain, namesDronesClearly, phraseQuery, questionWords, termGroups } from './query-terms.ts';

describe('query terms', () => {
  it('tells words only drones have from domain words common elsewhere', () => {
    const flight = questionWords('What is the cheapest flight to Paris?');
    expect(mentionsDomain(flight)).toBe(true);
    expect(namesDronesClearly(flight)).toBe(false);
    expect(namesDronesClearly(questionWords('Can my Mavic fly in LAANC airspace?'))).toBe(true);
  });

  it('reads a model line with its version, or an FPV quad by its size, as a drone, the everyday words alone not', () => {
    for (const q of ['is rain ok for the air 2s', 'my mini 3 pro keeps beeping', 'props for a 7in', 'best rates for my 3.5 inch quad', 'pair the dji neo']) {
      expect(namesDronesClearly(questionWords(q)), q).toBe(true);
    }
    for (const q of ['fresh air and a mini break', 'a 5 inch tablet for reading', 'I flew to Denver on Air Canada']) {
      expect(namesDronesClearly(questionWords(q)), q).toBe(false);
    }
  });

  it('keeps the ideas of a question, with their abbreviations expanded', () => {
    const groups = termGroups(questionWords('What RTH altitude should I set on my drone?'));
    expect(groups.map((g) => g.word)).toEqual(['rth', 'altitude', 'set']);
    expect(groups[0]?.alternatives).toContain('return to home');
  });

  it('splits a number from its unit and builds safe tsquery text', () => {
    const [g] = termGroups(['250g']);
    expect(g?.alternatives).toContain('250 g');
    expect(phraseQuery("return-to-home (RTH) & 'x'")).toBe('(return <-> to <-> home <-> rth <-> x)');
    expect(groupQuery({ word: 'vlos', alternatives: ['vlos', 'line of sight'] })).toBe('(vlos | (line <-> of <-> sight))');
  });

  it('recognises follow-ups and drone questions', () => {
    expect(isFollowUp('and at night?', termGroups(['night']))).toBe(true);
    expect(isFollowUp('How do I store batteries for winter?', termGroups(questionWords('How do I store batteries for winter?')))).toBe(false);
    expect(mentionsDomain(questionWords('Can I fly over people?'))).toBe(true);
    expect(mentionsDomain(questionWords('What is a good recipe for banana bread?'))).toBe(false);
  });
});
