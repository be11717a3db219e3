import { simpleBrief } from '../../../../shared/weather/brief.ts';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import type { BriefLevel } from '../../../../shared/weather/score.ts';
import { formatSpeed, type MeasurementSystem, type SpeedUnit } from '../../../../shared/weather/units.ts';

export const LEVEL_WORDS: Record<BriefLevel, string> = { good: 'Good', caution: 'Caution', poor: 'Poor' };

const ADVICE: Record<BriefLevel, string> = {
  good: 'Nothing in the forecast stands in the way; run your usual pre-flight checks.',
  caution: 'Conditions are marginal: keep the drone close, stay low and land early if they worsen.',
  poor: 'Consider postponing the flight.',
};

export interface BriefView {
  level: BriefLevel;
  /** The shared simple brief (§9: score 70 or more good, 50-69 caution, below 50 poor). */
  text: string;
  /** The wind where the drone flies, and the next good window. */
  lines: string[];
  advice: string;
}

/** The basic-tier brief as the page shows it: the shared text plus the wind aloft and the fly window. */
export function briefView(w: WeatherResponse, system: MeasurementSystem, speedUnit: SpeedUnit): BriefView {
  const { level, text } = simpleBrief(w, system);
  return {
    level,
    text,
    lines: [`About ${formatSpeed(w.multiAltitudeWind.wind_400ft.speed, speedUnit)} of wind at 400 ft.`, w.flyWindow.text],
    advice: ADVICE[level],
  };
}
