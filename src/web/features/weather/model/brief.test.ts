import { describe, expect, it } from 'vitest';
import { briefView } from './brief.ts';
import { analysisRequest } from './analysis-request.ts';
import { aiFlightAnalysisRequestSchema } from '../../../../shared/weather/contract.ts';
import { sampleWeather } from './sample-weather.test-support.ts';

describe('briefView (§9: 70+ good, 50-69 caution, under 50 poor)', () => {
  it('adds the wind at 400 ft and the fly window to the shared brief; a limit passed now comes first (issue 16)', () => {
    // The sample scores well, but its gusts are past the limit now: the brief no longer says "Good".
    const brief = briefView(sampleWeather(), 'imperial', 'mph');
    expect(brief.level).toBe('poor');
    expect(brief.text).toMatch(/^Flying now is not advised: gusts past your limits\. Wind 9 mph from the N, gusts 24 mph/);
    expect(brief.advice).not.toContain('Nothing in the forecast stands in the way');
    expect(brief.lines).toEqual(['About 22 mph of wind at 400 ft.', 'No good window in the next 24 hours, limited mostly by gusts.']);
  });

  it.each([
    [70, 'good'],
    [69, 'caution'],
    [50, 'caution'],
    [49, 'poor'],
  ] as const)('score %i is %s', (score, level) => {
    const w = sampleWeather();
    w.droneConditions.score = score;
    // The §9 bands alone: nothing in the timeline limits now.
    w.hourly = w.hourly.map((h) => ({ ...h, status: 'fly' as const, limitingFactor: null, factors: [] }));
    expect(briefView(w, 'metric', 'kmh').level).toBe(level);
  });
});

describe('analysisRequest (§7)', () => {
  it('sends the forecast in SI, the location and the thresholds, and passes the shared schema', () => {
    const body = analysisRequest(sampleWeather(), '28.5400, -81.3800', { wind: 20 });
    expect(body).not.toBeNull();
    expect(aiFlightAnalysisRequestSchema.parse(body)).toMatchObject({
      weatherData: {
        wind: { speed: 4, direction: 4, unit: 'm/s' },
        temperature: { current: 29, unit: 'C' },
        visibility: { distance: 24140, unit: 'm' },
        kpIndex: { current: 2 },
        satellites: { visible: 11, locked: 9 },
      },
      location: '28.5400, -81.3800',
      thresholds: { wind: 20 },
    });
  });

  it('is null without wind or temperature', () => {
    const w = sampleWeather();
    w.current.temp = null;
    expect(analysisRequest(w, 'x', {})).toBeNull();
  });
});
