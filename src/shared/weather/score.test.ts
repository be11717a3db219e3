import { describe, expect, it } from 'vitest';
import {
  briefLevel,
  flightScore,
  kpPenalty,
  precipitationPenalty,
  rating,
  temperaturePenalty,
  visibilityPenalty,
  windPenalty,
  type ScoreInput,
} from './score.ts';

const calm: ScoreInput = { windSpeed: 2, visibility: 10_000, present: [], temperature: 20, kp: 1, lightningRecent: false };

describe('wind penalty (m/s): up to 5 none, 5-8 -15, 8-12 -30, over 12 -40', () => {
  it.each([
    [0, 0],
    [5, 0],
    [5.01, 15],
    [8, 15],
    [8.01, 30],
    [12, 30],
    [12.01, 40],
    [40, 40],
  ])('%s m/s → -%s', (ms, points) => expect(windPenalty(ms)).toBe(points));
  it('unknown wind costs nothing', () => expect(windPenalty(null)).toBe(0));
});

describe('visibility penalty: under 1 km -35, 1-3 km -20', () => {
  it.each([
    [0, 35],
    [999, 35],
    [1000, 20],
    [2999, 20],
    [3000, 0],
    [24_140, 0],
  ])('%s m → -%s', (m, points) => expect(visibilityPenalty(m)).toBe(points));
  it('unknown visibility costs nothing', () => expect(visibilityPenalty(null)).toBe(0));
});

describe('precipitation penalty: rain or thunderstorm -50, snow -30, mist/fog/haze -15, worst only', () => {
  it.each([
    [[], 0],
    [['rain'], 50],
    [['drizzle'], 50],
    [['thunderstorm'], 50],
    [['snow'], 30],
    [['mist'], 15],
    [['fog'], 15],
    [['haze'], 15],
    [['snow', 'fog'], 30],
    [['rain', 'snow', 'mist'], 50],
  ] as const)('%j → -%s', (present, points) => expect(precipitationPenalty(present)).toBe(points));
});

describe('temperature penalty: under -10 -25, -10 to 0 -10, over 40 -10', () => {
  it.each([
    [-30, 25],
    [-10.01, 25],
    [-10, 10],
    [-0.01, 10],
    [0, 0],
    [40, 0],
    [40.01, 10],
  ])('%s °C → -%s', (c, points) => expect(temperaturePenalty(c)).toBe(points));
});

describe('Kp penalty: 1-3 -10, 3-6 -20, over 6 -100', () => {
  it.each([
    [0, 0],
    [1, 0],
    [1.33, 10],
    [3, 10],
    [3.33, 20],
    [6, 20],
    [6.33, 100],
    [9, 100],
  ])('Kp %s → -%s', (kp, points) => expect(kpPenalty(kp)).toBe(points));
});

describe('ratings', () => {
  it.each([
    [100, 'Excellent'],
    [90, 'Excellent'],
    [89, 'Good'],
    [70, 'Good'],
    [69, 'Fair'],
    [50, 'Fair'],
    [49, 'Poor'],
    [30, 'Poor'],
    [29, 'Dangerous'],
    [0, 'Dangerous'],
  ] as const)('%s → %s', (score, label) => expect(rating(score)).toBe(label));
});

describe('basic-tier brief level', () => {
  it.each([
    [100, 'good'],
    [70, 'good'],
    [69, 'caution'],
    [50, 'caution'],
    [49, 'poor'],
    [0, 'poor'],
  ] as const)('%s → %s', (score, level) => expect(briefLevel(score)).toBe(level));
});

describe('flightScore', () => {
  it('is 100 and Excellent in calm weather', () => {
    expect(flightScore(calm)).toEqual({ score: 100, overall: 'Excellent', penalties: [] });
  });

  it('adds the penalties up and names them', () => {
    const r = flightScore({ ...calm, windSpeed: 9, present: ['mist'], kp: 2 });
    expect(r.score).toBe(100 - 30 - 15 - 10);
    expect(r.overall).toBe('Poor');
    expect(r.penalties.map((p) => [p.factor, p.points])).toEqual([
      ['wind', 30],
      ['precipitation', 15],
      ['kp', 10],
    ]);
    const worse = flightScore({ ...calm, windSpeed: 9, visibility: 2000, present: ['mist'], kp: 2 });
    expect(worse).toMatchObject({ score: 25, overall: 'Dangerous' });
  });

  it('a Kp storm or recent lightning alone makes it 0 and Dangerous, never negative', () => {
    expect(flightScore({ ...calm, kp: 7 })).toMatchObject({ score: 0, overall: 'Dangerous' });
    expect(flightScore({ ...calm, lightningRecent: true, windSpeed: 20 })).toMatchObject({ score: 0, overall: 'Dangerous' });
  });

  it('unknown values cost nothing', () => {
    expect(flightScore({ windSpeed: null, visibility: null, present: [], temperature: null, kp: null, lightningRecent: false }).score).toBe(100);
  });
});
