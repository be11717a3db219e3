import type { FlightThresholds } from '../../../../shared/weather/colours.ts';
import type { WindAltitudeFt } from '../../../../shared/weather/constants.ts';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { localClock } from '../../../../shared/weather/local-time.ts';
import type { MeasurementSystem, SpeedUnit } from '../../../../shared/weather/units.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FlyWindowsCard } from '../../features/index.ts';
import { AdvancedPanel } from './advanced-panel.tsx';
import { AviationPanel } from './aviation-panel.tsx';
import { DataSourcesPanel } from './data-sources-panel.tsx';
import { FlightScoreCard } from './flight-score-card.tsx';
import { HourlyTimeline } from './hourly-timeline.tsx';
import { ThresholdsDialog } from './thresholds-dialog.tsx';
import { AiAnalysisCard, SimpleBriefCard, type AnalysisState } from './weather-brief.tsx';
import { WeatherCards } from './weather-cards.tsx';
import { WindProfilePanel } from './wind-profile-panel.tsx';

export interface ForecastViewProps {
  weather: WeatherResponse;
  updating: boolean;
  system: MeasurementSystem;
  speedUnit: SpeedUnit;
  altitudeFt: WindAltitudeFt;
  thresholds: FlightThresholds;
  thresholdsReady: boolean;
  onAltitude: (ft: WindAltitudeFt) => void;
  onSpeedUnit: (unit: SpeedUnit) => void;
  /** null for the tiers that get the simple brief */
  analysis: (AnalysisState & { unavailable: boolean }) | null;
}

/** Everything below the search once a forecast has arrived. */
export function ForecastView(p: ForecastViewProps) {
  const w = p.weather;
  const detail = {
    weather: w,
    system: p.system,
    speedUnit: p.speedUnit,
    altitudeFt: p.altitudeFt,
    thresholds: p.thresholds,
    onAltitude: p.onAltitude,
    onSpeedUnit: p.onSpeedUnit,
  };
  return (
    <section aria-labelledby="forecast-location" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-6" data-testid="forecast">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h2 id="forecast-location" className="text-xl font-semibold break-words" data-testid="forecast-location">
            {w.location.name}
          </h2>
          <p className="text-sm text-muted-foreground">
            Conditions at {localClock(w.current.time, w.location.utcOffsetSeconds)} local time
            {w.location.timezone ? ` (${w.location.timezone})` : ''} · {w.location.lat.toFixed(2)}, {w.location.lon.toFixed(2)}
          </p>
        </div>
        {p.updating && (
          <span className="flex items-center gap-2 text-xs text-muted-foreground">
            <Spinner size="sm" label="Updating the forecast" />
            Updating…
          </span>
        )}
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-3">
        <FlightScoreCard weather={w} system={p.system} speedUnit={p.speedUnit} thresholds={p.thresholds} />
        <div className="min-w-0 lg:col-span-2">
          {p.analysis ? (
            <AiAnalysisCard analysis={p.analysis} unavailable={p.analysis.unavailable} />
          ) : (
            <SimpleBriefCard weather={w} system={p.system} speedUnit={p.speedUnit} />
          )}
        </div>
      </div>

      <HourlyTimeline weather={w} speedUnit={p.speedUnit} />
      <FlyWindowsCard lat={w.location.lat} lon={w.location.lon} nowS={w.current.time} />

      <section aria-labelledby="cards-heading" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="cards-heading" className="text-lg font-semibold">
            Conditions now
          </h2>
          <ThresholdsDialog thresholds={p.thresholds} system={p.system} disabled={!p.thresholdsReady} />
        </div>
        <WeatherCards {...detail} />
        <p className="text-xs text-muted-foreground">Tap a card for details. Wind and Gusts follow the altitude and speed unit chosen in their details.</p>
      </section>

      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
        <WindProfilePanel weather={w} system={p.system} speedUnit={p.speedUnit} altitudeFt={p.altitudeFt} thresholds={p.thresholds} onAltitude={p.onAltitude} />
        <AdvancedPanel weather={w} system={p.system} />
        <AviationPanel weather={w} system={p.system} />
        <DataSourcesPanel weather={w} />
      </div>
    </section>
  );
}
