import { describe, expect, it } from 'vitest';
import { breachesThreshold, cardColour, cardStatus, withDefaults } from './colours.ts';
import { kmhToMs } from './units.ts';

const defaults = withDefaults(undefined);

describe('card colours of §9 (wind and gusts compared in km/h)', () => {
  it.each([
    ['wind', kmhToMs(19.99), 'green'],
    ['wind', kmhToMs(20), 'yellow'],
    ['wind', kmhToMs(34.99), 'yellow'],
    ['wind', kmhToMs(35), 'red'],
    ['gusts', 0, 'green'],
    ['gusts', null, 'green'],
    ['gusts', kmhToMs(0.1), 'yellow'],
    ['gusts', kmhToMs(29.99), 'yellow'],
    ['gusts', kmhToMs(30), 'red'],
    ['temperature', 5, 'green'],
    ['temperature', 35, 'green'],
    ['temperature', 4.99, 'yellow'],
    ['temperature', 35.01, 'yellow'],
    ['temperature', -10, 'yellow'],
    ['temperature', -10.01, 'red'],
    ['temperature', 40.01, 'red'],
    ['visibility', 8000, 'green'],
    ['visibility', 7999, 'yellow'],
    ['visibility', 3000, 'yellow'],
    ['visibility', 2999, 'red'],
    ['satellites', 8, 'green'],
    ['satellites', 7, 'yellow'],
    ['satellites', 5, 'yellow'],
    ['satellites', 4, 'red'],
    ['kp', 3, 'green'],
    ['kp', 3.33, 'yellow'],
    ['kp', 5, 'yellow'],
    ['kp', 5.33, 'red'],
    ['clouds', 49, 'green'],
    ['clouds', 50, 'yellow'],
    ['clouds', 79, 'yellow'],
    ['clouds', 80, 'red'],
    ['precipitation', 9, 'green'],
    ['precipitation', 10, 'yellow'],
    ['precipitation', 49, 'yellow'],
    ['precipitation', 50, 'red'],
  ] as const)('%s %s → %s', (metric, value, colour) => expect(cardColour(metric, value)).toBe(colour));
});

describe('thresholds', () => {
  it('defaults are §9: wind 25, visibility 5000, precipitation 20, cloud 70, temperature -10..40, gusts 35', () => {
    expect(defaults).toEqual({ wind: 25, visibility: 5000, precipitation: 20, cloudCover: 70, temperature: { min: -10, max: 40 }, gusts: 35 });
  });
  it('a partial override keeps the other defaults', () => {
    expect(withDefaults({ wind: 15, temperature: { min: 0 } })).toMatchObject({ wind: 15, gusts: 35, temperature: { min: 0, max: 40 } });
  });
  it.each([
    ['wind', kmhToMs(25), false],
    ['wind', kmhToMs(25.01), true],
    ['gusts', kmhToMs(35), false],
    ['gusts', kmhToMs(35.01), true],
    ['visibility', 5000, false],
    ['visibility', 4999, true],
    ['precipitation', 20, false],
    ['precipitation', 21, true],
    ['clouds', 70, false],
    ['clouds', 71, true],
    ['temperature', -10, false],
    ['temperature', -10.1, true],
    ['temperature', 40, false],
    ['temperature', 40.1, true],
    ['wind', null, false],
  ] as const)('%s %s past the default → %s', (metric, value, breached) => expect(breachesThreshold(metric, value, defaults)).toBe(breached));

  it('a breached threshold turns the card red with an alert; otherwise the band colour stands', () => {
    expect(cardStatus('wind', kmhToMs(30), defaults)).toEqual({ colour: 'red', alert: true });
    expect(cardStatus('wind', kmhToMs(30), withDefaults({ wind: 40 }))).toEqual({ colour: 'yellow', alert: false });
    expect(cardStatus('clouds', 60, withDefaults({ cloudCover: 55 }))).toEqual({ colour: 'red', alert: true });
    expect(cardStatus('kp', 4, defaults)).toEqual({ colour: 'yellow', alert: false });
  });
});
