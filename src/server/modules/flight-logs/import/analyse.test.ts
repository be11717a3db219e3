import { describe, expect, it } from 'vitest';
import { analyse } from './analyse.ts';

/**
 * A DJI record as FlightReader-style converters let people save it: a `sep=;` line, semicolons,
 * decimal commas, local time in a date column and a 12-hour time column, feet and mph.
 */
const converted = [
  'sep=;',
  'CUSTOM.date [local];CUSTOM.updateTime [local];OSD.flyTime [s];OSD.latitude;OSD.longitude;OSD.height [ft];OSD.hSpeed [MPH];BATTERY.chargeLevel [%];DETAILS.aircraftName;DETAILS.aircraftSN;DETAILS.productType',
  '7/4/2018;9:19:31.70 AM;0;55,507158;10,717078;0;0;98;species tracker;07JDDBB0010175;Phantom 4 Pro',
  '7/4/2018;9:20:31.70 AM;60;55,507300;10,717500;98,4;12,3;90;species tracker;07JDDBB0010175;Phantom 4 Pro',
  '7/4/2018;9:23:01.70 AM;210;55,507170;10,717090;0;0;71;species tracker;07JDDBB0010175;Phantom 4 Pro',
].join('\r\n');

describe('analyse a converted DJI record', () => {
  it('asks day/month order for 7/4/2018, keeping the flight read both ways (not the file), then reads it in metric', async () => {
    const first = await analyse({ kind: 'file', bytes: Buffer.from(converted) }, {}, [], null);
    expect(first.kind).toBe('question');
    if (first.kind !== 'question') return;
    expect(first.question.kind).toBe('dateOrder');
    expect(first.keep.kind).toBe('extract');
    if (first.keep.kind !== 'extract') return;
    expect(first.keep.variants.dmy?.flights[0]?.flightDate).toBe('2018-04-07');

    const done = await analyse(first.keep, { dateOrder: 'mdy' }, [], null);
    expect(done.kind).toBe('plan');
    if (done.kind !== 'plan') return;
    const [flight] = done.plan.flights;
    expect(done.plan.format).toBe('dji-flight-record');
    expect(flight).toMatchObject({ flightDate: '2018-07-04', takeoffTime: '09:19:31', durationMinutes: 4, location: '55.507158, 10.717078' });
    expect(flight!.drone).toEqual({ name: 'species tracker', serial: '07JDDBB0010175', model: 'Phantom 4 Pro', manufacturer: 'DJI', identifier: null });
    expect(flight!.notes).toContain('Max altitude 30.0 m (98 ft)');
    expect(flight!.notes).toContain('max speed 5.5 m/s (12.3 mph)');
    expect(flight!.notes).toContain('battery 98% → 71% (27% used)');
    expect(flight!.notes).toContain('local time only');
  });
});
