import { describe, expect, it } from 'vitest';
import { asksForLogbookTotals } from './answer-engine.ts';

describe('a question about the pilot’s own logbook', () => {
  it('is one when it asks a total of the pilot’s own flights', () => {
    for (const q of ['how many flights have i logged', 'how many hours have i flown', 'when did i last fly', 'what are my total flight hours', 'when was my last flight']) {
      expect(asksForLogbookTotals(q)).toBe(true);
    }
  });

  it('is not one when a flight or "I fly" is only part of another question', () => {
    for (const q of ['how many mah power bank can i bring on a southwest flight for my phone', 'how many hours after drinking can i fly a drone', 'how much wind can i fly in']) {
      expect(asksForLogbookTotals(q)).toBe(false);
    }
  });
});
