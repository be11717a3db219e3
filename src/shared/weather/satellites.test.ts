import { describe, expect, it } from 'vitest';
import { estimateSatellites, splitConstellations } from './satellites.ts';

describe('satellite estimate by accuracy (§9)', () => {
  it.each([
    [0, 18, { min: 16, max: 19 }],
    [3, 18, { min: 16, max: 19 }],
    [3.01, 15, { min: 14, max: 16 }],
    [5, 15, { min: 14, max: 16 }],
    [5.5, 13, { min: 12, max: 14 }],
    [15, 13, { min: 12, max: 14 }],
    [15.1, 11, { min: 10, max: 12 }],
    [50, 11, { min: 10, max: 12 }],
    [50.1, 10, { min: 9, max: 10 }],
    [5000, 10, { min: 9, max: 10 }],
  ])('accuracy %s m → %s visible', (accuracy, visible, range) => {
    const e = estimateSatellites(accuracy);
    expect(e.visible).toBe(visible);
    expect(e.visible).toBeGreaterThanOrEqual(range.min);
    expect(e.visible).toBeLessThanOrEqual(range.max);
    expect(e.range).toEqual(range);
    expect(e.locked).toBe(Math.round(visible * 0.85));
  });
  it('with no accuracy at all uses the defaults 22 visible / 18 locked', () => {
    expect(estimateSatellites(null)).toMatchObject({ visible: 22, locked: 18, range: null });
    expect(estimateSatellites(Number.NaN)).toMatchObject({ visible: 22, locked: 18 });
  });
});

describe('constellation split 40/30/20/10', () => {
  it('adds up to the total', () => {
    for (let n = 0; n <= 40; n++) {
      const s = splitConstellations(n);
      expect(s.gps + s.glonass + s.galileo + s.beidou).toBe(n);
      expect(Math.min(s.gps, s.glonass, s.galileo, s.beidou)).toBeGreaterThanOrEqual(0);
    }
  });
  it('splits 20 exactly', () => expect(splitConstellations(20)).toEqual({ gps: 8, glonass: 6, galileo: 4, beidou: 2 }));
});
