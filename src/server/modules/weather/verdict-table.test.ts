import { describe, expect, it } from 'vitest';
import { simpleBrief } from '../../../shared/weather/brief.ts';
import { withDefaults } from '../../../shared/weather/colours.ts';
import type { WeatherResponse } from '../../../shared/weather/contract.ts';
import { classifyHour, flyWindow, type FlyStatus } from '../../../shared/weather/fly-windows.ts';
import { flightScore } from '../../../shared/weather/score.ts';
import { nowVerdict } from '../../../shared/weather/verdict.ts';
import { presentWeatherOf } from '../../../shared/weather/wmo.ts';
import { ruleBasedAnalysis } from './analysis.ts';
import { NO_PILOT_DATA } from './pilot-profile.ts';

/**
 * Issue 16: the score card, the brief, the analysis and the timeline must never disagree about now.
 * Each row is one kind of weather; every screen's verdict is computed from it the way the page does.
 */
interface Row {
  name: string;
  wind: number;
  gust: number;
  visibility: number;
  temp: number;
  code: number;
  kp: number;
  pop: number;
  expected: FlyStatus;
}

const TABLE: Row[] = [
  { name: 'calm', wind: 2, gust: 3, visibility: 20_000, temp: 18, code: 0, kp: 1, pop: 0, expected: 'fly' },
  // The case: a high score, gusts past the limit.
  { name: 'gusty', wind: 4, gust: 10.8, visibility: 20_000, temp: 18, code: 1, kp: 1, pop: 0, expected: 'no-fly' },
  { name: 'low visibility', wind: 2, gust: 3, visibility: 800, temp: 12, code: 45, kp: 1, pop: 10, expected: 'no-fly' },
  { name: 'high Kp', wind: 2, gust: 3, visibility: 20_000, temp: 18, code: 0, kp: 7, pop: 0, expected: 'no-fly' },
  { name: 'moderate Kp', wind: 2, gust: 3, visibility: 20_000, temp: 18, code: 0, kp: 5, pop: 0, expected: 'caution' },
  { name: 'rain', wind: 3, gust: 4, visibility: 9_000, temp: 14, code: 63, kp: 1, pop: 90, expected: 'no-fly' },
  { name: 'cold', wind: 2, gust: 3, visibility: 20_000, temp: -25, code: 0, kp: 1, pop: 0, expected: 'no-fly' },
];

const NOW = 1_800_000_000;
const thresholds = withDefaults(undefined);

function screens(r: Row) {
  const hour = classifyHour(
    { time: NOW, windSpeed: r.wind, windAt400ft: null, windGust: r.gust, precipitationProbability: r.pop, visibility: r.visibility, temperature: r.temp, cloudCover: 10, weatherCode: r.code, isDay: true },
    { thresholds, droneWindLimitMs: null, kp: r.kp, nowS: NOW },
  );
  const droneConditions = flightScore({ windSpeed: r.wind, visibility: r.visibility, present: presentWeatherOf(r.code), temperature: r.temp, kp: r.kp, lightningRecent: false });
  const current = { wind_speed: r.wind, wind_deg: 270, wind_gust: r.gust, visibility: r.visibility, temp: r.temp, weather: [] } as unknown as WeatherResponse['current'];
  const window = flyWindow([hour], NOW, 0);
  const verdict = nowVerdict([hour]);
  const brief = simpleBrief({ droneConditions, current, hourly: [hour] }, 'imperial');
  const analysis = ruleBasedAnalysis({
    wind: { speed: r.wind, gust: r.gust, direction: 270 },
    temperature: r.temp,
    visibility: r.visibility,
    precipitationProbability: r.pop,
    cloudCover: 10,
    kp: r.kp,
    satellites: { visible: 20, locked: 17 },
    thresholds,
    pilot: NO_PILOT_DATA,
    flyWindow: window.text,
    now: verdict,
    units: { system: 'imperial', speedUnit: 'mph' },
  });
  return { hour, droneConditions, window, verdict, brief, analysis };
}

describe('one verdict per screen (issue 16)', () => {
  it.each(TABLE)('$name: the timeline says $expected, and the score card, brief and analysis agree', (row) => {
    const { hour, window, verdict, brief, analysis } = screens(row);
    expect(hour.status).toBe(row.expected);
    expect(verdict!.status).toBe(hour.status);
    if (hour.status === 'no-fly') {
      // The timeline has no good window now; every card says "not advised" first.
      expect(window.start).toBeNull();
      expect(verdict!.headline).toMatch(/^Flying now is not advised: /);
      expect(brief.level).toBe('poor');
      expect(brief.text.startsWith(verdict!.headline!)).toBe(true);
      expect(['HIGH', 'EXTREME']).toContain(analysis.riskLevel);
      expect(analysis.summary.startsWith(verdict!.headline!)).toBe(true);
      expect(analysis.recommendation).not.toMatch(/^Fly as planned/);
    } else if (hour.status === 'caution') {
      expect(brief.level).not.toBe('good');
      expect(brief.text.startsWith(verdict!.headline!)).toBe(true);
    } else {
      expect(window.start).toBe(NOW);
      expect(verdict!.headline).toBeNull();
      expect(brief.level).not.toBe('poor');
      expect(['LOW', 'MODERATE']).toContain(analysis.riskLevel);
      expect(brief.text).not.toContain('not advised');
    }
  });

  it('the gusty case: a high score no longer reads as a go', () => {
    const { droneConditions, brief, analysis } = screens(TABLE[1]!);
    expect(droneConditions.score).toBeGreaterThanOrEqual(80); // the spec's formula keeps its score
    expect(brief.text).toMatch(/^Flying now is not advised: gusts past your limits\./);
    expect(analysis.summary).toMatch(/^Flying now is not advised: gusts past your limits\./);
  });

  it('speaks the pilot’s units: no m/s or °C in an imperial analysis or brief', () => {
    for (const row of TABLE) {
      const { brief, analysis } = screens(row);
      const words = [brief.text, analysis.summary, analysis.recommendation, ...analysis.factors.map((f) => f.detail)].join(' ');
      expect(words, row.name).not.toMatch(/m\/s|°C|km\/h|\d km\b/);
    }
    expect(screens(TABLE[1]!).analysis.factors.find((f) => f.factor === 'gusts')!.detail).toMatch(/^Gusts of 24 mph exceed the \d+ mph limit$/);
  });
});
