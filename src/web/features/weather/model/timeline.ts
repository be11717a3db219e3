import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { FACTOR_WORDS, type FlyStatus, type LimitingFactor } from '../../../../shared/weather/fly-windows.ts';
import { localClock, localDayDiff } from '../../../../shared/weather/local-time.ts';

export const STATUS_WORDS: Record<FlyStatus, string> = { fly: 'Fly', caution: 'Caution', 'no-fly': 'No-fly' };

/** Short names for the strip's narrow cells; the full words go to the accessible name. */
export const FACTOR_SHORT: Record<LimitingFactor, string> = {
  thunderstorm: 'storm',
  rain: 'rain',
  snow: 'snow',
  'drone-wind-limit': 'drone limit',
  wind: 'wind',
  gusts: 'gusts',
  visibility: 'visibility',
  temperature: 'temp.',
  geomagnetic: 'Kp',
  fog: 'fog',
  precipitation: 'rain risk',
  clouds: 'clouds',
  darkness: 'dark',
};

export interface TimelineCell {
  time: number;
  clock: string;
  status: FlyStatus;
  factor: LimitingFactor | null;
  /** Every factor in words, for the cell's accessible name and title. */
  description: string;
  /** m/s at 10 m, for the cell's small wind figure */
  wind: number | null;
  /**
   * The cell's small figure and what it is (issue 16: a cell read "gusts 10 mph" while showing the
   * wind): the gust speed where gusts limit the hour, else the wind speed. m/s.
   */
  figure: { kind: 'wind' | 'gusts'; value: number } | null;
}

export interface TimelineDay {
  label: string;
  cells: TimelineCell[];
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function dayLabel(time: number, nowS: number, utcOffsetS: number): string {
  const diff = localDayDiff(nowS, time, utcOffsetS);
  if (diff <= 0) return 'Today';
  if (diff === 1) return 'Tomorrow';
  return WEEKDAYS[new Date((time + utcOffsetS) * 1000).getUTCDay()]!;
}

/** The hourly fly/caution/no-fly strip, grouped by the location's local days. */
export function timelineDays(w: WeatherResponse): TimelineDay[] {
  const offset = w.location.utcOffsetSeconds;
  const windAt = new Map(w.forecast.map((h) => [h.time, h.wind_speed]));
  const gustAt = new Map(w.forecast.map((h) => [h.time, h.wind_gust]));
  const days: TimelineDay[] = [];
  for (const [index, h] of w.hourly.entries()) {
    // The first hour is now: the server judged it on the current readings, so its figures are those.
    const wind = index === 0 ? (w.current.wind_speed ?? windAt.get(h.time) ?? null) : (windAt.get(h.time) ?? null);
    const gust = index === 0 ? (w.current.wind_gust ?? gustAt.get(h.time) ?? null) : (gustAt.get(h.time) ?? null);
    const figure = h.limitingFactor === 'gusts' && gust !== null ? { kind: 'gusts' as const, value: gust } : wind === null ? null : { kind: 'wind' as const, value: wind };
    const label = dayLabel(h.time, w.current.time, offset);
    const clock = localClock(h.time, offset);
    const words = h.factors.map((f) => FACTOR_WORDS[f]);
    const description = `${label} ${clock}: ${STATUS_WORDS[h.status]}${words.length ? `, limited by ${words.join(', ')}` : ''}`;
    const cell: TimelineCell = { time: h.time, clock, status: h.status, factor: h.limitingFactor, description, wind, figure };
    const last = days[days.length - 1];
    if (last?.label === label) last.cells.push(cell);
    else days.push({ label, cells: [cell] });
  }
  return days;
}

export function statusCounts(w: WeatherResponse): Record<FlyStatus, number> {
  const counts: Record<FlyStatus, number> = { fly: 0, caution: 0, 'no-fly': 0 };
  for (const h of w.hourly) counts[h.status] += 1;
  return counts;
}
