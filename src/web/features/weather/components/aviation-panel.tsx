import { Plane } from 'lucide-react';
import type { ReactNode } from 'react';
import type { MetarData, TafData, WeatherResponse } from '../../../../shared/weather/contract.ts';
import { formatDistanceKm, formatTemperature, type MeasurementSystem } from '../../../../shared/weather/units.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { altimeterText, FLIGHT_CATEGORIES, metarWindText, TAF_PERIOD_WORDS, utcTime } from '../model/aviation.ts';
import { CollapsiblePanel } from './collapsible-panel.tsx';
import { Notice } from './notice.tsx';

function Raw({ children, label }: { children: string; label: string }) {
  return (
    <pre aria-label={label} className="overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words">
      {children}
    </pre>
  );
}

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Metar({ metar, system }: { metar: MetarData; system: MeasurementSystem }) {
  const d = metar.decoded;
  return (
    <section className="grid gap-3" aria-labelledby="metar-heading" data-testid="metar">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="metar-heading" className="font-semibold">
          METAR {metar.icaoId}
        </h3>
        {metar.fltCat && <Badge variant="secondary">{FLIGHT_CATEGORIES[metar.fltCat] ?? metar.fltCat}</Badge>}
      </div>
      <p className="text-sm text-muted-foreground">
        {metar.name} · {formatDistanceKm(metar.distanceKm, system)} away · observed {utcTime(metar.obsTime)}
      </p>
      <Raw label="Raw METAR">{metar.rawOb}</Raw>
      {d ? (
        <Fields
          rows={[
            ['Wind', metarWindText(d.windDirection, d.windSpeedKt, d.windGustKt)],
            ['Visibility', d.visibility ?? '—'],
            ['Weather', d.weather.length ? d.weather.join(', ') : 'None reported'],
            ['Clouds', d.clouds.length ? d.clouds.join(', ') : metar.clouds.length ? metar.clouds.map((c) => `${c.cover}${c.base === null ? '' : ` ${c.base} ft`}`).join(', ') : 'None reported'],
            ['Temperature / dew point', `${formatTemperature(d.temperature, system)} / ${formatTemperature(d.dewPoint, system)}`],
            ['Altimeter', altimeterText(metar.altim)],
          ]}
        />
      ) : (
        <p className="text-sm text-muted-foreground">This report could not be decoded{metar.decodeError ? `: ${metar.decodeError}` : ''}. The raw text above is as the station sent it.</p>
      )}
    </section>
  );
}

function Taf({ taf, system }: { taf: TafData; system: MeasurementSystem }) {
  return (
    <section className="grid gap-3" aria-labelledby="taf-heading" data-testid="taf">
      <h3 id="taf-heading" className="font-semibold">
        TAF {taf.icaoId}
      </h3>
      <p className="text-sm text-muted-foreground">
        {taf.name} · {formatDistanceKm(taf.distanceKm, system)} away · valid {utcTime(taf.validTimeFrom)} to {utcTime(taf.validTimeTo)}
      </p>
      <Raw label="Raw TAF">{taf.rawTAF}</Raw>
      {taf.periods.length > 0 && (
        <ol className="grid gap-2 text-sm">
          {taf.periods.map((p, i) => (
            <li key={`${p.raw}-${i}`} className="rounded-md border px-3 py-2">
              <p className="font-medium">
                {TAF_PERIOD_WORDS[p.type] ?? p.type}
                {p.probability !== null ? ` ${p.probability}%` : ''} {p.from !== null ? utcTime(p.from) : ''}
                {p.to !== null ? ` to ${utcTime(p.to)}` : ''}
              </p>
              <p className="text-muted-foreground">
                {[p.wind && `Wind ${p.wind}`, p.visibility && `visibility ${p.visibility}`, p.weather.length ? p.weather.join(', ') : null, p.clouds.length ? p.clouds.join(', ') : null, p.windShear && `wind shear ${p.windShear}`]
                  .filter(Boolean)
                  .join(' · ') || p.raw}
              </p>
            </li>
          ))}
        </ol>
      )}
      {taf.decodeError && <p className="text-sm text-muted-foreground">Part of this forecast could not be decoded: {taf.decodeError}</p>}
    </section>
  );
}

/** METAR and TAF of the nearest station (§2.2): the raw text and what it says; a failed provider says so. */
export function AviationPanel({ weather, system }: { weather: WeatherResponse; system: MeasurementSystem }) {
  const { metar_data: metar, taf_data: taf } = weather.current;
  const a = weather.availability;
  const summary = metar ? `METAR ${metar.icaoId}${metar.fltCat ? ` · ${metar.fltCat}` : ''}` : a.metar.status === 'unavailable' ? 'Unavailable' : 'No station nearby';
  return (
    <CollapsiblePanel title="Aviation Weather Data" icon={Plane} testId="panel-aviation" summary={summary}>
      <div className="grid gap-6">
        {metar ? <Metar metar={metar} system={system} /> : <Notice tone={a.metar.status === 'unavailable' ? 'warning' : 'info'} testId="metar-unavailable">{a.metar.message ?? 'No METAR available.'}</Notice>}
        {taf ? <Taf taf={taf} system={system} /> : <Notice tone={a.taf.status === 'unavailable' ? 'warning' : 'info'} testId="taf-unavailable">{a.taf.message ?? 'No TAF available.'}</Notice>}
        <p className="text-xs text-muted-foreground">Reports from aviationweather.gov. Times are UTC, winds in knots, as the reports give them.</p>
      </div>
    </CollapsiblePanel>
  );
}
