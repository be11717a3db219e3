import { Database } from 'lucide-react';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { sourceRows } from '../model/data-sources.ts';
import { CollapsiblePanel } from './collapsible-panel.tsx';

/** Where every figure came from (§3 data_sources), with §9's real-sensor rule. */
export function DataSourcesPanel({ weather }: { weather: WeatherResponse }) {
  const rows = sourceRows(weather.data_sources);
  const real = rows.filter((r) => r.realSensor).length;
  return (
    <CollapsiblePanel title="Data Source Information" icon={Database} testId="panel-data-sources" summary={`${real} of ${rows.length} sources count as real sensor data`}>
      <div className="grid gap-3">
        <p className="text-sm">
          Wind above the surface (50–400 ft) is <strong>estimated</strong>: a logarithmic wind profile through the forecast model&apos;s 10 m, 80 m, 120 m and 180 m winds,
          not a measurement. Gusts aloft scale the 10 m gust by the same profile.
        </p>
        <ul className="divide-y rounded-lg border text-sm" data-testid="data-sources">
          {rows.map((r) => (
            <li key={r.key} className="flex flex-col gap-1 px-3 py-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4" data-testid={`source-${r.key}`} data-real={r.realSensor}>
              <div className="min-w-0">
                <p className="font-medium">{r.name}</p>
                <p className="break-words text-muted-foreground">{r.source}</p>
              </div>
              <Badge variant={r.realSensor ? 'success' : 'outline'} className="w-fit shrink-0">
                {r.realSensor ? 'Real sensor data' : 'Model or estimate'}
              </Badge>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">A source counts as real sensor data when its description names an API, NOAA, EPA, N2YO, GPS or a direct reading.</p>
      </div>
    </CollapsiblePanel>
  );
}
