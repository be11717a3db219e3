import { describe, expect, it } from 'vitest';
import { outsideSubject } from './off-domain.ts';

// The real encoder (no network). Wordings of our own, in none of the evaluation sets.
describe('subjects outside drones, by meaning', () => {
  it.each([
    ['my car battery dies overnight, could it be the alternator', 'devices'],
    ['how many hours of flight school to get a commercial helicopter licence', 'aviation'],
    ['best iso and aperture for indoor portraits with my canon dslr', 'photography'],
  ])('recognises "%s" as %s when no section is closer', async (q, kind) => {
    expect(await outsideSubject(q, 0.3)).toBe(kind);
  });

  it('leaves a question alone when a knowledge-base section is closer than any outside subject', async () => {
    expect(await outsideSubject('my car battery dies overnight, could it be the alternator', 0.95)).toBeNull();
  });
});
