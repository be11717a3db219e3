import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ExternalLink, LocateFixed, Minus, Plus, RotateCcw, Search, Undo2, MapPinned } from 'lucide-react';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  areaLoadFailedMessage,
  distanceMiles,
  FAA_FACILITY_MAPS_URL,
  FACILITY_CONSTANTS,
  FACILITY_MESSAGES,
  LAANC_URL,
  OURAIRPORTS_ATTRIBUTION,
  searchFailedMessage,
  type Facility,
  type SourceError,
} from '../../../../shared/facilities.ts';
import { FACILITIES_KEY, fetchArea, fetchCeiling, fetchFacilityStatus, searchFacilities } from '../api.ts';
import { FacilityDetailCard } from '../components/facility-detail-card.tsx';
import { FacilityList } from '../components/facility-list.tsx';
import { FacilityMap, type MapBounds, type MapControls, type MapView } from '../components/facility-map.tsx';
import { MapLegend } from '../components/map-legend.tsx';
import { useFacilityGeolocation, type Position } from '../hooks/use-geolocation.ts';
import { ruleAtPoint } from '../model/rules.ts';
import { useMountEffect } from '../hooks/use-mount-effect.ts';

const C = FACILITY_CONSTANTS;
const DEFAULT_VIEW = { lat: C.defaultCenter.lat, lon: C.defaultCenter.lon, zoom: C.defaultZoom };
/** Centres are rounded to ~1 km for the load key, so a tiny drag does not ask again for the same circle. */
const round = (n: number) => Math.round(n * 100) / 100;
const SOURCE_LABEL: Record<SourceError['source'], string> = { 'live-airport': 'Live airport source', 'airport-database': 'Airport database', faa: 'FAA' };
const messageOf = (e: unknown) => (e instanceof ApiError ? e.serverMessage : e instanceof Error ? e.message : undefined);

/** /uas-facilities (doc 3 §2.3, §4): every US airport and heliport near the pilot on a real map, with its rules. */
export function UasFacilitiesPage() {
  const [view, setView] = useState<MapView>({ ...DEFAULT_VIEW, seq: 0 });
  const [current, setCurrent] = useState<{ lat: number; lon: number; zoom: number; bounds: MapBounds | null }>({ ...DEFAULT_VIEW, bounds: null });
  const [loadAt, setLoadAt] = useState<{ lat: number; lon: number; n: number }>({ lat: DEFAULT_VIEW.lat, lon: DEFAULT_VIEW.lon, n: 0 });
  const [selected, setSelected] = useState<Facility | null>(null);
  const [searchHit, setSearchHit] = useState<Facility | null>(null);
  const [query, setQuery] = useState('');
  const [searchMessage, setSearchMessage] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  /** Closed fields are loaded and drawn only when the pilot asks (ADR 0027). */
  const [showClosed, setShowClosed] = useState(false);
  const seq = useRef(0);

  const moveTo = useCallback((lat: number, lon: number, zoom: number) => {
    seq.current += 1;
    setView({ lat, lon, zoom, seq: seq.current });
  }, []);

  const onLocated = useCallback(
    (p: Position) => {
      setSearchHit(null);
      setSelected(null);
      moveTo(p.lat, p.lon, C.geolocatedZoom);
    },
    [moveTo],
  );
  const geo = useFacilityGeolocation(onLocated);
  // Doc 3 §4: geolocation is requested on page load.
  useMountEffect(geo.locate);

  const status = useQuery({ queryKey: [...FACILITIES_KEY, 'status'], queryFn: fetchFacilityStatus, staleTime: 5 * 60 * 1000 });
  const area = useQuery({
    queryKey: [...FACILITIES_KEY, 'area', round(loadAt.lat), round(loadAt.lon), loadAt.n, showClosed],
    queryFn: ({ signal }) => fetchArea(round(loadAt.lat), round(loadAt.lon), C.mapRadiusMiles, showClosed, signal),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });

  // Doc 3 §4: any change of centre reloads the facilities within 150 miles.
  const onViewChange = useCallback((center: { lat: number; lon: number }, zoom: number, bounds: MapBounds) => {
    setCurrent({ ...center, zoom, bounds });
    setLoadAt((l) => (round(l.lat) === round(center.lat) && round(l.lon) === round(center.lon) ? l : { lat: center.lat, lon: center.lon, n: l.n }));
  }, []);

  // A load error empties the list (doc 3 §8); a search hit shows only that facility (doc 3 §4).
  const loaded = useMemo(() => (area.isError ? [] : (area.data?.facilities ?? [])), [area.isError, area.data]);
  const shown = useMemo(() => (searchHit ? [searchHit] : loaded), [searchHit, loaded]);
  const inView = useMemo(() => {
    const b = current.bounds;
    const list = b ? shown.filter((f) => f.latitude >= b.south && f.latitude <= b.north && f.longitude >= b.west && f.longitude <= b.east) : shown;
    return list
      .map((f) => ({ ...f, distanceMiles: Math.round(distanceMiles(current.lat, current.lon, f.latitude, f.longitude) * 10) / 10 }))
      .sort((a, b) => (a.distanceMiles ?? 0) - (b.distanceMiles ?? 0));
  }, [shown, current]);

  const select = useCallback(
    (f: Facility) => {
      setSelected(f);
      // Doc 3 §4: selecting a facility recentres on it.
      moveTo(f.latitude, f.longitude, Math.max(current.zoom, 9));
    },
    [moveTo, current.zoom],
  );
  const selectById = useCallback(
    (id: number) => {
      const f = shown.find((x) => x.id === id);
      if (f) setSelected(f);
    },
    [shown],
  );

  async function onSearch(event?: FormEvent) {
    event?.preventDefault();
    const q = query.trim();
    // Doc 3 §5: nothing happens for an empty search.
    if (!q || searching) return;
    setSearching(true);
    setSearchMessage(null);
    try {
      const page = await searchFacilities(q.toUpperCase());
      const hit = page.facilities[0];
      if (!hit) {
        setSearchMessage(page.message);
        return;
      }
      setSearchHit(hit);
      setSelected(hit);
      moveTo(hit.latitude, hit.longitude, Math.max(current.zoom, 10));
    } catch (e) {
      setSearchMessage(searchFailedMessage(messageOf(e)));
    } finally {
      setSearching(false);
    }
  }

  function loadArea() {
    // Doc 3 §5: Load does nothing while a load is running.
    if (area.isFetching) return;
    setSearchHit(null);
    setSearchMessage(null);
    setLoadAt((l) => ({ lat: current.lat, lon: current.lon, n: l.n + 1 }));
  }

  function resetToUs() {
    setSelected(null);
    setSearchHit(null);
    setSearchMessage(null);
    geo.forget();
    moveTo(DEFAULT_VIEW.lat, DEFAULT_VIEW.lon, DEFAULT_VIEW.zoom);
  }

  function resetView() {
    setSelected(null);
    setSearchHit(null);
    moveTo(DEFAULT_VIEW.lat, DEFAULT_VIEW.lon, DEFAULT_VIEW.zoom);
  }

  const mapControls = useRef<MapControls | null>(null);
  const zoom = (delta: number) => mapControls.current?.zoomBy(delta);

  const own = geo.status === 'located' ? geo.position : null;
  const pointRule = own ? ruleAtPoint(own.lat, own.lon, loaded.filter((f) => !f.closed)) : null;
  // The FAA UAS facility map's LAANC ceiling at the pilot's own position, when that layer is configured.
  const ceiling = useQuery({
    queryKey: [...FACILITIES_KEY, 'ceiling', own ? round(own.lat * 10) / 10 : null, own ? round(own.lon * 10) / 10 : null],
    queryFn: () => fetchCeiling(own!.lat, own!.lon),
    enabled: Boolean(own && status.data?.ceilings),
    staleTime: 10 * 60 * 1000,
  });
  const ceilingText = ceiling.data?.ceiling
    ? `UAS facility map at your position: LAANC up to ${ceiling.data.ceiling.ceilingFt} ft AGL${ceiling.data.ceiling.airports.length ? ` (${ceiling.data.ceiling.airports.map((a) => `${a.name}${a.laanc ? '' : ', no LAANC'}`).join('; ')})` : ''}${ceiling.data.ceiling.mapEffective ? `, map of ${ceiling.data.ceiling.mapEffective}` : ''}.`
    : null;
  const loadError = area.isError ? areaLoadFailedMessage(messageOf(area.error)) : null;
  const zeroMessage = !area.isError && !searchHit && area.data && area.data.facilities.length === 0 ? area.data.message : null;

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 sm:px-6" data-testid="uas-facilities-page">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{FACILITY_MESSAGES.heading}</h1>
        <p className="text-sm text-muted-foreground">{FACILITY_MESSAGES.intro}</p>
      </div>

      <Card>
        <CardHeader className="gap-4 pb-4">
          <CardTitle as="h2" className="text-lg">
            {FACILITY_MESSAGES.mapTitle}
          </CardTitle>
          <form className="flex flex-col gap-2 sm:flex-row" onSubmit={(e) => void onSearch(e)} role="search">
            <label htmlFor="facility-search" className="sr-only">
              Search facilities
            </label>
            <Input
              id="facility-search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder={FACILITY_MESSAGES.searchPlaceholder}
              maxLength={100}
              autoComplete="off"
              data-testid="facility-search-input"
            />
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <Button type="submit" disabled={searching} data-testid="facility-search-button">
                {searching ? <Spinner size="sm" /> : <Search aria-hidden />}
                Search
              </Button>
              <Button type="button" variant="outline" onClick={loadArea} disabled={area.isFetching}>
                <MapPinned aria-hidden />
                Load Area
              </Button>
              <Button asChild variant="outline">
                <a href={LAANC_URL} target="_blank" rel="noopener noreferrer" data-testid="request-laanc">
                  Request LAANC
                  <ExternalLink aria-hidden />
                </a>
              </Button>
            </div>
          </form>
          <div className="flex flex-wrap items-center gap-2">
            <Button type="button" variant="secondary" size="sm" onClick={geo.locate} disabled={geo.status === 'locating'} data-testid="use-my-location">
              <LocateFixed aria-hidden />
              {own ? 'Update My Location' : 'Use My Location'}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={resetToUs}>
              <Undo2 aria-hidden />
              Reset to US
            </Button>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={showClosed} onChange={(e) => setShowClosed(e.target.checked)} data-testid="show-closed" />
              Show closed fields
            </label>
            {own && (
              <>
                <Badge variant="default" data-testid="your-location">
                  Your Location
                </Badge>
                <span className="text-sm text-muted-foreground">{FACILITY_MESSAGES.nearYou}</span>
              </>
            )}
          </div>
          {pointRule && (
            <p
              role="status"
              data-testid="point-rule"
              className={
                pointRule.facility?.droneFlightZone === 'prohibited'
                  ? 'rounded-md border border-red-500/50 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100'
                  : pointRule.facility
                    ? 'rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100'
                    : 'rounded-md border border-emerald-500/40 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950/40 dark:text-emerald-100'
              }
            >
              {pointRule.text}
              {ceilingText && (
                <span className="mt-1 block" data-testid="point-ceiling">
                  {ceilingText}
                </span>
              )}
            </p>
          )}
          {geo.error && (
            <p role="alert" className="text-sm text-destructive" data-testid="geolocation-error">
              {geo.error}
            </p>
          )}
          {searchMessage && (
            <p role="alert" className="text-sm text-destructive" data-testid="search-message">
              {searchMessage}
            </p>
          )}
          {zeroMessage && (
            <p role="status" className="text-sm text-muted-foreground" data-testid="zero-results">
              {zeroMessage}
            </p>
          )}
        </CardHeader>
        <CardContent className="grid gap-4">
          <div
            className="relative h-[60vh] min-h-80 overflow-hidden rounded-lg border md:h-[560px]"
            data-testid="map-frame"
            data-center={`${current.lat.toFixed(3)},${current.lon.toFixed(3)}`}
            data-zoom={current.zoom}
          >
            <FacilityMap
              view={view}
              facilities={shown}
              selectedId={selected?.id ?? null}
              ownPosition={own}
              attribution={status.data?.attribution ?? OURAIRPORTS_ATTRIBUTION}
              tileUrl={status.data?.tileUrl ?? null}
              tileAttribution={status.data?.tileAttribution ?? null}
              onViewChange={onViewChange}
              onSelect={selectById}
              ref={mapControls}
            />
            <div className="pointer-events-none absolute inset-x-2 top-2 z-[1000] flex items-start justify-between gap-2">
              <span className="pointer-events-auto rounded-md border bg-card/90 px-2 py-1 text-xs font-medium shadow-sm" data-testid="facilities-shown" aria-live="polite">
                {inView.length} facilities shown
              </span>
              <div className="pointer-events-auto flex flex-col overflow-hidden rounded-md border bg-card shadow-sm">
                <Button variant="ghost" size="icon" className="size-9 rounded-none" onClick={() => zoom(1)} disabled={current.zoom >= C.maxZoom} aria-label="Zoom in">
                  <Plus aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" className="size-9 rounded-none border-t" onClick={() => zoom(-1)} disabled={current.zoom <= C.minZoom} aria-label="Zoom out">
                  <Minus aria-hidden />
                </Button>
                <Button variant="ghost" size="icon" className="size-9 rounded-none border-t" onClick={resetView} aria-label="Reset View" title="Reset View">
                  <RotateCcw aria-hidden />
                </Button>
              </div>
            </div>
            <MapLegend className="absolute bottom-8 right-2 z-[1000] hidden sm:grid" />
            {area.isFetching && (
              <div className="absolute inset-0 z-[1001] grid place-items-center bg-background/40" data-testid="facilities-loading">
                <span className="flex items-center gap-2 rounded-md border bg-card px-3 py-2 text-sm shadow-sm">
                  <Spinner size="sm" />
                  {FACILITY_MESSAGES.loading}
                </span>
              </div>
            )}
          </div>
          <MapLegend className="flex flex-wrap sm:hidden" />
          <p className="text-xs text-muted-foreground">Zoom {current.zoom} of {C.maxZoom}</p>
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <FacilityList facilities={inView} selectedId={selected?.id ?? null} onSelect={select} />
        {selected ? <FacilityDetailCard facility={selected} onClose={() => setSelected(null)} /> : <div className="hidden lg:block" />}
      </div>

      <section
        className="grid gap-2 rounded-lg border border-amber-500/50 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-100"
        aria-labelledby="data-notice-title"
        data-testid="airport-data-notice"
      >
        <h2 id="data-notice-title" className="font-semibold">
          {FACILITY_MESSAGES.noticeTitle}
        </h2>
        {loadError && (
          <p role="alert" data-testid="area-error">
            {loadError}
          </p>
        )}
        {(area.data?.sourceErrors ?? []).map((e) => (
          <p key={e.source} data-testid="source-error">
            {SOURCE_LABEL[e.source]}: {e.message}
          </p>
        ))}
        {ceiling.data?.error && <p data-testid="ceiling-error">FAA UAS facility map: {ceiling.data.error}</p>}
        {(status.data?.notices ?? []).map((n) => (
          <p key={n}>{n}</p>
        ))}
        <p>
          This map is for planning only: always confirm with official FAA resources before you fly.{' '}
          <a href={FAA_FACILITY_MAPS_URL} target="_blank" rel="noopener noreferrer" className="font-medium underline underline-offset-2">
            FAA UAS Facility Maps
          </a>
        </p>
      </section>
    </div>
  );
}
