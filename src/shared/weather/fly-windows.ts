import { breachesThreshold, type FlightThresholds } from './colours.ts';
import { localClock, localDayDiff, localWhen } from './local-time.ts';
import { msToKmh } from './units.ts';
import { presentWeatherOf } from './wmo.ts';

/**
 * The hourly timeline (beyond the spec): each of the next 48 hours is fly, caution or no-fly against
 * the pilot's thresholds, and names the factor that limits it.
 *
 * No-fly: thunderstorm, rain or drizzle, snow, wind or gusts past the threshold, wind at 400 ft past the
 * drone's own limit, visibility under the threshold, temperature outside the range, Kp above 6 (in the
 * next 3 hours, the only ones the current Kp says anything about).
 * Caution: wind or gusts past 80 % of the threshold (or 80 % of the drone's limit), visibility under
 * 1.5 × the threshold, fog, precipitation chance or cloud cover past the threshold, darkness, Kp above 4.
 */
export const FLY_STATUSES = ['fly', 'caution', 'no-fly'] as const;
export type FlyStatus = (typeof FLY_STATUSES)[number];

/** In the order that decides which factor is named when several limit the same hour. */
export const LIMITING_FACTORS = [
  'thunderstorm',
  'rain',
  'snow',
  'drone-wind-limit',
  'wind',
  'gusts',
  'visibility',
  'temperature',
  'geomagnetic',
  'fog',
  'precipitation',
  'clouds',
  'darkness',
] as const;
export type LimitingFactor = (typeof LIMITING_FACTORS)[number];

export const FACTOR_WORDS: Record<LimitingFactor, string> = {
  thunderstorm: 'thunderstorms',
  rain: 'rain',
  snow: 'snow',
  'drone-wind-limit': "wind above the drone's limit",
  wind: 'wind',
  gusts: 'gusts',
  visibility: 'visibility',
  temperature: 'temperature',
  geomagnetic: 'geomagnetic activity',
  fog: 'fog',
  precipitation: 'chance of precipitation',
  clouds: 'cloud cover',
  darkness: 'darkness',
};

export interface HourConditions {
  /** epoch seconds, start of the hour */
  time: number;
  /** m/s at 10 m */
  windSpeed: number | null;
  /** m/s at 400 ft, for the drone's wind limit */
  windAt400ft: number | null;
  /** m/s */
  windGust: number | null;
  /** % */
  precipitationProbability: number | null;
  /** m */
  visibility: number | null;
  /** °C */
  temperature: number | null;
  /** % */
  cloudCover: number | null;
  weatherCode: number | null;
  isDay: boolean | null;
}

export interface TimelineOptions {
  thresholds: FlightThresholds;
  /** The primary drone's wind limit, m/s; null when no drone is registered. */
  droneWindLimitMs: number | null;
  kp: number | null;
  /** epoch seconds of "now" (the forecast's current time) */
  nowS: number;
}

export interface TimelineHour {
  time: number;
  status: FlyStatus;
  limitingFactor: LimitingFactor | null;
  /** Every factor that made the hour less than fly, most limiting first. */
  factors: LimitingFactor[];
}

const KP_HORIZON_S = 3 * 3600;
const APPROACH = 0.8;
const VISIBILITY_MARGIN = 1.5;

export function classifyHour(h: HourConditions, o: TimelineOptions): TimelineHour {
  const noFly = new Set<LimitingFactor>();
  const caution = new Set<LimitingFactor>();
  const t = o.thresholds;

  const present = presentWeatherOf(h.weatherCode);
  if (present.includes('thunderstorm')) noFly.add('thunderstorm');
  if (present.includes('rain') || present.includes('drizzle')) noFly.add('rain');
  if (present.includes('snow')) noFly.add('snow');
  if (present.includes('fog')) caution.add('fog');

  if (breachesThreshold('wind', h.windSpeed, t)) noFly.add('wind');
  else if (h.windSpeed !== null && msToKmh(h.windSpeed) > APPROACH * t.wind) caution.add('wind');
  if (breachesThreshold('gusts', h.windGust, t)) noFly.add('gusts');
  else if (h.windGust !== null && msToKmh(h.windGust) > APPROACH * t.gusts) caution.add('gusts');

  if (o.droneWindLimitMs !== null) {
    const aloft = h.windAt400ft ?? h.windSpeed;
    if (aloft !== null && aloft > o.droneWindLimitMs) noFly.add('drone-wind-limit');
    else if (aloft !== null && aloft > APPROACH * o.droneWindLimitMs) caution.add('drone-wind-limit');
  }

  if (breachesThreshold('visibility', h.visibility, t)) noFly.add('visibility');
  else if (h.visibility !== null && h.visibility < VISIBILITY_MARGIN * t.visibility) caution.add('visibility');
  if (breachesThreshold('temperature', h.temperature, t)) noFly.add('temperature');
  if (breachesThreshold('precipitation', h.precipitationProbability, t)) caution.add('precipitation');
  if (breachesThreshold('clouds', h.cloudCover, t)) caution.add('clouds');
  if (h.isDay === false) caution.add('darkness');

  if (o.kp !== null && h.time < o.nowS + KP_HORIZON_S) {
    if (o.kp > 6) noFly.add('geomagnetic');
    else if (o.kp > 4) caution.add('geomagnetic');
  }

  const ordered = (set: Set<LimitingFactor>) => LIMITING_FACTORS.filter((f) => set.has(f));
  const factors = [...ordered(noFly), ...ordered(caution).filter((f) => !noFly.has(f))];
  const status: FlyStatus = noFly.size ? 'no-fly' : caution.size ? 'caution' : 'fly';
  return { time: h.time, status, limitingFactor: factors[0] ?? null, factors };
}

export const buildTimeline = (hours: readonly HourConditions[], o: TimelineOptions): TimelineHour[] => hours.map((h) => classifyHour(h, o));

export interface FlyWindow {
  /** epoch seconds; null when there is no fly hour */
  start: number | null;
  /** epoch seconds, the end of the last fly hour; null when none */
  end: number | null;
  /** The factor of the hour before the window (null when the window starts now). */
  limitedBefore: LimitingFactor | null;
  /** The factor of the hour after the window (null when it runs to the end of the timeline). */
  limitedAfter: LimitingFactor | null;
  text: string;
}

function mostCommonFactor(hours: readonly TimelineHour[]): LimitingFactor | null {
  const counts = new Map<LimitingFactor, number>();
  for (const h of hours) if (h.limitingFactor) counts.set(h.limitingFactor, (counts.get(h.limitingFactor) ?? 0) + 1);
  let best: LimitingFactor | null = null;
  let bestCount = 0;
  for (const f of LIMITING_FACTORS) {
    const c = counts.get(f) ?? 0;
    if (c > bestCount) {
      best = f;
      bestCount = c;
    }
  }
  return best;
}

/**
 * The next good window in words, at the location's local time:
 * "Good now until 18:00, then limited by wind.", "Good from 14:00 to 18:00, limited by gusts before.",
 * "Good from tomorrow 06:00 onwards, limited by rain before." or
 * "No good window in the next 48 hours, limited mostly by wind."
 */
export function flyWindow(timeline: readonly TimelineHour[], nowS: number, utcOffsetS: number): FlyWindow {
  const hours = timeline.length;
  const startIndex = timeline.findIndex((h) => h.status === 'fly');
  if (startIndex === -1) {
    const factor = mostCommonFactor(timeline);
    const span = `the next ${hours} hour${hours === 1 ? '' : 's'}`;
    const text = hours === 0 ? 'No hourly forecast is available.' : `No good window in ${span}${factor ? `, limited mostly by ${FACTOR_WORDS[factor]}` : ''}.`;
    return { start: null, end: null, limitedBefore: factor, limitedAfter: null, text };
  }
  let endIndex = startIndex;
  while (endIndex + 1 < hours && timeline[endIndex + 1]!.status === 'fly') endIndex++;
  const start = timeline[startIndex]!.time;
  const end = timeline[endIndex]!.time + 3600;
  const before = startIndex > 0 ? timeline[startIndex - 1]!.limitingFactor : null;
  const after = endIndex + 1 < hours ? timeline[endIndex + 1]!.limitingFactor : null;
  const untilEnd = endIndex + 1 >= hours;
  const when = (s: number) => localWhen(s, nowS, utcOffsetS);

  let text: string;
  if (startIndex === 0) {
    text = untilEnd
      ? `Good for the next ${hours} hour${hours === 1 ? '' : 's'}.`
      : `Good now until ${when(end)}, then limited by ${FACTOR_WORDS[after!]}.`;
  } else {
    // The end needs no day of its own when it falls on the start's day ("tomorrow 08:00 to 11:00").
    const endWords = localDayDiff(start, end - 1, utcOffsetS) === 0 ? localClock(end, utcOffsetS) : when(end);
    const range = untilEnd ? `from ${when(start)} onwards` : `from ${when(start)} to ${endWords}`;
    text = `Good ${range}, limited by ${FACTOR_WORDS[before!]} before.`;
  }
  return { start, end, limitedBefore: before, limitedAfter: after, text };
}
