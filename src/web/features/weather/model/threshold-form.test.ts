import { describe, expect, it } from 'vitest';
import { withDefaults } from '../../../../shared/weather/colours.ts';
import { formValues, fromDisplay, overridesOf, parseForm, rangeText, toDisplay, unitOf, type FormValues } from './threshold-form.ts';

const defaults = withDefaults(undefined);

describe('threshold form', () => {
  it("shows the thresholds in the pilot's units", () => {
    expect(formValues(defaults, 'metric')).toEqual({
      wind: '25',
      gusts: '35',
      visibility: '5',
      precipitation: '20',
      cloudCover: '70',
      temperatureMin: '-10',
      temperatureMax: '40',
    });
    expect(formValues(defaults, 'imperial')).toEqual({
      wind: '15.5',
      gusts: '21.7',
      visibility: '3.1',
      precipitation: '20',
      cloudCover: '70',
      temperatureMin: '14',
      temperatureMax: '104',
    });
    expect(unitOf('wind', 'imperial')).toBe('mph');
    expect(unitOf('visibility', 'metric')).toBe('km');
    expect(unitOf('temperatureMax', 'imperial')).toBe('°F');
  });

  it('converts both ways', () => {
    expect(fromDisplay('wind', toDisplay('wind', 25, 'imperial'), 'imperial')).toBeCloseTo(25, 10);
    expect(fromDisplay('visibility', 3, 'metric')).toBe(3000);
    expect(fromDisplay('temperatureMin', 32, 'imperial')).toBe(0);
  });

  it('keeps untouched values exactly (no drift from rounding) and saves only what differs from the defaults', () => {
    const initial = formValues(defaults, 'imperial');
    const unchanged = parseForm(initial, initial, defaults, 'imperial');
    expect(unchanged).toEqual({ ok: true, thresholds: defaults, overrides: {} });

    const changed = parseForm({ ...initial, wind: '10', temperatureMin: '32' }, initial, defaults, 'imperial');
    expect(changed.ok).toBe(true);
    if (changed.ok) {
      expect(changed.overrides).toEqual({ wind: 16.09, temperature: { min: 0 } });
      expect(changed.thresholds.gusts).toBe(35);
    }
  });

  it('refuses what is not a number, out of range, or an upside-down temperature range', () => {
    const initial = formValues(defaults, 'metric');
    const bad = (values: Partial<FormValues>) => {
      const r = parseForm({ ...initial, ...values }, initial, defaults, 'metric');
      return r.ok ? null : r.errors;
    };
    expect(bad({ wind: 'fast' })).toEqual({ wind: 'Enter a number' });
    expect(bad({ wind: '' })).toEqual({ wind: 'Enter a number' });
    expect(bad({ gusts: '301' })).toEqual({ gusts: 'Must be between 0 and 300 km/h' });
    expect(bad({ cloudCover: '-1' })).toEqual({ cloudCover: 'Must be between 0 and 100%' });
    expect(bad({ temperatureMin: '20', temperatureMax: '10' })).toEqual({ temperatureMin: 'Must not be above the maximum temperature' });
    expect(bad({ visibility: '2,5' })).toBeNull();
  });

  it('states the ranges in the display unit', () => {
    expect(rangeText('wind', 'imperial')).toBe('between 0 and 186 mph');
    expect(rangeText('visibility', 'metric')).toBe('between 0 and 100 km');
    expect(rangeText('temperatureMin', 'imperial')).toBe('between -76 and 140°F');
  });

  it('overridesOf lists only the changed values', () => {
    expect(overridesOf(defaults)).toEqual({});
    expect(overridesOf(withDefaults({ temperature: { max: 30 }, gusts: 20 }))).toEqual({ gusts: 20, temperature: { max: 30 } });
  });
});
