import { Thermometer } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { dewPointFlag, uvLabel } from '../../../../shared/weather/labels.ts';
import { formatTemperature, type MeasurementSystem } from '../../../../shared/weather/units.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { CollapsiblePanel } from './collapsible-panel.tsx';

function Item({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border p-3" data-testid={testId}>
      <h3 className="text-xs font-medium text-muted-foreground">{title}</h3>
      <div className="mt-1 text-sm">{children}</div>
    </div>
  );
}

/** Dew point, UV, air quality and thermal activity (§2.2). */
export function AdvancedPanel({ weather, system }: { weather: WeatherResponse; system: MeasurementSystem }) {
  const c = weather.current;
  const flag = c.temp !== null && c.dew_point !== null ? dewPointFlag(c.temp, c.dew_point) : null;
  const spread = c.temp !== null && c.dew_point !== null ? c.temp - c.dew_point : null;
  const aq = weather.airQuality;
  const thermal = weather.thermalActivity;
  return (
    <CollapsiblePanel
      title="Advanced Weather Features"
      icon={Thermometer}
      testId="panel-advanced"
      summary={`Dew point ${formatTemperature(c.dew_point, system)}${flag ? ` · ${flag}` : ''} · thermals ${thermal.intensity.toLowerCase()}`}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <Item title="Dew point" testId="dew-point">
          <p className="flex flex-wrap items-center gap-2 font-semibold">
            {formatTemperature(c.dew_point, system)}
            {flag && <Badge variant="warning">{flag}</Badge>}
          </p>
          <p className="text-muted-foreground">
            {spread === null
              ? 'Spread not available.'
              : `${Math.round(spread * 10) / 10} °C below the air temperature${c.humidity === null ? '' : `, humidity ${Math.round(c.humidity)}%`}. Under 3 °C, expect mist, dew on the lens and icing in the cold.`}
          </p>
        </Item>
        <Item title="UV index">
          {c.uvi === null ? (
            <p className="text-muted-foreground">Not available.</p>
          ) : (
            <p>
              <span className="font-semibold">{Math.round(c.uvi * 10) / 10}</span> · {uvLabel(c.uvi)}
            </p>
          )}
        </Item>
        <Item title="Air quality" testId="air-quality">
          {aq ? (
            <p>
              <span className="font-semibold">US AQI {Math.round(aq.aqi)}</span> · {aq.category}
            </p>
          ) : (
            <p className="text-muted-foreground">{weather.availability.airQuality.message ?? 'Not available.'}</p>
          )}
        </Item>
        <Item title="Thermal activity">
          <p>
            <span className="font-semibold">{thermal.intensity}</span>
            {thermal.peakHours ? ` · strongest ${thermal.peakHours}` : ''}
          </p>
          <p className="text-muted-foreground">Rising warm air makes small drones bob and drift; fly earlier or later in the day when it is strong.</p>
        </Item>
      </div>
    </CollapsiblePanel>
  );
}
