import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { GATED_FEATURES } from '../../../../shared/gated-features.ts';
import { localWhen } from '../../../../shared/weather/local-time.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fetchFlyWindows } from '../api.ts';
import { useFeatureEnabled } from '../hooks/use-features.ts';

/**
 * Every fly window of the next 48 hours, for the tiers the 'fly-windows-48h' feature is rolled out to.
 * Nothing renders (and nothing is fetched) without the flag; the server refuses the call without it too.
 */
export function FlyWindowsCard({ lat, lon, nowS }: { lat: number; lon: number; nowS: number }) {
  const on = useFeatureEnabled(GATED_FEATURES.flyWindows48h.name);
  const location = `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
  const windows = useQuery({ queryKey: ['fly-windows', location], queryFn: () => fetchFlyWindows(location), enabled: on, retry: 1 });
  if (!on) return null;
  return (
    <Card data-testid="fly-windows-card">
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2 text-lg">
          <CalendarClock className="size-5 text-primary" aria-hidden />
          Fly windows, next 48 hours
          <Badge variant="secondary">Early access</Badge>
        </CardTitle>
        <CardDescription>Every stretch of hours you may fly in the timeline above (green: clear, amber: with caution), in local time at the location.</CardDescription>
      </CardHeader>
      <CardContent>
        {windows.isLoading ? (
          <Spinner label="Loading fly windows" />
        ) : windows.isError ? (
          <p className="text-sm text-destructive">Could not load the fly windows.</p>
        ) : windows.data && windows.data.windows.length > 0 ? (
          <ul className="flex flex-wrap gap-2" data-testid="fly-windows">
            {windows.data.windows.map((w) => (
              <li
                key={w.start}
                className={`rounded-md border px-3 py-1.5 text-sm ${w.status === 'fly' ? 'border-success/40 bg-success/10' : 'border-warning/50 bg-warning/10'}`}
              >
                {localWhen(w.start, nowS, windows.data.utcOffsetSeconds)} – {localWhen(w.end, nowS, windows.data.utcOffsetSeconds)} ({w.hours} h
                {w.status === 'caution' ? ', with caution' : ''})
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="no-fly-windows">
            No hours to fly in the next 48 hours.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
