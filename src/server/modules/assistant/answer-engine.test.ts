import { describe, expect, it } from 'vitest';
import { asksForLogbookTotals, refersToUnnamed } from './answer-engine.ts';

describe('a question about the pilot’s own logbook', () => {
  it('is one when it asks a total of the pilot’s own flights', () => {
    for (const q of ['how many flights have i logged', 'how many hours have i flown', 'when did i last fly', 'what are my total flight hours', 'when was my last flight', 'how long was my last flight', 'how many hours are in my logbook']) {
      expect(asksForLogbookTotals(q)).toBe(true);
    }
  });

  it('is not one when a flight or "I fly" is only part of another question', () => {
    for (const q of ['how many mah power bank can i bring on a southwest flight for my phone', 'how many hours after drinking can i fly a drone', 'how much wind can i fly in', 'my flight to cancun got cancelled last minute, am i owed compensation from the airline', 'how much did my flight to denver cost']) {
      expect(asksForLogbookTotals(q)).toBe(false);
    }
  });
});

describe('a question pointing at a thing it never names', () => {
  it('is one with no question before it and no drone named', () => {
    for (const q of ['how much does that one weigh', 'is this one waterproof', 'how do i reset it']) expect(refersToUnnamed(q, [], false), q).toBe(true);
  });

  it('is not one when "it" stands for the question, the thing is named before, or a question came before', () => {
    expect(refersToUnnamed('is it legal to fly at the beach', [], false)).toBe(false);
    expect(refersToUnnamed('why is it colder at altitude', [], false)).toBe(false);
    expect(refersToUnnamed('what is laanc and how do i use it', [], false)).toBe(false);
    expect(refersToUnnamed('how do i reset it', ['my controller will not link'], false)).toBe(false);
    expect(refersToUnnamed('how do i reset it', [], true)).toBe(false);
  });
});
