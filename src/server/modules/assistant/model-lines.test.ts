import { describe, expect, it } from 'vitest';
import { modelLinePreference, modelLinesNamed, OTHER_LINE } from './model-lines.ts';

describe('drone model lines', () => {
  it('are read from a question or a heading, an everyday "air" or "flip" not', () => {
    expect([...modelLinesNamed('Does my Mavic 3 Pro handle 30 mph gusts?')]).toEqual(['mavic']);
    expect([...modelLinesNamed('air 2s vs dji flip for travel')].sort()).toEqual(['air', 'flip']);
    expect(modelLinesNamed('is the air too thin at 10,000 ft to do a flip').size).toBe(0);
  });

  it('lower a section headed for another line, and only then', () => {
    const mini = 'Propeller guards for DJI Mini drones';
    expect(modelLinePreference(mini, new Set(['avata']))).toBe(OTHER_LINE);
    expect(modelLinePreference(mini, new Set(['mini']))).toBe(1);
    expect(modelLinePreference(mini, new Set())).toBe(1);
    expect(modelLinePreference('Cleaning the gimbal', new Set(['avata']))).toBe(1);
    // An article for some models only: its sections' headings need not name them.
    expect(modelLinePreference('Linking the remote controller', new Set(['mavic']), ['Avata 2', 'DJI Neo'])).toBe(OTHER_LINE);
    expect(modelLinePreference('Linking the remote controller', new Set(['neo']), ['Avata 2', 'DJI Neo'])).toBe(1);
  });

  it('treats toy drones as a line of their own', () => {
    const toy = 'Short flight time on a toy drone: 5 to 10 minutes per battery is normal';
    expect(modelLinePreference(toy, modelLinesNamed('how long does a mini 4 pro battery take to charge'))).toBeLessThan(1);
    expect(modelLinePreference(toy, modelLinesNamed('my toy drone only flies 6 minutes'))).toBe(1);
    expect(modelLinePreference(toy, modelLinesNamed('cheap amazon drone only flies 6 minutes'))).toBe(1);
    expect(modelLinePreference(toy, modelLinesNamed('my drone is broken help'))).toBeLessThan(1);
  });
});
