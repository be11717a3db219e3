import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../../shared/weather/colours.ts';
import { buildCards, CARD_IDS, formatDuration, type CardId, type DisplayOptions } from './cards.ts';
import { sampleWeather } from './sample-weather.test-support.ts';

const options = (o: Partial<DisplayOptions> = {}): DisplayOptions => ({
  system: 'imperial',
  speedUnit: 'mph',
  altitudeFt: 0,
  thresholds: withDefaults(undefined),
  ...o,
});
const card = (id: CardId, w = sampleWeather(), o: Partial<DisplayOptions> = {}) => buildCards(w, options(o)).find((c) => c.id === id)!;

describe('buildCards', () => {
  it('gives the twelve cards of §2.2 in order with their titles', () => {
    expect(buildCards(sampleWeather(), options()).map((c) => [c.id, c.title])).toEqual([
      ['weather', 'Weather'],
      ['sun', 'Sun Times'],
      ['temperature', 'Temperature'],
      ['wind', 'Wind'],
      ['gusts', 'Gusts'],
      ['windDir', 'Wind Dir.'],
      ['precipitation', 'Precip Prob'],
      ['clouds', 'Cloud Cover'],
      ['visibility', 'Visibility'],
      ['visibleSats', 'Visible Sats'],
      ['kp', 'Kp'],
      ['lockedSats', 'Sats Locked'],
    ]);
    expect(CARD_IDS).toHaveLength(12);
  });

  it('converts by the measurement system', () => {
    expect(card('temperature').value).toBe('84°F');
    expect(card('temperature', sampleWeather(), { system: 'metric' }).value).toBe('29°C');
    expect(card('visibility').value).toBe('6+ mi');
    expect(card('visibility', sampleWeather(), { system: 'metric' }).value).toBe('10+ km');
  });

  it('shows the wind and gust of the chosen altitude in the chosen unit', () => {
    expect(card('wind').value).toBe('9 mph');
    expect(card('wind').label).toBe('Surface · from N');
    const aloft = card('wind', sampleWeather(), { altitudeFt: 400, speedUnit: 'ms' });
    expect(aloft.value).toBe('9.6 m/s');
    expect(aloft.label).toBe('400 ft · from N');
    expect(card('gusts', sampleWeather(), { altitudeFt: 400, speedUnit: 'kmh' }).value).toBe('94 km/h');
  });

  it("says 'None' when there is no gust (§4), and colours that green", () => {
    const w = sampleWeather();
    w.current.wind_gust = null;
    for (const key of Object.keys(w.multiAltitudeWind) as (keyof typeof w.multiAltitudeWind)[]) w.multiAltitudeWind[key].gust = null;
    expect(card('gusts', w)).toMatchObject({ value: 'None', colour: 'green' });
  });

  it('colours by the §9 bands', () => {
    expect(card('wind').colour).toBe('green'); // 14 km/h
    expect(card('wind', sampleWeather(), { altitudeFt: 100 }).colour).toBe('yellow'); // 23 km/h
    expect(card('wind', sampleWeather(), { altitudeFt: 200 })).toMatchObject({ colour: 'red', alert: true }); // 29 km/h, past the default 25
    expect(card('gusts').colour).toBe('red'); // 39 km/h
    expect(card('kp').colour).toBe('green');
    expect(card('visibleSats').colour).toBe('green'); // 11
    const w = sampleWeather();
    w.satellites = { visible: 6, locked: 4 };
    expect(card('visibleSats', w).colour).toBe('yellow');
    expect(card('lockedSats', w).colour).toBe('red');
  });

  it("turns a card red past the pilot's own threshold", () => {
    const strict = withDefaults({ wind: 10, cloudCover: 0 });
    const w = sampleWeather();
    w.current.clouds = 5;
    expect(card('wind', w, { thresholds: strict })).toMatchObject({ colour: 'red', alert: true });
    expect(card('clouds', w, { thresholds: strict })).toMatchObject({ colour: 'red', alert: true });
    expect(card('clouds', w)).toMatchObject({ colour: 'green', alert: false });
  });

  it('uses the §9 labels', () => {
    const w = sampleWeather();
    expect(card('clouds', w).label).toBe('Clear');
    w.current.clouds = 60;
    expect(card('clouds', w).label).toBe('Mostly cloudy');
    expect(card('kp', w).label).toBe('Quiet');
    expect(card('visibility', w).label).toBe('Excellent');
    expect(card('visibleSats', w).label).toBe('Excellent · estimated');
    expect(card('windDir', w)).toMatchObject({ value: 'N', label: 'From 4°', colour: 'neutral' });
  });

  it('says Kp is unavailable when the provider failed', () => {
    const w = sampleWeather();
    w.current.kp_index = null;
    expect(card('kp', w)).toMatchObject({ value: '—', label: 'Unavailable', colour: 'neutral' });
  });

  it('gives sun times at the location and the daylight left', () => {
    const sun = card('sun');
    expect(sun.value).toBe('06:15–20:43');
    expect(sun.label).toBe('14 min of daylight left');
    const w = sampleWeather();
    w.current.time = w.current.sunset! + 60;
    w.current.is_day = false;
    expect(card('sun', w)).toMatchObject({ label: 'Dark now', colour: 'yellow' });
  });

  it('colours the weather by what is falling', () => {
    const w = sampleWeather();
    expect(card('weather', w)).toMatchObject({ value: 'Clear sky', colour: 'green' });
    w.current.weather = [{ main: 'Rain', description: 'Slight rain', icon: 'rain' }];
    expect(card('weather', w).colour).toBe('red');
    w.current.weather = [{ main: 'Fog', description: 'Fog', icon: 'fog' }];
    expect(card('weather', w).colour).toBe('yellow');
  });
});

describe('formatDuration', () => {
  it('reads as hours and minutes', () => {
    expect(formatDuration(14 * 60)).toBe('14 min');
    expect(formatDuration(2 * 3600 + 5 * 60)).toBe('2 h 05 min');
    expect(formatDuration(-5)).toBe('0 min');
  });
});
