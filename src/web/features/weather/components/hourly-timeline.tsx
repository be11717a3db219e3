import { Check, TriangleAlert, X, type LucideIcon } from 'lucide-react';
import type { FlyStatus } from '../../../../shared/weather/fly-windows.ts';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { formatSpeed, type SpeedUnit } from '../../../../shared/weather/units.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/utils.ts';
import { FACTOR_SHORT, STATUS_WORDS, statusCounts, timelineDays } from '../model/timeline.ts';
import { BLOCK_TONE } from './tones.ts';

const STATUS_ICON: Record<FlyStatus, LucideIcon> = { fly: Check, caution: TriangleAlert, 'no-fly': X };

/**
 * The next hours (up to 48) as fly / caution / no-fly against the pilot's thresholds, each naming what
 * limits it, and the next good window in words. A horizontal strip that scrolls on narrow screens.
 */
export function HourlyTimeline({ weather, speedUnit }: { weather: WeatherResponse; speedUnit: SpeedUnit }) {
  const days = timelineDays(weather);
  const counts = statusCounts(weather);
  const hours = weather.hourly.length;
  return (
    <Card data-testid="hourly-timeline" className="min-w-0">
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="text-lg">
          Next {hours} hours
        </CardTitle>
        <CardDescription className="text-base font-medium text-foreground" data-testid="fly-window">
          {weather.flyWindow.text}
        </CardDescription>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {(['fly', 'caution', 'no-fly'] as const).map((s) => {
            const Icon = STATUS_ICON[s];
            return (
              <span key={s} className="inline-flex items-center gap-1.5">
                <span className={cn('inline-flex size-4 items-center justify-center rounded', BLOCK_TONE[s])} aria-hidden>
                  <Icon className="size-3" />
                </span>
                {STATUS_WORDS[s]} {counts[s]} h
              </span>
            );
          })}
          <span>Judged against your thresholds{weather.limits.droneWindLimitMs !== null ? " and your drone's wind limit" : ''}.</span>
          <span data-testid="timeline-figure-legend">Figures: W wind speed, G gust speed (shown where gusts limit the hour).</span>
        </p>
      </CardHeader>
      <CardContent>
        {hours === 0 ? (
          <p className="text-sm text-muted-foreground">No hourly forecast is available.</p>
        ) : (
          <div className="relative -mx-2 overflow-x-auto px-2 pb-2" tabIndex={0} role="region" aria-label="Hourly flight conditions, scrollable">
            <div className="flex gap-4">
              {days.map((day) => (
                <section key={`${day.label}-${day.cells[0]!.time}`} aria-label={day.label} className="shrink-0">
                  <h3 className="sticky left-0 mb-1 text-xs font-semibold text-muted-foreground">{day.label}</h3>
                  <ol className="flex gap-1">
                    {day.cells.map((cell) => {
                      const Icon = STATUS_ICON[cell.status];
                      return (
                        <li
                          key={cell.time}
                          className="flex w-14 flex-col items-center gap-1 text-center"
                          title={`${cell.description}${cell.figure ? `; ${cell.figure.kind} ${formatSpeed(cell.figure.value, speedUnit)}` : ''}`}
                          data-testid="timeline-hour"
                          data-status={cell.status}
                        >
                          <span className="sr-only">
                            {cell.description}
                            {cell.figure ? `; ${cell.figure.kind} ${formatSpeed(cell.figure.value, speedUnit)}` : ''}
                          </span>
                          <span className="text-xs tabular-nums" aria-hidden>
                            {cell.clock}
                          </span>
                          <span className={cn('flex h-9 w-full items-center justify-center rounded-md', BLOCK_TONE[cell.status])} aria-hidden>
                            <Icon className="size-4" />
                          </span>
                          <span className="h-4 w-full truncate text-[11px] leading-4 text-muted-foreground" aria-hidden>
                            {cell.factor ? FACTOR_SHORT[cell.factor] : ''}
                          </span>
                          <span className="text-[11px] leading-3 text-muted-foreground tabular-nums" aria-hidden data-testid="timeline-figure" data-kind={cell.figure?.kind}>
                            {cell.figure === null ? '' : `${cell.figure.kind === 'gusts' ? 'G' : 'W'}\u00a0${formatSpeed(cell.figure.value, speedUnit).replace(' ', '\u00a0')}`}
                          </span>
                        </li>
                      );
                    })}
                  </ol>
                </section>
              ))}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
