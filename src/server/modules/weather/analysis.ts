import type { FlightThresholds } from '../../../shared/weather/colours.ts';
import type { AiFlightAnalysisResponse, AnalysisFactor, AnalysisFactorName, RiskLevel } from '../../../shared/weather/contract.ts';
import { compassPoint } from '../../../shared/weather/wind.ts';
import { formatSpeed, formatTemperature, formatVisibility, kmhToMs, type MeasurementSystem, type SpeedUnit } from '../../../shared/weather/units.ts';
import type { NowVerdict } from '../../../shared/weather/verdict.ts';
import type { PilotProfile } from './pilot-profile.ts';
import { experienceFromHours, type Experience } from './policy.ts';

/**
 * The embedded flight analysis: written by rules from the same factors the score uses, so the page
 * always has one without a language model. It names the factor that limits the flight, when it
 * improves (from the hourly timeline, when the caller named a location) and what to watch.
 */
export interface AnalysisInput {
  /** m/s */
  wind: { speed: number; gust: number | null; direction: number | null };
  /** °C */
  temperature: number;
  /** m */
  visibility: number | null;
  /** % */
  precipitationProbability: number | null;
  /** % */
  cloudCover: number | null;
  kp: number | null;
  satellites: { visible: number | null; locked: number | null };
  thresholds: FlightThresholds;
  pilot: PilotProfile;
  /** The timeline's next-good-window sentence, when known. */
  flyWindow: string | null;
  /** The timeline's verdict of now (issue 16: the analysis states it first and never rates it lower). */
  now?: NowVerdict | null;
  /** The pilot's unit preference (issue 16: every number follows it); absent, the spec's SI units. */
  units?: { system: MeasurementSystem; speedUnit: SpeedUnit } | null;
}

/** How the analysis writes its numbers: the pilot's units, or m/s, °C and km as the spec's SI body. */
export interface NumberWords {
  speed: (ms: number) => string;
  temperature: (c: number) => string;
  visibility: (m: number) => string;
}

const SI_WORDS: NumberWords = {
  speed: (v) => `${Math.round(v * 10) / 10} m/s`,
  temperature: (c) => `${Math.round(c)} °C`,
  visibility: (m) => (m > 9999 ? '10+ km' : m < 1000 ? `${Math.round(m)} m` : `${(m / 1000).toFixed(1)} km`),
};

export function numberWords(units: AnalysisInput['units']): NumberWords {
  if (!units) return SI_WORDS;
  return {
    speed: (v) => formatSpeed(v, units.speedUnit),
    temperature: (c) => formatTemperature(c, units.system),
    visibility: (m) => formatVisibility(m, units.system),
  };
}

export interface Limits {
  windLimitMs: number;
  windLimitSource: 'drone' | 'default';
  gustLimitMs: number;
}

/** The drone's own wind limit when one is registered; else the pilot's wind threshold. */
export function limitsFor(pilot: PilotProfile, t: FlightThresholds): Limits {
  const windLimitMs = pilot.windLimitMs ?? kmhToMs(t.wind);
  return {
    windLimitMs,
    windLimitSource: pilot.windLimitMs === null ? 'default' : 'drone',
    // A gust above the drone's limit is as bad as wind above it; without a drone, the gust threshold.
    gustLimitMs: pilot.windLimitMs ?? kmhToMs(t.gusts),
  };
}

const factor = (name: AnalysisFactorName, severity: number, detail: string): AnalysisFactor => ({ factor: name, severity, detail });

export function assessFactors(i: AnalysisInput, limits: Limits, n: NumberWords = numberWords(i.units)): AnalysisFactor[] {
  const { windLimitMs: L, gustLimitMs: G } = limits;
  const ms = n.speed;
  const out: AnalysisFactor[] = [];
  const s = i.wind.speed;
  const from = i.wind.direction === null ? '' : ` from the ${compassPoint(i.wind.direction)}`;
  if (s > L) out.push(factor('wind', 3, `Wind ${ms(s)}${from} is above the ${ms(L)} limit`));
  else if (s > 0.8 * L) out.push(factor('wind', 2, `Wind ${ms(s)}${from} is close to the ${ms(L)} limit`));
  else if (s > 0.5 * L) out.push(factor('wind', 1, `Wind ${ms(s)}${from} is moderate against the ${ms(L)} limit`));
  else out.push(factor('wind', 0, `Wind ${ms(s)}${from} is light`));

  const g = i.wind.gust;
  if (g === null || g <= s) out.push(factor('gusts', 0, 'No gusts above the mean wind'));
  else if (g > G) out.push(factor('gusts', 3, `Gusts of ${ms(g)} exceed the ${ms(G)} limit`));
  else if (g > 0.8 * G || g - s >= 5) out.push(factor('gusts', 2, `Gusts of ${ms(g)}, ${ms(g - s)} above the mean wind`));
  else if (g > 0.5 * G || g - s >= 2.5) out.push(factor('gusts', 1, `Gusts of ${ms(g)}`));
  else out.push(factor('gusts', 0, `Gusts of ${ms(g)}, close to the mean wind`));

  const v = i.visibility;
  if (v === null) out.push(factor('visibility', 0, 'Visibility not reported'));
  else if (v < 1000) out.push(factor('visibility', 3, `Visibility ${n.visibility(v)}: visual line of sight is not possible`));
  else if (v < 3000) out.push(factor('visibility', 2, `Visibility ${n.visibility(v)} is poor`));
  else if (v < i.thresholds.visibility) out.push(factor('visibility', 1, `Visibility ${n.visibility(v)} is below your ${n.visibility(i.thresholds.visibility)} threshold`));
  else out.push(factor('visibility', 0, `Visibility ${n.visibility(v)}`));

  const p = i.precipitationProbability;
  if (p === null) out.push(factor('precipitation', 0, 'Precipitation chance not reported'));
  else if (p > 70) out.push(factor('precipitation', 2, `${Math.round(p)} % chance of precipitation`));
  else if (p > i.thresholds.precipitation) out.push(factor('precipitation', 1, `${Math.round(p)} % chance of precipitation`));
  else out.push(factor('precipitation', 0, `${Math.round(p)} % chance of precipitation`));

  const t = i.temperature;
  const tr = i.thresholds.temperature;
  if (t < tr.min || t > tr.max) out.push(factor('temperature', 3, `${n.temperature(t)} is outside your ${n.temperature(tr.min)} to ${n.temperature(tr.max)} range`));
  else if (t < 0) out.push(factor('temperature', 2, `${n.temperature(t)}: batteries lose capacity fast below freezing`));
  else if (t > 35) out.push(factor('temperature', 2, `${n.temperature(t)}: motors and batteries run hot`));
  else if (t < 5) out.push(factor('temperature', 1, `${n.temperature(t)}: cold batteries give shorter flights`));
  else out.push(factor('temperature', 0, n.temperature(t)));

  const kp = i.kp;
  if (kp === null) out.push(factor('kp', 0, 'Kp index not available'));
  else if (kp > 6) out.push(factor('kp', 3, `Kp ${kp}: a severe geomagnetic storm disturbs GPS and the compass`));
  else if (kp > 4) out.push(factor('kp', 2, `Kp ${kp}: a geomagnetic storm can disturb GPS and the compass`));
  else if (kp > 3) out.push(factor('kp', 1, `Kp ${kp}: unsettled geomagnetic field`));
  else out.push(factor('kp', 0, `Kp ${kp}: quiet geomagnetic field`));

  const locked = i.satellites.locked;
  if (locked === null) out.push(factor('satellites', 0, 'Satellite count not reported'));
  else if (locked < 5) out.push(factor('satellites', 2, `Only ${locked} satellites locked: position hold is unreliable`));
  else if (locked < 8) out.push(factor('satellites', 1, `${locked} satellites locked`));
  else out.push(factor('satellites', 0, `${locked} satellites locked`));

  const cc = i.cloudCover;
  if (cc !== null && cc > i.thresholds.cloudCover) out.push(factor('clouds', 1, `${Math.round(cc)} % cloud cover: flat light, watch the cloud base`));
  else out.push(factor('clouds', 0, cc === null ? 'Cloud cover not reported' : `${Math.round(cc)} % cloud cover`));

  return out;
}

export function riskLevel(factors: readonly AnalysisFactor[], input: AnalysisInput, limits: Limits, experience: Experience): RiskLevel {
  const worst = Math.max(...factors.map((f) => f.severity));
  const count = (sev: number) => factors.filter((f) => f.severity === sev).length;
  const beginner = experience === 'Beginner';
  if (worst === 3) {
    const extreme = (input.kp !== null && input.kp > 6) || input.wind.speed > 1.25 * limits.windLimitMs || count(3) >= 2;
    return extreme ? 'EXTREME' : 'HIGH';
  }
  if (worst === 2) return beginner || count(2) >= 2 ? 'HIGH' : 'MODERATE';
  if (worst === 1) return count(1) >= 3 || (beginner && count(1) >= 2) ? 'MODERATE' : 'LOW';
  return 'LOW';
}

const ACTIONS: Record<AnalysisFactorName, string> = {
  wind: 'stay low and close, keep the drone upwind of you, and turn back with plenty of battery because the way home is into the wind',
  gusts: 'expect sudden drift; keep extra distance from people, trees and buildings',
  visibility: 'keep the drone well within visual line of sight and closer than usual',
  precipitation: 'watch the radar and land at the first drops; most drones are not waterproof',
  temperature: 'keep batteries warm before take-off and plan shorter flights',
  kp: 'expect GPS and compass errors; be ready to fly without position hold and keep the drone close',
  satellites: 'wait for a solid GPS lock before take-off',
  clouds: 'mind the light and stay well below the cloud base',
};

const IMPROVES: Record<AnalysisFactorName, string> = {
  wind: 'the wind eases',
  gusts: 'the gusts ease',
  visibility: 'visibility improves',
  precipitation: 'the precipitation has passed',
  temperature: 'the temperature is back in range',
  kp: 'the geomagnetic storm eases',
  satellites: 'satellite reception improves',
  clouds: 'the cloud lifts',
};

const HEADLINES: Record<RiskLevel, string> = {
  LOW: 'Good flying conditions.',
  MODERATE: 'Flyable with care.',
  HIGH: 'Marginal conditions: flying now is not advised.',
  EXTREME: 'Do not fly.',
};

function pilotNote(pilot: PilotProfile, limits: Limits, experience: Experience, ms: (v: number) => string): string {
  const drone = pilot.droneRegistered
    ? limits.windLimitSource === 'drone'
      ? `Judged against your ${pilot.droneName ?? pilot.droneClass ?? 'primary drone'} (${ms(limits.windLimitMs)} wind limit)`
      : `Judged against your ${pilot.droneName ?? pilot.droneClass ?? 'primary drone'} with your wind threshold of ${ms(limits.windLimitMs)} (no wind rating is on file for it)`
    : `No drone is registered yet, so your general wind threshold of ${ms(limits.windLimitMs)} stands in for the drone's limit`;
  const hours =
    pilot.flightHours > 0
      ? `and your ${Math.round(pilot.flightHours * 10) / 10} logged hours (${experience.toLowerCase()})`
      : 'and, with no flights logged yet, as a beginner';
  return `${drone} ${hours}.`;
}

function confidenceOf(i: AnalysisInput): number {
  const missing = [i.wind.gust, i.visibility, i.precipitationProbability, i.kp, i.satellites.locked].filter((v) => v === null).length;
  let c = 90 - 5 * missing;
  if (!i.pilot.droneRegistered) c -= 10;
  if (i.flyWindow === null) c -= 5;
  return Math.max(40, Math.min(95, c));
}

export function ruleBasedAnalysis(i: AnalysisInput): AiFlightAnalysisResponse {
  const limits = limitsFor(i.pilot, i.thresholds);
  const experience = experienceFromHours(i.pilot.flightHours);
  const factors = assessFactors(i, limits, numberWords(i.units));
  const n = numberWords(i.units);
  const verdict = i.now ?? null;
  // One verdict (issue 16): a limit the timeline sees passed now is at least HIGH and is said first.
  const ruled = riskLevel(factors, i, limits, experience);
  const risk: RiskLevel = verdict?.status === 'no-fly' && (ruled === 'LOW' || ruled === 'MODERATE') ? 'HIGH' : ruled;
  const ranked = [...factors].filter((f) => f.severity > 0).sort((a, b) => b.severity - a.severity);
  const [limiting, ...others] = ranked;

  const parts = [verdict?.status === 'no-fly' && verdict.headline ? verdict.headline : HEADLINES[risk]];
  if (limiting) parts.push(`${limiting.detail}${limiting.severity >= 2 ? ' and limits the flight' : ''}.`);
  else parts.push(`${factors[0]!.detail}, ${factors[2]!.detail.toLowerCase()}, nothing limits the flight.`);
  if (others.length) parts.push(`Also watch: ${others.slice(0, 3).map((f) => f.detail.charAt(0).toLowerCase() + f.detail.slice(1)).join('; ')}.`);
  if (i.flyWindow) parts.push(i.flyWindow);
  parts.push(pilotNote(i.pilot, limits, experience, n.speed));

  let recommendation: string;
  if (risk === 'EXTREME') recommendation = `Do not fly${limiting ? `: ${limiting.detail.charAt(0).toLowerCase()}${limiting.detail.slice(1)}` : ''}.`;
  else if (risk === 'HIGH') recommendation = `Postpone the flight${limiting ? ` until ${IMPROVES[limiting.factor]}` : ''}.`;
  else if (risk === 'MODERATE') recommendation = `Fly with care: ${ACTIONS[limiting?.factor ?? 'wind']}.`;
  else recommendation = `Fly as planned${limiting ? `; ${ACTIONS[limiting.factor]}` : ''}.`;
  if ((risk === 'HIGH' || risk === 'EXTREME') && i.flyWindow) recommendation += ` ${i.flyWindow}`;
  if (limiting && risk === 'HIGH') recommendation += ` If you must fly: ${ACTIONS[limiting.factor]}.`;

  return {
    summary: parts.join(' '),
    recommendation,
    riskLevel: risk,
    confidence: confidenceOf(i),
    error: null,
    generatedBy: 'rules',
    factors,
    pilot: {
      droneRegistered: i.pilot.droneRegistered,
      droneName: i.pilot.droneName,
      windLimitMs: Math.round(limits.windLimitMs * 10) / 10,
      windLimitSource: limits.windLimitSource,
      flightHours: i.pilot.flightHours,
      experience,
    },
    flyWindow: i.flyWindow,
  };
}
