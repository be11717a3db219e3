import { parseMetar, parseTAFAsForecast, type ICloud, type IWeatherCondition, type IWind, type IWindShear, type Visibility } from 'metar-taf-parser';
import type { PresentWeather } from '../../../shared/weather/score.ts';

/**
 * Decoding of raw METAR and TAF text with metar-taf-parser. A report is text from the outside world:
 * it may carry control characters, CR CR LF line ends, or be garbage; decoding never throws — a report
 * that does not decode keeps its raw text and says why.
 */

const KNOTS_PER: Record<string, number> = { KT: 1, MPS: 3600 / 1852, 'KM/H': 1000 / 1852 };

/** Control characters out, whitespace collapsed, '=' terminator dropped, length capped. */
export function cleanReport(raw: string, max = 2000): string {
  return (
    raw
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/\s*=\s*$/, '')
      .trim()
      .slice(0, max)
  );
}

/** A wind speed in knots, to a tenth, whatever unit the report gives it in (KT, MPS, KM/H). */
export const knots = (value: number | undefined, unit: string) =>
  value === undefined ? null : Math.round(value * (KNOTS_PER[unit] ?? 1) * 10) / 10;

export const weatherText = (w: IWeatherCondition) => `${w.intensity ?? ''}${w.descriptive ?? ''}${w.phenomenons.join('')}` || 'unknown';

const cloudText = (c: ICloud) =>
  `${String(c.quantity)}${c.height !== undefined ? ` ${c.height} ft` : ''}${c.type !== undefined ? ` ${String(c.type)}` : ''}`;

function visibilityText(v: Visibility | undefined, cavok: boolean): string | null {
  if (cavok) return 'CAVOK';
  if (!v) return null;
  const indicator = v.indicator === undefined ? '' : String(v.indicator) === 'P' ? '>' : '<';
  return `${indicator}${v.value} ${String(v.unit)}`;
}

function windText(w: IWind | undefined): string | null {
  if (!w) return null;
  const dir = w.degrees === undefined ? 'VRB' : `${String(w.degrees).padStart(3, '0')}°`;
  return `${dir} ${w.speed}${w.gust !== undefined ? `G${w.gust}` : ''} ${String(w.unit)}`;
}

const shearText = (s: IWindShear | undefined) => (s ? `${s.height} ft ${windText(s)}` : null);

const errorText = (e: unknown) => (e instanceof Error ? `${e.name}: ${e.message}` : 'could not decode').slice(0, 300);

export interface DecodedMetar {
  windDirection: number | null;
  windSpeedKt: number | null;
  windGustKt: number | null;
  visibility: string | null;
  weather: string[];
  clouds: string[];
  temperature: number | null;
  dewPoint: number | null;
  /** Present-weather classes for the score */
  present: PresentWeather[];
  /** A thunderstorm in or near the report (TS, VCTS) or lightning in its remarks (LTG). */
  lightning: boolean;
}

export function decodeMetar(rawOb: string): { decoded: DecodedMetar | null; error: string | null } {
  const text = cleanReport(rawOb);
  if (!text) return { decoded: null, error: 'empty report' };
  try {
    const m = parseMetar(text);
    const unit = m.wind ? String(m.wind.unit) : 'KT';
    const conditions = m.weatherConditions;
    const present = new Set<PresentWeather>();
    for (const w of conditions) {
      const ph = w.phenomenons.map(String);
      if (w.descriptive !== undefined && String(w.descriptive) === 'TS') present.add('thunderstorm');
      if (ph.includes('RA')) present.add('rain');
      if (ph.includes('DZ')) present.add('drizzle');
      if (ph.some((p) => p === 'SN' || p === 'SG' || p === 'PL')) present.add('snow');
      if (ph.includes('BR')) present.add('mist');
      if (ph.includes('FG')) present.add('fog');
      if (ph.includes('HZ')) present.add('haze');
    }
    return {
      decoded: {
        windDirection: m.wind?.degrees ?? null,
        windSpeedKt: knots(m.wind?.speed, unit),
        windGustKt: knots(m.wind?.gust, unit),
        visibility: visibilityText(m.visibility, m.cavok === true),
        weather: conditions.slice(0, 12).map(weatherText),
        clouds: m.clouds.slice(0, 12).map(cloudText),
        temperature: m.temperature ?? null,
        dewPoint: m.dewPoint ?? null,
        present: [...present],
        lightning: present.has('thunderstorm') || /\bLTG/.test(text.split(' RMK ')[1] ?? ''),
      },
      error: null,
    };
  } catch (error) {
    return { decoded: null, error: errorText(error) };
  }
}

export interface DecodedTafPeriod {
  type: string;
  from: number | null;
  to: number | null;
  probability: number | null;
  wind: string | null;
  visibility: string | null;
  weather: string[];
  clouds: string[];
  windShear: string | null;
  raw: string;
}

const epoch = (d: Date | undefined) => (d && Number.isFinite(d.getTime()) ? Math.floor(d.getTime() / 1000) : null);

/** A TAF's periods with real start and end times, placed by the issue time. */
export function decodeTaf(rawTAF: string, issued: Date): { periods: DecodedTafPeriod[]; error: string | null } {
  const text = cleanReport(rawTAF, 4000);
  if (!text) return { periods: [], error: 'empty report' };
  try {
    const report = parseTAFAsForecast(text, { issued });
    const periods = report.forecast.slice(0, 40).map((f) => ({
      type: f.type === undefined ? 'BASE' : String(f.type),
      from: epoch(f.start),
      to: epoch(f.end),
      probability: f.probability ?? null,
      wind: windText(f.wind),
      visibility: visibilityText(f.visibility, f.cavok === true),
      weather: f.weatherConditions.slice(0, 12).map(weatherText),
      clouds: f.clouds.slice(0, 12).map(cloudText),
      windShear: shearText(f.windShear),
      raw: (f.raw || (f.type === undefined ? text : '')).slice(0, 400),
    }));
    return { periods, error: null };
  } catch (error) {
    return { periods: [], error: errorText(error) };
  }
}
