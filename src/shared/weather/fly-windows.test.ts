import { describe, expect, it } from 'vitest';
import { withDefaults } from './colours.ts';
import { buildTimeline, classifyHour, flyWindow, type HourConditions, type TimelineHour, type TimelineOptions } from './fly-windows.ts';
import { kmhToMs } from './units.ts';

const NOW = Date.parse('2026-03-05T12:00:00Z') / 1000;
const options: TimelineOptions = { thresholds: withDefaults(undefined), droneWindLimitMs: null, kp: 2, nowS: NOW };
const good: HourConditions = {
  time: NOW,
  windSpeed: kmhToMs(10),
  windAt400ft: kmhToMs(15),
  windGust: kmhToMs(15),
  precipitationProbability: 0,
  visibility: 20_000,
  temperature: 15,
  cloudCover: 10,
  weatherCode: 0,
  isDay: true,
};
const classify = (over: Partial<HourConditions>, o: Partial<TimelineOptions> = {}) => classifyHour({ ...good, ...over }, { ...options, ...o });

describe('classifyHour against the default thresholds', () => {
  it('a calm clear day hour is fly', () => expect(classify({})).toEqual({ time: NOW, status: 'fly', limitingFactor: null, factors: [] }));

  it.each([
    [{ windSpeed: kmhToMs(25) }, 'caution', 'wind'],
    [{ windSpeed: kmhToMs(20) }, 'fly', null],
    [{ windSpeed: kmhToMs(20.1) }, 'caution', 'wind'],
    [{ windSpeed: kmhToMs(25.1) }, 'no-fly', 'wind'],
    [{ windGust: kmhToMs(28.1) }, 'caution', 'gusts'],
    [{ windGust: kmhToMs(35.1) }, 'no-fly', 'gusts'],
    [{ visibility: 7499 }, 'caution', 'visibility'],
    [{ visibility: 7500 }, 'fly', null],
    [{ visibility: 4999 }, 'no-fly', 'visibility'],
    [{ temperature: -10.5 }, 'no-fly', 'temperature'],
    [{ temperature: 40.5 }, 'no-fly', 'temperature'],
    [{ precipitationProbability: 21 }, 'caution', 'precipitation'],
    [{ precipitationProbability: 20 }, 'fly', null],
    [{ cloudCover: 71 }, 'caution', 'clouds'],
    [{ weatherCode: 45 }, 'caution', 'fog'],
    [{ weatherCode: 61 }, 'no-fly', 'rain'],
    [{ weatherCode: 53 }, 'no-fly', 'rain'],
    [{ weatherCode: 73 }, 'no-fly', 'snow'],
    [{ weatherCode: 95 }, 'no-fly', 'thunderstorm'],
    [{ isDay: false }, 'caution', 'darkness'],
  ] as const)('%j → %s (%s)', (over, status, factor) => {
    const h = classify(over);
    expect(h.status).toBe(status);
    expect(h.limitingFactor).toBe(factor);
  });

  it('names the most limiting factor first and lists the others', () => {
    const h = classify({ weatherCode: 95, windSpeed: kmhToMs(30), isDay: false, cloudCover: 90 });
    expect(h.status).toBe('no-fly');
    expect(h.factors).toEqual(['thunderstorm', 'wind', 'clouds', 'darkness']);
  });

  it("judges the wind at 400 ft against the drone's own limit", () => {
    expect(classify({ windAt400ft: 9.1 }, { droneWindLimitMs: 9 }).limitingFactor).toBe('drone-wind-limit');
    expect(classify({ windAt400ft: 9.1 }, { droneWindLimitMs: 9 }).status).toBe('no-fly');
    expect(classify({ windAt400ft: 7.3 }, { droneWindLimitMs: 9 }).status).toBe('caution');
    expect(classify({ windAt400ft: 7.2 }, { droneWindLimitMs: 9 }).status).toBe('fly');
    expect(classify({ windAt400ft: null, windSpeed: 9.5 }, { droneWindLimitMs: 9 }).factors).toContain('drone-wind-limit');
  });

  it('applies the current Kp to the next three hours only', () => {
    expect(classify({}, { kp: 7 }).limitingFactor).toBe('geomagnetic');
    expect(classify({}, { kp: 7 }).status).toBe('no-fly');
    expect(classify({}, { kp: 5 }).status).toBe('caution');
    expect(classify({ time: NOW + 3 * 3600 }, { kp: 7 }).status).toBe('fly');
  });

  it("uses the pilot's own thresholds", () => {
    expect(classify({ windSpeed: kmhToMs(18) }, { thresholds: withDefaults({ wind: 15 }) }).status).toBe('no-fly');
    expect(classify({ windSpeed: kmhToMs(30) }, { thresholds: withDefaults({ wind: 40 }) }).status).toBe('fly');
  });
});

const hoursOf = (statuses: string, factor: TimelineHour['limitingFactor'] = 'gusts'): TimelineHour[] =>
  [...statuses].map((c, i) => {
    const status = c === 'F' ? 'fly' : c === 'C' ? 'caution' : 'no-fly';
    const f = status === 'fly' ? null : factor;
    return { time: NOW + i * 3600, status, limitingFactor: f, factors: f ? [f] : [] };
  });

describe('flyWindow in words', () => {
  it('a later window: "Good from 14:00 to 18:00, limited by gusts before."', () => {
    const w = flyWindow(hoursOf('XXFFFFC'), NOW, 0);
    expect(w.text).toBe('Good from 14:00 to 18:00, limited by gusts before.');
    expect(w).toMatchObject({ start: NOW + 2 * 3600, end: NOW + 6 * 3600, limitedBefore: 'gusts', limitedAfter: 'gusts' });
  });
  it('a window open now', () => {
    const tl = hoursOf('FFFX');
    tl[3]!.limitingFactor = 'rain';
    expect(flyWindow(tl, NOW, 0).text).toBe('Good now until 15:00, then limited by rain.');
  });
  it('good for the whole timeline', () => expect(flyWindow(hoursOf('FFFF'), NOW, 0).text).toBe('Good for the next 4 hours.'));
  it('a window that runs to the end of the timeline', () =>
    expect(flyWindow(hoursOf('CCFF', 'darkness'), NOW, 0).text).toBe('Good from 14:00 onwards, limited by darkness before.'));
  it('a window on a later day names the day, in local time', () => {
    const tl = hoursOf(`${'X'.repeat(20)}FFF${'X'}`, 'wind');
    expect(flyWindow(tl, NOW, 0).text).toBe('Good from tomorrow 08:00 to 11:00, limited by wind before.');
    expect(flyWindow(tl, NOW, -5 * 3600).text).toBe('Good from tomorrow 03:00 to 06:00, limited by wind before.');
    expect(flyWindow(tl, NOW, -10 * 3600).text).toBe('Good from 22:00 to tomorrow 01:00, limited by wind before.');
  });
  it('no window at all names the most common limiting factor', () => {
    const tl = [...hoursOf('XX', 'rain'), ...hoursOf('XXX', 'wind')];
    expect(flyWindow(tl, NOW, 0)).toMatchObject({ start: null, end: null, text: 'No good window in the next 5 hours, limited mostly by wind.' });
  });
  it('an empty timeline says so', () => expect(flyWindow([], NOW, 0).text).toBe('No hourly forecast is available.'));
  it('buildTimeline classifies every hour', () => {
    const tl = buildTimeline([good, { ...good, time: NOW + 3600, weatherCode: 61 }], options);
    expect(tl.map((h) => h.status)).toEqual(['fly', 'no-fly']);
    expect(flyWindow(tl, NOW, 0).text).toBe('Good now until 13:00, then limited by rain.');
  });
});
