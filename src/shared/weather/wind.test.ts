import { describe, expect, it } from 'vitest';
import { compassPoint, gustAtHeight, multiAltitudeWind, profileMethod, shownGust, windAtHeight, windShear, type WindLevel } from './wind.ts';

describe('compass sectors: 22.5° wide, north 348.75–11.25', () => {
  it.each([
    [0, 'N'],
    [348.75, 'N'],
    [348.74, 'NNW'],
    [11.24, 'N'],
    [11.25, 'NNE'],
    [22.5, 'NNE'],
    [33.75, 'NE'],
    [90, 'E'],
    [180, 'S'],
    [191.25, 'SSW'],
    [270, 'W'],
    [315, 'NW'],
    [360, 'N'],
    [-10, 'N'],
    [725, 'N'],
  ] as const)('%s° → %s', (deg, point) => expect(compassPoint(deg)).toBe(point));
});

const twoLevels: WindLevel[] = [
  { heightM: 10, speed: 5, direction: 350 },
  { heightM: 80, speed: 10, direction: 10 },
];
const allLevels: WindLevel[] = [...twoLevels, { heightM: 120, speed: 12, direction: 20 }, { heightM: 180, speed: 14, direction: 30 }];

describe('windAtHeight: log-law interpolation between model levels', () => {
  it('returns the model value at a model level', () => {
    expect(windAtHeight(allLevels, 10).speed).toBe(5);
    expect(windAtHeight(allLevels, 80).speed).toBeCloseTo(10, 10);
    expect(windAtHeight(allLevels, 120).speed).toBeCloseTo(12, 10);
  });
  it('is halfway at the geometric mean of two levels (linear in ln z)', () => {
    expect(windAtHeight(twoLevels, Math.sqrt(10 * 80)).speed).toBeCloseTo(7.5, 10);
    expect(windAtHeight(allLevels, Math.sqrt(80 * 120)).speed).toBeCloseTo(11, 10);
  });
  it('50 ft (15.24 m) sits where the log law puts it', () => {
    expect(windAtHeight(twoLevels, 15.24).speed).toBeCloseTo(5 + 5 * (Math.log(1.524) / Math.log(8)), 10);
  });
  it('400 ft (121.92 m) is between 120 and 180 m when 180 m is known', () => {
    const at = windAtHeight(allLevels, 121.92).speed;
    expect(at).toBeCloseTo(12 + 2 * (Math.log(121.92 / 120) / Math.log(1.5)), 10);
  });
  it('continues the top two levels’ log slope above the highest level', () => {
    expect(windAtHeight(twoLevels, 121.92).speed).toBeCloseTo(5 + 5 * (Math.log(12.192) / Math.log(8)), 10);
  });
  it('below the lowest level keeps the lowest level', () => {
    expect(windAtHeight(twoLevels, 2)).toEqual({ speed: 5, direction: 350 });
  });
  it('with the 10 m wind alone uses the open-terrain log profile (z0 = 0.03 m)', () => {
    const at = windAtHeight([{ heightM: 10, speed: 5, direction: 200 }], 121.92);
    expect(at.speed).toBeCloseTo((5 * Math.log(121.92 / 0.03)) / Math.log(10 / 0.03), 10);
    expect(at.direction).toBe(200);
    expect(profileMethod([{ heightM: 10, speed: 5, direction: 200 }])).toBe('log-law-10m');
    expect(profileMethod(twoLevels)).toBe('model-levels');
  });
  it('turns the direction along the shortest arc (350° → 10° passes north)', () => {
    expect(windAtHeight(twoLevels, Math.sqrt(10 * 80)).direction).toBeCloseTo(0, 10);
  });
  it('keeps a known direction when one level lacks it', () => {
    expect(windAtHeight([{ heightM: 10, speed: 3, direction: 90 }, { heightM: 80, speed: 6, direction: null }], 30).direction).toBe(90);
  });
  it('never goes negative when extrapolating a falling profile', () => {
    expect(windAtHeight([{ heightM: 10, speed: 8, direction: 0 }, { heightM: 80, speed: 1, direction: 0 }], 400).speed).toBe(0);
  });
  it('refuses an empty profile', () => expect(() => windAtHeight([], 10)).toThrow());
});

describe('gust at altitude scales with the wind', () => {
  it('keeps the surface gust factor', () => {
    expect(gustAtHeight(5, 8, 10)).toBeCloseTo(16, 10);
    expect(gustAtHeight(0, 4, 3)).toBe(4);
    expect(gustAtHeight(5, null, 10)).toBeNull();
  });
});

describe('multiAltitudeWind', () => {
  it('has the surface and every 50 ft step to 400 ft', () => {
    const profile = multiAltitudeWind(allLevels, 9);
    expect(Object.keys(profile)).toEqual([
      'wind_surface',
      'wind_50ft',
      'wind_100ft',
      'wind_150ft',
      'wind_200ft',
      'wind_250ft',
      'wind_300ft',
      'wind_350ft',
      'wind_400ft',
    ]);
    expect(profile.wind_surface).toEqual({ speed: 5, gust: 9, direction: 350 });
    expect(profile.wind_400ft.speed).toBeGreaterThan(profile.wind_200ft.speed);
    expect(profile.wind_400ft.gust! / profile.wind_400ft.speed).toBeCloseTo(9 / 5, 10);
  });
});

describe('shownGust: altitude gust if above that altitude’s wind, else surface gust, else none', () => {
  it('shows the altitude gust when it exceeds the altitude wind', () => {
    expect(shownGust({ speed: 10, gust: 16, direction: 0 }, 8)).toBe(16);
  });
  it('falls back to the surface gust when the altitude gust does not exceed the wind', () => {
    expect(shownGust({ speed: 10, gust: 10, direction: 0 }, 7)).toBe(7);
    expect(shownGust({ speed: 10, gust: null, direction: 0 }, 7)).toBe(7);
  });
  it('is none when neither exists', () => {
    expect(shownGust({ speed: 10, gust: null, direction: 0 }, null)).toBeNull();
    expect(shownGust({ speed: 0, gust: 0, direction: 0 }, 0)).toBeNull();
  });
});

describe('wind shear between surface and 400 ft', () => {
  it.each([
    [5, 5, 'low'],
    [5, 7.49, 'low'],
    [5, 7.5, 'moderate'],
    [5, 9.99, 'moderate'],
    [5, 10, 'high'],
    [10, 5, 'high'],
  ] as const)('%s → %s m/s is %s', (surface, aloft, level) => expect(windShear(surface, aloft).level).toBe(level));
});
