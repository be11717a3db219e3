/**
 * The flight-conditions score of spec doc 3 §9: 100 minus penalties, rated Excellent…Dangerous.
 *
 * Band edges: "over X" excludes X; a range "a-b" of an upward-bad value is (a, b], so "up to 5 none"
 * keeps 5 penalty-free and 5.01 is in "5-8"; a range of a downward-bad value (visibility, temperature)
 * is [a, b), so exactly 1 km is in "1-3 km" and exactly 3 km has no penalty. Kp uses the same rule as
 * wind, matching the Kp label "up to 3 quiet": Kp 3 is in "1-3", Kp 3.33 in "3-6".
 */

/** Weather present at the location, from the forecast's weather code and a nearby recent METAR. */
export const PRESENT_WEATHER = ['thunderstorm', 'rain', 'drizzle', 'snow', 'mist', 'fog', 'haze'] as const;
export type PresentWeather = (typeof PRESENT_WEATHER)[number];

export interface ScoreInput {
  /** Surface (10 m) wind, m/s. */
  windSpeed: number | null;
  /** Metres. */
  visibility: number | null;
  present: readonly PresentWeather[];
  /** °C */
  temperature: number | null;
  kp: number | null;
  /** Lightning reported within the past 30 minutes. */
  lightningRecent: boolean;
}

export type PenaltyFactor = 'wind' | 'visibility' | 'precipitation' | 'temperature' | 'kp' | 'lightning';

export interface Penalty {
  factor: PenaltyFactor;
  points: number;
  reason: string;
}

export function windPenalty(ms: number | null): number {
  if (ms === null) return 0;
  if (ms > 12) return 40;
  if (ms > 8) return 30;
  if (ms > 5) return 15;
  return 0;
}

export function visibilityPenalty(m: number | null): number {
  if (m === null) return 0;
  if (m < 1000) return 35;
  if (m < 3000) return 20;
  return 0;
}

/** Rain or thunderstorm 50, snow 30, mist/fog/haze 15; the worst one counts, not the sum. */
export function precipitationPenalty(present: readonly PresentWeather[]): number {
  if (present.some((p) => p === 'rain' || p === 'drizzle' || p === 'thunderstorm')) return 50;
  if (present.includes('snow')) return 30;
  if (present.some((p) => p === 'mist' || p === 'fog' || p === 'haze')) return 15;
  return 0;
}

export function temperaturePenalty(c: number | null): number {
  if (c === null) return 0;
  if (c < -10) return 25;
  if (c < 0) return 10;
  if (c > 40) return 10;
  return 0;
}

export function kpPenalty(kp: number | null): number {
  if (kp === null) return 0;
  if (kp > 6) return 100;
  if (kp > 3) return 20;
  if (kp > 1) return 10;
  return 0;
}

export const lightningPenalty = (recent: boolean) => (recent ? 100 : 0);

export function penalties(input: ScoreInput): Penalty[] {
  const list: Penalty[] = [
    { factor: 'wind', points: windPenalty(input.windSpeed), reason: 'wind speed' },
    { factor: 'visibility', points: visibilityPenalty(input.visibility), reason: 'visibility' },
    { factor: 'precipitation', points: precipitationPenalty(input.present), reason: 'precipitation' },
    { factor: 'temperature', points: temperaturePenalty(input.temperature), reason: 'temperature' },
    { factor: 'kp', points: kpPenalty(input.kp), reason: 'geomagnetic activity' },
    { factor: 'lightning', points: lightningPenalty(input.lightningRecent), reason: 'lightning in the past 30 minutes' },
  ];
  return list.filter((p) => p.points > 0);
}

export const RATINGS = ['Excellent', 'Good', 'Fair', 'Poor', 'Dangerous'] as const;
export type Rating = (typeof RATINGS)[number];

/** Excellent 90-100, Good 70-89, Fair 50-69, Poor 30-49, Dangerous 0-29. */
export function rating(score: number): Rating {
  if (score >= 90) return 'Excellent';
  if (score >= 70) return 'Good';
  if (score >= 50) return 'Fair';
  if (score >= 30) return 'Poor';
  return 'Dangerous';
}

/** Never below 0: a Kp storm alone takes 100 points and other penalties must not make it negative. */
export function flightScore(input: ScoreInput): { score: number; overall: Rating; penalties: Penalty[] } {
  const list = penalties(input);
  const score = Math.max(0, 100 - list.reduce((sum, p) => sum + p.points, 0));
  return { score, overall: rating(score), penalties: list };
}

export type BriefLevel = 'good' | 'caution' | 'poor';

/** The basic-tier brief: 70 or more good, 50-69 caution, below 50 poor. */
export function briefLevel(score: number): BriefLevel {
  if (score >= 70) return 'good';
  if (score >= 50) return 'caution';
  return 'poor';
}
