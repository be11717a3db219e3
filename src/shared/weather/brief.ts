import type { WeatherResponse } from './contract.ts';
import { briefLevel, type BriefLevel } from './score.ts';
import { formatSpeed, formatTemperature, formatVisibility, speedUnitFor, type MeasurementSystem } from './units.ts';
import { combinedLevel, nowVerdict } from './verdict.ts';
import { compassPoint } from './wind.ts';

const OPENING: Record<BriefLevel, string> = {
  good: 'Good conditions for flying.',
  caution: 'Fly with caution.',
  poor: 'Poor conditions for flying.',
};

/**
 * The simple weather brief for tiers without the AI brief (§2.2, §9: score 70 or more good, 50-69
 * caution, below 50 poor, never better than the timeline's verdict of now), in the user's measurement system.
 */
export function simpleBrief(w: Pick<WeatherResponse, 'droneConditions' | 'current'> & Partial<Pick<WeatherResponse, 'hourly'>>, system: MeasurementSystem): { level: BriefLevel; text: string } {
  // One verdict (issue 16): a limit passed now makes the brief poor and says so first, whatever the score.
  const verdict = nowVerdict(w.hourly ?? []);
  const level = combinedLevel(briefLevel(w.droneConditions.score), verdict);
  const c = w.current;
  const unit = speedUnitFor(system);
  const parts: string[] = [];
  if (c.wind_speed !== null) {
    const from = c.wind_deg === null ? '' : ` from the ${compassPoint(c.wind_deg)}`;
    const gust = c.wind_gust !== null && c.wind_gust > c.wind_speed ? `, gusts ${formatSpeed(c.wind_gust, unit)}` : '';
    parts.push(`wind ${formatSpeed(c.wind_speed, unit)}${from}${gust}`);
  }
  const sky = c.weather[0]?.description;
  if (sky) parts.push(sky.toLowerCase());
  if (c.visibility !== null) parts.push(`visibility ${formatVisibility(c.visibility, system)}`);
  if (c.temp !== null) parts.push(formatTemperature(c.temp, system));
  const details = parts.length ? ` ${parts.join('; ').replace(/^./, (ch) => ch.toUpperCase())}.` : '';
  const costs = w.droneConditions.penalties.map((p) => `${p.reason} −${p.points}`).join(', ');
  const score = ` Score ${w.droneConditions.score} (${w.droneConditions.overall})${costs ? `: ${costs}` : ''}.`;
  const opening = verdict?.headline && verdict.status !== 'fly' && level !== 'good' ? verdict.headline : OPENING[level];
  return { level, text: `${opening}${details}${score}` };
}
