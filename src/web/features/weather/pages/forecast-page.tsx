import { Sparkles } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_LOCATION, type WindAltitudeFt } from '../../../../shared/weather/constants.ts';
import type { LocationResult } from '../../../../shared/weather/contract.ts';
import { speedUnitFor, type SpeedUnit } from '../../../../shared/weather/units.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { usePreferences, useSavePreference } from '../../account/index.ts';
import { useTierAccess } from '../../auth/index.ts';
import { Attribution } from '../components/attribution.tsx';
import { ForecastError, ForecastLoading } from '../components/forecast-status.tsx';
import { ForecastView } from '../components/forecast-view.tsx';
import { LocationNotices } from '../components/location-notices.tsx';
import { LocationSearch } from '../components/location-search.tsx';
import { UnitsToggle } from '../components/units-toggle.tsx';
import { useFlightAnalysis } from '../hooks/use-flight-analysis.ts';
import { useGeolocation } from '../hooks/use-geolocation.ts';
import { useThresholds } from '../hooks/use-thresholds.ts';
import { useWeather } from '../hooks/use-weather.ts';
import { usePaymentsConfigured } from '../../billing/index.ts';
import { canSeeUpgradeLink, canUseAiAnalysis } from '../model/ai-access.ts';
import { analysisRequest } from '../model/analysis-request.ts';
import { coordinatesText, gpsDataOf, type DevicePosition } from '../model/geolocation.ts';

interface ChosenLocation {
  /** What is sent as `location`: a place name, typed text, or "lat, lon". */
  text: string;
  source: 'default' | 'search' | 'typed' | 'device';
  position: DevicePosition | null;
}

/** /forecast (doc 3 §2.2): flight conditions, brief, cards, timeline and panels for one place. */
export function ForecastPage() {
  const [location, setLocation] = useState<ChosenLocation>({ text: DEFAULT_LOCATION, source: 'default', position: null });
  const [searchText, setSearchText] = useState('');
  const [altitudeFt, setAltitudeFt] = useState<WindAltitudeFt>(0);
  const [chosenUnit, setChosenUnit] = useState<SpeedUnit | null>(null);
  // Once the pilot has asked for a place, the automatic detection of page load must not replace it.
  const pilotChose = useRef(false);

  const { preferences, isLoading: preferencesLoading } = usePreferences();
  const { savePreference } = useSavePreference();
  const system = preferences.measurementSystem;
  const speedUnit = chosenUnit ?? speedUnitFor(system);
  const { tierPair } = useTierAccess();
  // With payments on, a user without the AI analysis is offered the plans (ADR 0040).
  const paymentsOn = usePaymentsConfigured();
  const aiTier = canUseAiAnalysis(tierPair);
  const thresholds = useThresholds();

  const geo = useGeolocation((position, automatic) => {
    if (automatic && pilotChose.current) return;
    pilotChose.current = !automatic || pilotChose.current;
    setLocation({ text: coordinatesText(position), source: 'device', position });
    setSearchText(coordinatesText(position));
  });

  const choose = (text: string, source: ChosenLocation['source']) => {
    pilotChose.current = true;
    setLocation({ text, source, position: null });
  };

  // With permission already granted the position comes within moments: wait for it rather than load New York first.
  const waitingForDevice = geo.status === 'detecting' && geo.automatic && geo.permission === 'granted' && location.source === 'default';
  const saved = thresholds.saved;
  const weather = useWeather(
    {
      location: location.text,
      gpsData: location.position ? gpsDataOf(location.position) : null,
      thresholds: Object.keys(saved).length ? saved : null,
    },
    thresholds.ready && !waitingForDevice,
  );
  const data = weather.data;
  const analysis = useFlightAnalysis(data, location.text, saved, aiTier && !weather.isPlaceholderData, { system, speedUnit });

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6 sm:px-6" data-testid="forecast-page">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Weather Forecast</h1>
          <p className="text-sm text-muted-foreground">Flight conditions for drone pilots: score, wind aloft, METAR and the next good window.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <UnitsToggle value={system} disabled={preferencesLoading} onChange={(s) => savePreference('measurementSystem', s)} />
          {(canSeeUpgradeLink(tierPair) || (paymentsOn && tierPair !== null && !canUseAiAnalysis(tierPair))) && (
            <Button asChild size="sm" variant="secondary">
              <Link to="/pricing" data-testid="upgrade-link">
                <Sparkles aria-hidden />
                Upgrade
              </Link>
            </Button>
          )}
        </div>
      </header>

      <Card>
        <CardContent className="p-4 sm:p-6">
          <LocationSearch
            text={searchText}
            onTextChange={setSearchText}
            onSelect={(r: LocationResult) => {
              setSearchText(r.name);
              choose(r.name, 'search');
            }}
            onSubmit={(text) => choose(text, 'typed')}
            onUseMyLocation={geo.request}
            detecting={geo.status === 'detecting'}
          />
        </CardContent>
      </Card>

      <LocationNotices geo={geo} devicePosition={location.source === 'device' ? location.position : null} />

      {data ? (
        <ForecastView
          weather={data}
          updating={weather.isFetching}
          system={system}
          speedUnit={speedUnit}
          altitudeFt={altitudeFt}
          thresholds={thresholds.thresholds}
          thresholdsReady={thresholds.ready}
          onAltitude={setAltitudeFt}
          onSpeedUnit={setChosenUnit}
          analysis={
            aiTier
              ? {
                  data: analysis.data,
                  isLoading: analysis.isLoading || (weather.isPlaceholderData && !analysis.data),
                  isError: analysis.isError,
                  error: analysis.error,
                  retry: () => void analysis.refetch(),
                  unavailable: analysisRequest(data, location.text, saved) === null,
                }
              : null
          }
        />
      ) : weather.isError ? (
        <ForecastError error={weather.error} />
      ) : (
        <ForecastLoading location={waitingForDevice ? 'your location' : location.text} />
      )}

      <Attribution />
    </div>
  );
}
