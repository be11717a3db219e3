import { describe, expect, it } from 'vitest';
import { candidatesFor, describeColumns } from './columns.ts';
import { detectTelemetryFormat } from './telemetry.ts';
import { AIRDATA_HEADER, LITCHI_HEADER } from '../../../../../tests/fixtures/flight-logs/generate.ts';

describe('describeColumns', () => {
  it('splits names and units the way converters write them', () => {
    const [a, b, c, d] = describeColumns(['OSD.height [m]', ' xSpeed(mph)', 'flightDate', 'Air Time (mins)']);
    expect(a).toMatchObject({ key: 'osd.height', unit: 'm', words: 'osd height' });
    expect(b).toMatchObject({ key: 'xspeed', unit: 'mph' });
    expect(c).toMatchObject({ words: 'flight date', unit: null });
    expect(d).toMatchObject({ words: 'air time', unit: 'mins' });
  });
});

describe('candidatesFor', () => {
  it('ranks exact names (in column order) above a partial one', () => {
    const cols = describeColumns(['Logged date', 'Flight Date (local)', 'Date']);
    expect(candidatesFor('date', cols).map((c) => [c.column.header, c.strength])).toEqual([
      ['Flight Date (local)', 3],
      ['Date', 3],
      ['Logged date', 1],
    ]);
  });
});

describe('detectTelemetryFormat', () => {
  it('recognises AirData, Litchi and DJI records by their columns, not their names', () => {
    expect(detectTelemetryFormat(describeColumns(AIRDATA_HEADER.split(',')))).toBe('airdata');
    expect(detectTelemetryFormat(describeColumns(LITCHI_HEADER.split(',')))).toBe('litchi');
    expect(detectTelemetryFormat(describeColumns(['CUSTOM.updateTime', 'OSD.latitude', 'OSD.longitude', 'OSD.flyTime [s]', 'DETAILS.totalTime [s]']))).toBe('dji-flight-record');
    expect(detectTelemetryFormat(describeColumns(['timestamp', 'lat', 'lon', 'alt']))).toBe('telemetry');
    expect(detectTelemetryFormat(describeColumns(['Date', 'Duration', 'Location']))).toBeNull();
  });
});
