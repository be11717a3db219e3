import type { FlightStats } from '../../../../shared/flight-logs/contract.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { formatMonth } from '../format.ts';

/** Flight hours by month and by drone from GET /api/flight-logs/stats, as plain bars with their numbers. */
export function HoursChart({ stats }: { stats: FlightStats }) {
  if (stats.totalFlights === 0) return null;
  const months = stats.months.slice(-12);
  const maxMonth = Math.max(...months.map((m) => m.hours), 0.1);
  const maxDrone = Math.max(...stats.drones.map((d) => d.hours), 0.1);
  return (
    <Card data-testid="hours-chart">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Flight Hours
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <figure className="grid gap-2">
          <figcaption className="text-sm font-medium">By month{stats.months.length > 12 ? ' (last 12)' : ''}</figcaption>
          <ul className="flex h-40 items-end gap-1" aria-label="Flight hours by month">
            {months.map((m) => (
              <li key={m.month} className="flex h-full min-w-0 max-w-16 flex-1 flex-col items-center justify-end gap-1" title={`${formatMonth(m.month)}: ${m.hours.toFixed(1)} h, ${m.flights} flights`}>
                <span className="sr-only">
                  {formatMonth(m.month)}: {m.hours.toFixed(1)} hours, {m.flights} flights
                </span>
                <span className="w-full rounded-t bg-primary" style={{ height: `${(m.hours / maxMonth) * 100}%`, minHeight: m.hours > 0 ? 2 : 0 }} aria-hidden />
                <span className="w-full truncate text-center text-[10px] text-muted-foreground" aria-hidden>
                  {formatMonth(m.month).slice(0, 3)}
                </span>
              </li>
            ))}
          </ul>
        </figure>
        <figure className="grid content-start gap-2">
          <figcaption className="text-sm font-medium">By drone</figcaption>
          <ul className="grid gap-2" aria-label="Flight hours by drone">
            {stats.drones.map((d) => (
              <li key={d.droneId} className="grid gap-1">
                <div className="flex justify-between gap-2 text-sm">
                  <span className="truncate">
                    {d.droneName}
                    {d.retired ? ' (deleted)' : ''}
                  </span>
                  <span className="shrink-0 tabular-nums text-muted-foreground">
                    {d.hours.toFixed(1)} h · {d.flights} {d.flights === 1 ? 'flight' : 'flights'}
                  </span>
                </div>
                <span className="h-2 rounded bg-muted" aria-hidden>
                  <span className="block h-2 rounded bg-primary" style={{ width: `${(d.hours / maxDrone) * 100}%` }} />
                </span>
              </li>
            ))}
          </ul>
        </figure>
      </CardContent>
    </Card>
  );
}
