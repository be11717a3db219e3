import { Wind } from 'lucide-react';
import type { FlightThresholds } from '../../../../shared/weather/colours.ts';
import { cardStatus } from '../../../../shared/weather/colours.ts';
import { WIND_ALTITUDES_FT, type WindAltitudeFt } from '../../../../shared/weather/constants.ts';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { formatAltitude, formatSpeed, type MeasurementSystem, type SpeedUnit } from '../../../../shared/weather/units.ts';
import { altitudeKey, compassPoint, shownGust } from '../../../../shared/weather/wind.ts';
import { cn } from '../../../lib/utils.ts';
import { COLOUR_WORDS } from '../model/cards.ts';
import { CollapsiblePanel } from './collapsible-panel.tsx';
import { DOT_TONE, TEXT_TONE } from './tones.ts';

const SHEAR_WORDS = { low: 'Low', moderate: 'Moderate', high: 'High' } as const;
const SHEAR_COLOUR = { low: 'green', moderate: 'yellow', high: 'red' } as const;

/** Wind from the surface to 400 ft in 50 ft steps, and the shear between them (§9). */
export function WindProfilePanel({
  weather,
  system,
  speedUnit,
  altitudeFt,
  thresholds,
  onAltitude,
}: {
  weather: WeatherResponse;
  system: MeasurementSystem;
  speedUnit: SpeedUnit;
  altitudeFt: WindAltitudeFt;
  thresholds: FlightThresholds;
  onAltitude: (ft: WindAltitudeFt) => void;
}) {
  const shear = weather.windShear;
  const top = weather.multiAltitudeWind.wind_400ft;
  const speeds = WIND_ALTITUDES_FT.map((ft) => weather.multiAltitudeWind[altitudeKey(ft)].speed);
  const max = Math.max(...speeds, 0.1);
  return (
    <CollapsiblePanel
      title="Multi-Altitude Wind Profile"
      icon={Wind}
      testId="panel-wind-profile"
      summary={`400 ft: ${formatSpeed(top.speed, speedUnit)} · shear ${SHEAR_WORDS[shear.level].toLowerCase()}`}
    >
      <div className="grid gap-4">
        <p className={cn('text-sm font-medium', TEXT_TONE[SHEAR_COLOUR[shear.level]])} data-testid="wind-shear">
          Wind shear, surface to 400 ft: {formatSpeed(shear.difference, speedUnit)} · {SHEAR_WORDS[shear.level]}
        </p>
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Wind by altitude. Choose a row to show that altitude on the Wind and Gusts cards.</caption>
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Altitude
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Wind
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Gusts
                </th>
                <th scope="col" className="py-2 font-medium">
                  From
                </th>
              </tr>
            </thead>
            <tbody>
              {[...WIND_ALTITUDES_FT].reverse().map((ft) => {
                const level = weather.multiAltitudeWind[altitudeKey(ft)];
                const gust = shownGust(level, weather.current.wind_gust);
                const colour = cardStatus('wind', level.speed, thresholds).colour;
                const selected = ft === altitudeFt;
                return (
                  <tr key={ft} className={cn('border-b last:border-0', selected && 'bg-accent/60')} data-testid={`profile-${ft}`}>
                    <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                      <button
                        type="button"
                        className="rounded-sm underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                        aria-pressed={selected}
                        onClick={() => onAltitude(ft)}
                      >
                        {formatAltitude(ft, system)}
                      </button>
                    </th>
                    <td className="py-1.5 pr-2">
                      <span className="flex items-center gap-2">
                        <span className={cn('size-2 shrink-0 rounded-full', DOT_TONE[colour])} aria-hidden />
                        <span className="shrink-0 whitespace-nowrap tabular-nums sm:w-20">{formatSpeed(level.speed, speedUnit)}</span>
                        <span className="sr-only">{COLOUR_WORDS[colour]}</span>
                        <span className="hidden h-1.5 flex-1 rounded-full bg-muted sm:block" aria-hidden>
                          <span className={cn('block h-full rounded-full', DOT_TONE[colour])} style={{ width: `${(level.speed / max) * 100}%` }} />
                        </span>
                      </span>
                    </td>
                    <td className="py-1.5 pr-2 whitespace-nowrap tabular-nums">{gust === null ? 'None' : formatSpeed(gust, speedUnit)}</td>
                    <td className="py-1.5 whitespace-nowrap">{level.direction === null ? '—' : `${compassPoint(level.direction)} ${Math.round(level.direction)}°`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-muted-foreground">
          Above the surface the wind is estimated, not measured: {weather.data_sources.wind_altitude ?? 'log-law profile from the model wind'}. Shear under 2.5 m/s
          is low, under 5 m/s moderate, else high.
        </p>
      </div>
    </CollapsiblePanel>
  );
}
