import { CloudOff } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { WEATHER_OUTAGE } from '../../../../shared/weather/constants.ts';
import { ApiError } from '../../../lib/api-client.ts';

export const WEATHER_UNAVAILABLE = 'Unable to get weather data.';
/** When the server itself could not be reached or answered without advice: an outage, not the pilot's input (issue 16). */
const OUTAGE_ADVICE = WEATHER_OUTAGE;

export function ForecastLoading({ location }: { location: string }) {
  return (
    <Card data-testid="forecast-loading">
      <CardContent className="flex items-center gap-3 p-6 text-sm text-muted-foreground">
        <Spinner label="Loading the forecast" />
        Loading the forecast for {location}…
      </CardContent>
    </Card>
  );
}

function adviceOf(error: unknown): string {
  if (error instanceof ApiError && error.body && typeof error.body === 'object' && 'advice' in error.body && typeof error.body.advice === 'string') {
    return error.body.advice;
  }
  return OUTAGE_ADVICE;
}

/** §8: 'Unable to get weather data.' with the server's advice; no raw status code reaches the page (issue 16). */
export function ForecastError({ error }: { error: unknown }) {
  return (
    <Card data-testid="forecast-error" role="alert">
      <CardContent className="flex items-start gap-3 p-6">
        <CloudOff className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">{WEATHER_UNAVAILABLE}</p>
          <p>{adviceOf(error)}</p>
        </div>
      </CardContent>
    </Card>
  );
}
