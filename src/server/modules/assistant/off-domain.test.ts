import { describe, expect, it } from 'vitest';
import { namesAnotherMachine, outsideSubject } from './off-domain.ts';

// The real encoder (no network). Wordings of our own, in none of the evaluation sets.
describe('subjects outside drones, by meaning', () => {
  it.each([
    ['my car battery dies overnight, could it be the alternator', 'devices'],
    ['how many hours of flight school to get a commercial helicopter licence', 'aviation'],
    ['best iso and aperture for indoor portraits with my canon dslr', 'photography'],
  ])('recognises "%s" as %s when no section is closer', async (q, kind) => {
    expect(await outsideSubject(q, 0.3)).toBe(kind);
  });

  it.each(['what time does the sun come up in phoenix on friday', 'how do i stop my slice when the wind is across the fairway', 'avoiding gimbal lock when i animate a camera in unity'])(
    'recognises "%s" as outside drones',
    async (q) => {
      expect(await outsideSubject(q, 0.3)).not.toBeNull();
    },
  );

  it('leaves a question alone when a knowledge-base section is closer than any outside subject', async () => {
    expect(await outsideSubject('my car battery dies overnight, could it be the alternator', 0.95)).toBeNull();
  });
});

describe('a question about another machine’s part', () => {
  it('is recognised by the machine named with the part', () => {
    for (const q of ['the prop on my 15hp mercury outboard is dinged', 'maps points the wrong way on my samsung, how do i calibrate the compass', 'my ipad battery is swelling', 'the gps on my pixel is off by a block', 'how to fix a traxxas rustler esc that cuts out', 'best day for flying a kite', 'my rc truck esc overheats on long runs', 'tips for flying a dual line kite at the beach', 'flying a big four line power kite in gusts', 'my shaver stopped charging', 'roomba battery dies after ten minutes']) {
      expect(namesAnotherMachine(q), q).toBe(true);
    }
  });

  it('is not a question about a drone near or in a car', () => {
    for (const q of ['can i charge my batteries in the car', 'does the compass get confused in my car', 'can i launch from my truck bed', 'my phone keeps disconnecting from the controller', 'my fpv quad esc cuts out on punch outs', 'can my drone gps be thrown off by the car', 'how long should i watch the battery after a hard landing', 'can i charge batteries while i drill holes in the case']) {
      expect(namesAnotherMachine(q)).toBe(false);
    }
  });
});
