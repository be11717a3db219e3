import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../shared/weather/colours.ts';
import { ruleBasedAnalysis, type AnalysisInput } from './analysis.ts';
import { NO_PILOT_DATA } from './pilot-profile.ts';
import { experienceFromHours } from './policy.ts';

const calm: AnalysisInput = {
  wind: { speed: 2, gust: 3, direction: 270 },
  temperature: 18,
  visibility: 20_000,
  precipitationProbability: 0,
  cloudCover: 10,
  kp: 1,
  satellites: { visible: 20, locked: 17 },
  thresholds: withDefaults(undefined),
  pilot: NO_PILOT_DATA,
  flyWindow: 'Good for the next 48 hours.',
};
const mavic = { droneRegistered: true, droneName: 'Work Mavic', droneClass: 'DJI Mavic 3', windLimitMs: 12, flightHours: 120 };

describe('rule-based flight analysis', () => {
  it('calm weather is LOW risk and says nothing limits the flight', () => {
    const a = ruleBasedAnalysis(calm);
    expect(a).toMatchObject({ riskLevel: 'LOW', generatedBy: 'rules', error: null });
    expect(a.summary).toContain('Good flying conditions.');
    expect(a.summary).toContain('nothing limits the flight');
    expect(a.recommendation).toBe('Fly as planned.');
  });

  it('says honestly that no drone or logbook is known and which limit stood in', () => {
    const a = ruleBasedAnalysis(calm);
    expect(a.summary).toContain('No drone is registered yet, so your general wind threshold of 6.9 m/s stands in');
    expect(a.summary).toContain('with no flights logged yet, as a beginner');
    expect(a.pilot).toEqual({ droneRegistered: false, droneName: null, windLimitMs: 6.9, windLimitSource: 'default', flightHours: 0, experience: 'Beginner' });
  });

  it("uses the primary drone's wind limit and the logged hours when known", () => {
    const windy = { ...calm, wind: { speed: 9, gust: 10, direction: 0 } };
    expect(ruleBasedAnalysis(windy).riskLevel).toBe('EXTREME'); // 9 m/s is far past the 6.9 m/s general limit
    const a = ruleBasedAnalysis({ ...windy, pilot: mavic });
    expect(a.riskLevel).toBe('MODERATE');
    expect(a.summary).toContain('Judged against your Work Mavic (12 m/s wind limit) and your 120 logged hours (experienced).');
    expect(a.pilot).toMatchObject({ windLimitMs: 12, windLimitSource: 'drone', experience: 'Experienced' });
  });

  it('names the limiting factor and when it improves', () => {
    const a = ruleBasedAnalysis({
      ...calm,
      pilot: mavic,
      wind: { speed: 11, gust: 15, direction: 200 },
      flyWindow: 'Good from 14:00 to 18:00, limited by gusts before.',
    });
    expect(a.riskLevel).toBe('HIGH');
    expect(a.summary).toContain('Gusts of 15 m/s exceed the 12 m/s limit and limits the flight.');
    expect(a.summary).toContain('Good from 14:00 to 18:00, limited by gusts before.');
    expect(a.recommendation).toMatch(/^Postpone the flight until the gusts ease\. Good from 14:00/);
    expect(a.recommendation).toContain('If you must fly: expect sudden drift');
  });

  it('a severe geomagnetic storm is EXTREME and never suggests flying', () => {
    const a = ruleBasedAnalysis({ ...calm, kp: 7 });
    expect(a.riskLevel).toBe('EXTREME');
    expect(a.recommendation).toMatch(/^Do not fly: kp 7/);
    expect(a.recommendation).not.toContain('If you must fly');
  });

  it('lists what to watch beside the limiting factor', () => {
    const a = ruleBasedAnalysis({ ...calm, pilot: mavic, temperature: 2, cloudCover: 90, satellites: { visible: 9, locked: 6 } });
    expect(a.riskLevel).toBe('MODERATE');
    expect(a.summary).toContain('Also watch:');
    expect(a.factors.filter((f) => f.severity > 0).map((f) => f.factor).sort()).toEqual(['clouds', 'satellites', 'temperature']);
  });

  it('a beginner gets the next risk level for a marginal factor', () => {
    const marginal = { ...calm, visibility: 2500 };
    expect(ruleBasedAnalysis(marginal).riskLevel).toBe('HIGH');
    expect(ruleBasedAnalysis({ ...marginal, pilot: mavic }).riskLevel).toBe('MODERATE');
  });

  it('confidence drops with missing inputs, no drone and no timeline', () => {
    expect(ruleBasedAnalysis({ ...calm, pilot: mavic }).confidence).toBe(90);
    expect(ruleBasedAnalysis(calm).confidence).toBe(80);
    const sparse = ruleBasedAnalysis({ ...calm, kp: null, visibility: null, flyWindow: null, satellites: { visible: null, locked: null } });
    expect(sparse.confidence).toBe(60);
  });
});

describe('experience from logged hours', () => {
  it.each([
    [0, 'Beginner'],
    [9.9, 'Beginner'],
    [10, 'Intermediate'],
    [49.9, 'Intermediate'],
    [50, 'Experienced'],
    [199, 'Experienced'],
    [200, 'Expert'],
  ] as const)('%s h → %s', (h, level) => expect(experienceFromHours(h)).toBe(level));
});
