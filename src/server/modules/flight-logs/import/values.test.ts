import { describe, expect, it } from 'vitest';
import { dateOrderEvidence, readDateTime, readDurationMinutes, readFlightType, readNumber, readTimeOfDay, unneutralise } from './values.ts';

describe('readNumber', () => {
  it('reads points, decimal commas and thousands separators as the file writes them', () => {
    expect(readNumber('12.5', false)).toBe(12.5);
    expect(readNumber('12,5', true)).toBe(12.5);
    expect(readNumber('1.234,5', true)).toBe(1234.5);
    expect(readNumber('1,234.5', false)).toBe(1234.5);
    expect(readNumber('-0.25', false)).toBe(-0.25);
    expect(readNumber('', false)).toBeNull();
    expect(readNumber('12 min', false)).toBeNull();
    expect(readNumber('N/A', false)).toBeNull();
  });
});

describe('readDateTime', () => {
  it('reads ISO, DJI and AirData timestamps, with zones converted to UTC', () => {
    expect(readDateTime('2018/07/04 09:19:31.701')).toMatchObject({ date: '2018-07-04', time: '09:19:31' });
    expect(readDateTime('2019-08-17 16:51:17')).toMatchObject({ date: '2019-08-17', time: '16:51:17' });
    expect(readDateTime('2024-03-10T23:30:00-02:00')).toMatchObject({ date: '2024-03-11', time: '01:30:00' });
    expect(readDateTime('2024-03-10T08:00:00Z')).toMatchObject({ date: '2024-03-10', time: '08:00:00' });
    expect(readDateTime('2024-03-10')).toMatchObject({ date: '2024-03-10', time: null });
  });

  it('reads month names and 12-hour clocks', () => {
    expect(readDateTime('Jul 4, 2018 9:19:31 PM')).toMatchObject({ date: '2018-07-04', time: '21:19:31' });
    expect(readDateTime('4 July 2018')).toMatchObject({ date: '2018-07-04', time: null });
    expect(readDateTime('Wed, Jul 4 2018 12:05 AM')).toMatchObject({ date: '2018-07-04', time: '00:05:00' });
  });

  it('03/04/2024 is ambiguous until the order is known; 25/04/2024 is not', () => {
    expect(readDateTime('03/04/2024')).toEqual({ ambiguous: true });
    expect(readDateTime('03/04/2024', 'dmy')).toMatchObject({ date: '2024-04-03' });
    expect(readDateTime('03/04/2024', 'mdy')).toMatchObject({ date: '2024-03-04' });
    expect(readDateTime('25/04/2024')).toMatchObject({ date: '2024-04-25' });
    expect(readDateTime('04/25/24 14:02')).toMatchObject({ date: '2024-04-25', time: '14:02:00' });
    expect(readDateTime('05/05/2024')).toMatchObject({ date: '2024-05-05' });
  });

  it('refuses impossible dates and text', () => {
    expect(readDateTime('2023-02-29')).toBeNull();
    expect(readDateTime('31/02/2024', 'dmy')).toBeNull();
    expect(readDateTime('yesterday')).toBeNull();
    expect(readDateTime('2024-01-01 25:00')).toBeNull();
  });

  it('collects the evidence for day/month order', () => {
    expect(dateOrderEvidence(['03/04/2024', '25/04/2024', '2024-01-01'])).toEqual({ dmy: 1, mdy: 0, ambiguous: 1, example: '03/04/2024' });
    expect(dateOrderEvidence(['04/25/2024'])).toMatchObject({ mdy: 1, dmy: 0 });
  });
});

describe('readTimeOfDay', () => {
  it('reads 24- and 12-hour times', () => {
    expect(readTimeOfDay('14:03')).toBe('14:03:00');
    expect(readTimeOfDay('2:03:10 PM')).toBe('14:03:10');
    expect(readTimeOfDay('12:00 am')).toBe('00:00:00');
    expect(readTimeOfDay('24:10')).toBeNull();
  });
});

describe('readDurationMinutes', () => {
  it('reads clocks, words and ISO 8601 whatever the unit', () => {
    expect(readDurationMinutes('1:05', null, false)).toBe(65);
    expect(readDurationMinutes('12:30', null, false, 'mm:ss')).toBe(12.5);
    expect(readDurationMinutes('0:45:30', null, false)).toBe(45.5);
    expect(readDurationMinutes('1h 5m', null, false)).toBe(65);
    expect(readDurationMinutes('25 min', null, false)).toBe(25);
    expect(readDurationMinutes('90s', null, false)).toBe(1.5);
    expect(readDurationMinutes('1,5 h', null, true)).toBe(90);
    expect(readDurationMinutes('PT1H25M', null, false)).toBe(85);
  });

  it('reads a bare number in the given unit, and answers undefined without one', () => {
    expect(readDurationMinutes('1500', 's', false)).toBe(25);
    expect(readDurationMinutes('2.5', 'h', false)).toBe(150);
    expect(readDurationMinutes('25', 'min', false)).toBe(25);
    expect(readDurationMinutes('25', null, false)).toBeUndefined();
    expect(readDurationMinutes('soon', 'min', false)).toBeNull();
    expect(readDurationMinutes('5 parsecs', null, false)).toBeNull();
  });
});

describe('readFlightType and unneutralise', () => {
  it('maps what logbooks call flights onto the five types', () => {
    expect(readFlightType('Part 107 job')).toBe('commercial');
    expect(readFlightType('Hobby')).toBe('recreational');
    expect(readFlightType('Roof inspection')).toBe('inspection');
    expect(readFlightType('Practice')).toBe('training');
    expect(readFlightType('Racing')).toBe('other');
    expect(readFlightType('')).toBeNull();
  });

  it("drops only the apostrophe the export put before a formula character", () => {
    expect(unneutralise("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unneutralise("'-2 °C")).toBe('-2 °C');
    expect(unneutralise("'tis")).toBe("'tis");
  });
});
