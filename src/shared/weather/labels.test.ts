import { describe, expect, it } from 'vitest';
import { aqiCategory, cloudLabel, dewPointFlag, isRealSensorSource, kpLabel, satelliteLabel, uvLabel, visibilityLabel } from './labels.ts';

describe('cloud labels: up to 25 clear, 50 partly, 75 mostly, else overcast', () => {
  it.each([
    [0, 'Clear'],
    [25, 'Clear'],
    [26, 'Partly cloudy'],
    [50, 'Partly cloudy'],
    [51, 'Mostly cloudy'],
    [75, 'Mostly cloudy'],
    [76, 'Overcast'],
    [100, 'Overcast'],
  ] as const)('%s%% → %s', (pct, label) => expect(cloudLabel(pct)).toBe(label));
});

describe('visibility labels: 10000 excellent, 5000 good, 1000 moderate, else poor; default 10000', () => {
  it.each([
    [10_000, 'Excellent'],
    [9999, 'Good'],
    [5000, 'Good'],
    [4999, 'Moderate'],
    [1000, 'Moderate'],
    [999, 'Poor'],
    [null, 'Excellent'],
  ] as const)('%s m → %s', (m, label) => expect(visibilityLabel(m)).toBe(label));
  it('defaults to 10000 m when called without a value', () => expect(visibilityLabel()).toBe('Excellent'));
});

describe('satellite labels: 8 excellent, 6 good, 4 fair, else poor; defaults 22/18', () => {
  it.each([
    [8, 'Excellent'],
    [7, 'Good'],
    [6, 'Good'],
    [5, 'Fair'],
    [4, 'Fair'],
    [3, 'Poor'],
    [0, 'Poor'],
    [null, 'Excellent'],
  ] as const)('%s → %s', (n, label) => expect(satelliteLabel(n)).toBe(label));
});

describe('Kp labels: up to 3 quiet, 4 unsettled, 6 storm, else severe; default 2', () => {
  it.each([
    [0, 'Quiet'],
    [3, 'Quiet'],
    [3.33, 'Unsettled'],
    [4, 'Unsettled'],
    [4.33, 'Storm'],
    [6, 'Storm'],
    [6.33, 'Severe storm'],
    [null, 'Quiet'],
  ] as const)('Kp %s → %s', (kp, label) => expect(kpLabel(kp)).toBe(label));
  it('defaults to Kp 2', () => expect(kpLabel()).toBe('Quiet'));
});

describe('UV labels: up to 2 low, 5 moderate, 7 high, 10 very high, else extreme', () => {
  it.each([
    [0, 'Low'],
    [2, 'Low'],
    [2.1, 'Moderate'],
    [5, 'Moderate'],
    [5.1, 'High'],
    [7, 'High'],
    [7.1, 'Very high'],
    [10, 'Very high'],
    [10.1, 'Extreme'],
  ] as const)('UV %s → %s', (uv, label) => expect(uvLabel(uv)).toBe(label));
});

describe('dew point flag: high humidity when the spread is under 3 °C', () => {
  it.each([
    [20, 17, null],
    [20, 17.01, 'High humidity'],
    [20, 20, 'High humidity'],
    [20, 10, null],
  ] as const)('%s °C / dew %s → %s', (t, d, flag) => expect(dewPointFlag(t, d)).toBe(flag));
});

describe('US AQI categories', () => {
  it.each([
    [0, 'Good'],
    [50, 'Good'],
    [51, 'Moderate'],
    [100, 'Moderate'],
    [101, 'Unhealthy for Sensitive Groups'],
    [150, 'Unhealthy for Sensitive Groups'],
    [151, 'Unhealthy'],
    [200, 'Unhealthy'],
    [201, 'Very Unhealthy'],
    [300, 'Very Unhealthy'],
    [301, 'Hazardous'],
  ] as const)('%s → %s', (aqi, cat) => expect(aqiCategory(aqi)).toBe(cat));
});

describe('real sensor data rule', () => {
  it.each([
    ['Open-Meteo forecast API (model)', true],
    ['NOAA SWPC planetary K-index', true],
    ['Device GPS receiver', true],
    ['Direct observation', true],
    ['N2YO', true],
    ['EPA AirNow', true],
    ['Modelled: log-law interpolation of Open-Meteo winds', false],
    ['Estimate from position accuracy', false],
    ['api lowercase does not count', false],
  ] as const)('%s → %s', (text, real) => expect(isRealSensorSource(text)).toBe(real));
});
