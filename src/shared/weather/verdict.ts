import type { BriefLevel } from './score.ts';
import { FACTOR_WORDS, type FlyStatus, type LimitingFactor, type TimelineHour } from './fly-windows.ts';

/**
 * One verdict per screen (issue 16). The score keeps the spec's formula (§9), but a pilot reading
 * "90/100 Excellent" beside "Risk: HIGH" and "Fly 0 h" was misled: the current hour of the timeline,
 * judged against the pilot's own limits, is the verdict every card states first. The server folds the
 * current readings into that hour, so the cards, the brief, the analysis and the timeline agree.
 */
export interface NowVerdict {
  status: FlyStatus;
  /** The factors behind the status, most limiting first (no-fly ones only when the status is no-fly). */
  factors: LimitingFactor[];
  /** The sentence every card says first when the status is not fly; null when nothing stands in the way. */
  headline: string | null;
}

const NO_FLY_FACTORS = new Set<LimitingFactor>(['thunderstorm', 'rain', 'snow', 'drone-wind-limit', 'wind', 'gusts', 'visibility', 'temperature', 'geomagnetic']);

const words = (factors: readonly LimitingFactor[]) => {
  const w = factors.map((f) => FACTOR_WORDS[f]);
  return w.length <= 1 ? (w[0] ?? '') : `${w.slice(0, -1).join(', ')} and ${w[w.length - 1]!}`;
};

/** The verdict of now: the timeline's first hour, or none when the forecast has no hours. */
export function nowVerdict(hourly: readonly TimelineHour[]): NowVerdict | null {
  const now = hourly[0];
  if (!now) return null;
  if (now.status === 'no-fly') {
    const factors = now.factors.filter((f) => NO_FLY_FACTORS.has(f));
    return { status: 'no-fly', factors, headline: `Flying now is not advised: ${words(factors)} past your limits.` };
  }
  if (now.status === 'caution') return { status: 'caution', factors: now.factors, headline: `Fly with caution now: watch ${words(now.factors)}.` };
  return { status: 'fly', factors: [], headline: null };
}

const LEVEL_RANK: Record<BriefLevel, number> = { good: 0, caution: 1, poor: 2 };
const LEVEL_OF_STATUS: Record<FlyStatus, BriefLevel> = { fly: 'good', caution: 'caution', 'no-fly': 'poor' };

/** The brief's level: the score's (§9 bands), never better than what the timeline says of now. */
export function combinedLevel(scoreLevel: BriefLevel, verdict: NowVerdict | null): BriefLevel {
  if (!verdict) return scoreLevel;
  const fromNow = LEVEL_OF_STATUS[verdict.status];
  return LEVEL_RANK[fromNow] > LEVEL_RANK[scoreLevel] ? fromNow : scoreLevel;
}
