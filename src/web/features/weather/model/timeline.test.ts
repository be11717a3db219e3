import { describe, expect, it } from 'vitest';
import { dayLabel, statusCounts, timelineDays } from './timeline.ts';
import { sourceName, sourceRows } from './data-sources.ts';
import { altimeterText, metarWindText, utcTime } from './aviation.ts';
import { scoreRows } from './score-rules.ts';
import { sampleWeather } from './sample-weather.test-support.ts';

describe('timeline', () => {
  it('groups hours by the local day and names every limiting factor', () => {
    const days = timelineDays(sampleWeather());
    expect(days.map((d) => [d.label, d.cells.length])).toEqual([
      ['Today', 4],
      ['Tomorrow', 2],
    ]);
    expect(days[0]!.cells[0]).toMatchObject({ clock: '20:00', status: 'no-fly', factor: 'gusts', description: 'Today 20:00: No-fly, limited by gusts' });
    expect(days[0]!.cells[2]!.description).toBe('Today 22:00: Caution, limited by gusts, chance of precipitation, darkness');
    expect(statusCounts(sampleWeather())).toEqual({ fly: 0, caution: 4, 'no-fly': 2 });
  });

  it('labels days relative to now at the location', () => {
    const now = 1705397400; // 20:30 in Sydney (UTC+11)
    expect(dayLabel(now + 4 * 3600, now, 39600)).toBe('Tomorrow');
    expect(dayLabel(now + 3 * 3600, now, 39600)).toBe('Today');
    expect(dayLabel(now + 2 * 86400, now, 39600)).toBe('Thursday');
  });
});

describe('data sources (§9 real-sensor rule)', () => {
  it('marks sources whose text names API, NOAA, EPA, N2YO, GPS or Direct', () => {
    const rows = sourceRows({ kp_index: 'NOAA SWPC planetary K-index', wind_altitude: 'Modelled: log-law interpolation', satellites: 'Device GPS receiver' });
    expect(rows.map((r) => [r.name, r.realSensor])).toEqual([
      ['Kp index', true],
      ['Wind at altitude', false],
      ['Satellites', true],
    ]);
    expect(sourceName('solar_flux')).toBe('Solar flux');
  });
});

describe('aviation formatting', () => {
  it('keeps reports in UTC and knots', () => {
    expect(utcTime(1784667180)).toBe('21 Jul 20:53 UTC');
    expect(altimeterText(1015.3)).toBe('1015.3 hPa (29.98 inHg)');
    expect(metarWindText(170, 11, null)).toBe('170° (S) at 11 kt');
    expect(metarWindText(null, 5, 15)).toBe('Variable at 5 kt, gusts 15 kt');
    expect(metarWindText(0, 0, null)).toBe('Calm');
  });
});

describe('score rows', () => {
  it('shows the penalties the server applied, and zero for the rest', () => {
    const rows = scoreRows(sampleWeather(), 'metric', 'kmh');
    expect(rows.map((r) => [r.factor, r.points])).toEqual([
      ['wind', 0],
      ['visibility', 0],
      ['precipitation', 0],
      ['temperature', 0],
      ['kp', 10],
      ['lightning', 0],
    ]);
    expect(rows[0]!.now).toBe('14 km/h');
    expect(rows[0]!.rule).toBe('over 12 m/s (43 km/h) −40; 8–12 m/s −30; 5–8 m/s (18 km/h–29 km/h) −15; up to 5 m/s none');
  });
});
