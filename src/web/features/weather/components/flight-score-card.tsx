import { Calculator, TriangleAlert } from 'lucide-react';
import { breachesThreshold, type FlightThresholds } from '../../../../shared/weather/colours.ts';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { formatSpeed, type MeasurementSystem, type SpeedUnit } from '../../../../shared/weather/units.ts';
import { nowVerdict } from '../../../../shared/weather/verdict.ts';
import { shownGust } from '../../../../shared/weather/wind.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/utils.ts';
import { RATING_BANDS, scoreRows } from '../model/score-rules.ts';
import { DOT_TONE, TEXT_TONE, ratingColour } from './tones.ts';

/** The Flight Conditions score (§9: 100 minus penalties) with its rating and how it came about. */
export function FlightScoreCard({
  weather,
  system,
  speedUnit,
  thresholds,
}: {
  weather: WeatherResponse;
  system: MeasurementSystem;
  speedUnit: SpeedUnit;
  thresholds: FlightThresholds;
}) {
  const { score, overall, penalties } = weather.droneConditions;
  const colour = ratingColour(overall);
  // §9's score has no gust rule, so a gusty day can score well: say so where the score is read.
  const gust = shownGust(weather.multiAltitudeWind.wind_surface, weather.current.wind_gust);
  const gustWarning = breachesThreshold('gusts', gust, thresholds);
  // One verdict (issue 16): a limit passed now is said first, above the score, as the brief, the
  // analysis and the timeline say it.
  const verdict = nowVerdict(weather.hourly);
  return (
    <Card data-testid="flight-score-card" className="h-full">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-lg">
          Flight Conditions
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {verdict && verdict.status !== 'fly' && verdict.headline && (
          <p
            className={cn(
              'flex items-start gap-2 rounded-md border px-3 py-2 text-sm font-semibold',
              verdict.status === 'no-fly'
                ? 'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950/40 dark:text-red-200'
                : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200',
            )}
            data-testid="score-verdict"
            data-status={verdict.status}
          >
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {verdict.headline}
          </p>
        )}
        <div className="flex items-end gap-3">
          <p className="text-5xl leading-none font-bold tabular-nums" data-testid="flight-score">
            {score}
            <span className="text-lg font-medium text-muted-foreground">/100</span>
          </p>
          <p className={cn('flex items-center gap-2 pb-1 text-lg font-semibold', TEXT_TONE[colour])} data-testid="flight-rating">
            <span className={cn('size-3 rounded-full', DOT_TONE[colour])} aria-hidden />
            {overall}
          </p>
        </div>
        <div className="h-2.5 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
          <div className={cn('h-full rounded-full', DOT_TONE[colour])} style={{ width: `${score}%` }} />
        </div>
        <p className="text-sm text-muted-foreground">
          {penalties.length === 0
            ? 'No penalties: nothing in the current conditions costs points.'
            : `Points lost for ${penalties.map((p) => `${p.reason} (−${p.points})`).join(', ')}.`}
        </p>
        {gustWarning && gust !== null && (
          <p className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300" data-testid="score-gust-warning">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            Gusts are not part of the score: at {formatSpeed(gust, speedUnit)} they pass your threshold.
          </p>
        )}
        <ScoreExplainer weather={weather} system={system} speedUnit={speedUnit} />
      </CardContent>
    </Card>
  );
}

function ScoreExplainer({ weather, system, speedUnit }: { weather: WeatherResponse; system: MeasurementSystem; speedUnit: SpeedUnit }) {
  const { score, overall, penalties } = weather.droneConditions;
  const rows = scoreRows(weather, system, speedUnit);
  const lost = penalties.reduce((sum, p) => sum + p.points, 0);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="w-fit">
          <Calculator aria-hidden />
          How it&apos;s calculated
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-xl" data-testid="score-dialog">
        <DialogHeader>
          <DialogTitle>How it&apos;s calculated</DialogTitle>
          <DialogDescription>
            The flight score starts at 100 and loses points for each condition below; it never goes under 0. Gusts and cloud are not scored: their cards
            and the hourly timeline judge them against your thresholds.
          </DialogDescription>
        </DialogHeader>
        <div className="relative overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Penalties applied now</caption>
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Condition
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Now
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.factor} className="border-b align-top last:border-0" data-testid={`penalty-${r.factor}`} data-points={r.points}>
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    {r.title}
                    <span className="block text-xs font-normal text-muted-foreground">{r.rule}</span>
                  </th>
                  <td className="py-2 pr-2">{r.now}</td>
                  <td className={cn('py-2 text-right font-semibold tabular-nums', r.points > 0 ? 'text-red-700 dark:text-red-300' : 'text-muted-foreground')}>
                    {r.points > 0 ? `−${r.points}` : '0'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="rounded-md bg-muted px-3 py-2 text-sm font-medium" data-testid="score-sum">
          100 − {lost} = {score}
          {100 - lost < 0 ? ' (floored at 0)' : ''}: {overall}
        </p>
        <div>
          <h3 className="mb-1 text-sm font-semibold">Ratings</h3>
          <ul className="grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-3">
            {RATING_BANDS.map(([name, band]) => (
              <li key={name} className={cn(name === overall && 'font-semibold')}>
                {name} {band}
              </li>
            ))}
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
