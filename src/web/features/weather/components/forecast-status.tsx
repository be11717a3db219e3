import { CloudOff } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';

export const WEATHER_UNAVAILABLE = 'Unable to get weather data.';
const DEFAULT_ADVICE = 'Use a valid city, address or coordinates (for example "40.71, -74.01").';

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
  return DEFAULT_ADVICE;
}

/** §8: 'Unable to get weather data.' with advice, and the failed request's status. */
export function ForecastError({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : null;
  return (
    <Card data-testid="forecast-error" role="alert">
      <CardContent className="flex items-start gap-3 p-6">
        <CloudOff className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">{WEATHER_UNAVAILABLE}</p>
          <p>{adviceOf(error)}</p>
          <p className="text-xs text-muted-foreground">{status === null ? 'Weather API request failed: network error' : `Weather API request failed: ${status}`}</p>
        </div>
      </CardContent>
    </Card>
  );
}
