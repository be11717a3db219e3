import { useQuery } from '@tanstack/react-query';
import { ExternalLink, X } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { FACILITY_CONSTANTS, LAANC_URL, ruleSentence, type Facility } from '../../../../shared/facilities.ts';
import { FACILITIES_KEY, fetchFacility } from '../api.ts';
import { FacilityBadges } from './facility-badges.tsx';

const SIZE_LABEL = { large: 'Large', medium: 'Medium', small: 'Small' } as const;

/** The selected facility (doc 3 §2.3): identifier, location, coordinates, elevation and 'Restrictions & Notes'. */
export function FacilityDetailCard({ facility: f, onClose }: { facility: Facility; onClose: () => void }) {
  const detail = useQuery({ queryKey: [...FACILITIES_KEY, 'detail', f.id], queryFn: () => fetchFacility(f.id), staleTime: 60 * 60 * 1000 });
  const r = f.uasRestrictions;
  return (
    <Card data-testid="facility-detail">
      <CardHeader className="flex-row items-start justify-between gap-2 pb-3">
        <div className="grid gap-1">
          <CardTitle as="h2" className="text-lg">
            {f.name}
          </CardTitle>
          <p className="font-mono text-sm text-muted-foreground">{f.identifier}{f.iata && f.iata !== f.identifier ? ` · ${f.iata}` : ''}</p>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close details">
          <X aria-hidden />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <FacilityBadges facility={f} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-muted-foreground">Location</dt>
          <dd>{[f.city, f.state].filter(Boolean).join(', ') || 'Not listed'}</dd>
          <dt className="text-muted-foreground">Coordinates</dt>
          <dd>
            {f.latitude.toFixed(4)}, {f.longitude.toFixed(4)}
          </dd>
          <dt className="text-muted-foreground">Elevation</dt>
          <dd>{f.elevation === null ? 'Not listed' : `${f.elevation} ft`}</dd>
          {f.type === 'airport' && (
            <>
              <dt className="text-muted-foreground">Size</dt>
              <dd>
                {SIZE_LABEL[f.airportSize]}
                {f.runwayLength !== null && ` · longest runway ${f.runwayLength.toLocaleString('en-US')} ft`}
              </dd>
            </>
          )}
        </dl>
        <section className="grid gap-2" aria-labelledby="restrictions-heading">
          <h3 id="restrictions-heading" className="font-semibold">
            Restrictions &amp; Notes
          </h3>
          {f.closed && (
            <p data-testid="facility-closed" className="rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
              Closed: no longer an active landing facility, so it sets no airport rules. Check the charts: the airspace it sat in may still be controlled.
            </p>
          )}
          <p data-testid="facility-rule" className="rounded-md border bg-muted/50 px-3 py-2">
            {ruleSentence(f)}
          </p>
          <ul className="grid gap-1">
            <li>Controlled airspace: {r.controlledAirspace ? 'Yes' : 'No'}</li>
            <li>LAANC authorisation: {f.laancRequired ? 'Required' : 'Not required'}</li>
            <li>No-fly zone: {r.noFlyZone ? `Yes (within ${FACILITY_CONSTANTS.noFlyRadiusNm} nm)` : 'No'}</li>
            <li>Special-use airspace: {r.specialUseAirspace ? 'Yes' : 'No'}</li>
            <li>Altitude limit: {r.altitudeLimit === null ? 'None set here; Part 107 limits flight to 400 ft AGL' : `${r.altitudeLimit} ft AGL`}</li>
            {f.restrictions.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          {detail.data && (detail.data.runways.length > 0 || Object.keys(detail.data.frequencies).length > 0) && (
            <ul className="grid gap-1 text-muted-foreground">
              {detail.data.runways.slice(0, 6).map((rw, i) => (
                <li key={i}>
                  Runway {rw.ends.join('/') || i + 1}: {rw.lengthFt.toLocaleString('en-US')} × {rw.widthFt} ft, {rw.surface}
                  {rw.lighted ? ', lighted' : ''}
                </li>
              ))}
              {Object.entries(detail.data.frequencies).map(([k, v]) => (
                <li key={k}>
                  {k.toUpperCase()} {v} MHz
                </li>
              ))}
            </ul>
          )}
        </section>
        {f.laancRequired && (
          <Button asChild variant="outline" size="sm" className="w-fit">
            <a href={LAANC_URL} target="_blank" rel="noopener noreferrer">
              Request LAANC
              <ExternalLink aria-hidden />
            </a>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
