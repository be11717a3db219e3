import { describe, expect, it } from 'vitest';
import { groupQuery, isFollowUp, mentionsDomain, namesDronesClearly, phraseQuery, questionWords, termGroups } from './query-terms.ts';

describe('query terms', () => {
  it('tells words only drones have from domain words common elsewhere', () => {
    const flight = questionWords('What is the cheapest flight to Paris?');
    expect(mentionsDomain(flight)).toBe(true);
    expect(namesDronesClearly(flight)).toBe(false);
    expect(namesDronesClearly(questionWords('Can my Mavic fly in LAANC airspace?'))).toBe(true);
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
