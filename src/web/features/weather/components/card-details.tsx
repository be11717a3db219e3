import { Navigation } from 'lucide-react';
import type { ReactNode } from 'react';
import type { FlightThresholds } from '../../../../shared/weather/colours.ts';
import { CARD_BANDS, type WindAltitudeFt } from '../../../../shared/weather/constants.ts';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { dewPointFlag } from '../../../../shared/weather/labels.ts';
import { localClock } from '../../../../shared/weather/local-time.ts';
import { formatAltitude, formatSpeed, formatTemperature, formatVisibility, kmhToMs, type MeasurementSystem, type SpeedUnit } from '../../../../shared/weather/units.ts';
import { compassPoint } from '../../../../shared/weather/wind.ts';
import { formatDuration, windAt, type CardId } from '../model/cards.ts';
import { GEOLOCATION_MESSAGES } from '../model/geolocation.ts';
import { WindControls } from './wind-controls.tsx';

export interface DetailProps {
  weather: WeatherResponse;
  system: MeasurementSystem;
  speedUnit: SpeedUnit;
  altitudeFt: WindAltitudeFt;
  thresholds: FlightThresholds;
  onAltitude: (ft: WindAltitudeFt) => void;
  onSpeedUnit: (unit: SpeedUnit) => void;
}

function Rows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="text-right font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Rule({ children }: { children: ReactNode }) {
  return <p className="rounded-md bg-muted px-3 py-2 text-xs text-muted-foreground">{children}</p>;
}

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v)}%`);
const threshold = (what: string) => <span className="font-semibold text-foreground">{what}</span>;

/** What each card's dialog shows beyond its value (§2.2). */
export function CardDetail({ id, ...p }: DetailProps & { id: CardId }) {
  const w = p.weather;
  const c = w.current;
  const offset = w.location.utcOffsetSeconds;
  const speed = (ms: number | null) => formatSpeed(ms, p.speedUnit);
  const kmh = (v: number) => formatSpeed(kmhToMs(v), p.speedUnit);
  const temp = (v: number | null) => formatTemperature(v, p.system);
  const metar = c.metar_data;
  const controls = <WindControls system={p.system} altitudeFt={p.altitudeFt} speedUnit={p.speedUnit} onAltitude={p.onAltitude} onSpeedUnit={p.onSpeedUnit} />;
  const penalty = (factor: string) => w.droneConditions.penalties.find((x) => x.factor === factor)?.points ?? 0;

  switch (id) {
    case 'weather': {
      const condition = c.weather[0];
      const lost = penalty('precipitation') + penalty('lightning');
      return (
        <>
          <Rows
            rows={[
              ['Conditions', condition?.description ?? 'Not reported'],
              ['Feels like', temp(c.feels_like)],
              ['Humidity', pct(c.humidity)],
              ['Score effect', lost ? `−${lost} points` : 'None'],
              ...(metar?.decoded && metar.decoded.weather.length ? ([[`Reported at ${metar.icaoId}`, metar.decoded.weather.join(', ')]] as [string, string][]) : []),
            ]}
          />
          <Rule>Green for clear or cloudy skies, yellow for fog, red for drizzle, rain, snow or thunderstorms.</Rule>
        </>
      );
    }
    case 'sun': {
      const daylight = c.sunset !== null && c.is_day !== false && c.time < c.sunset ? formatDuration(c.sunset - c.time) : null;
      return (
        <>
          <Rows
            rows={[
              ['Sunrise', c.sunrise === null ? '—' : localClock(c.sunrise, offset)],
              ['Sunset', c.sunset === null ? '—' : localClock(c.sunset, offset)],
              ['Daylight left', daylight ?? 'None (dark now)'],
            ]}
          />
          <Rule>
            Times are local to the forecast location{w.location.timezone ? ` (${w.location.timezone})` : ''}. Flying after dark needs anti-collision lighting and
            extra care; the hourly timeline marks dark hours as caution.
          </Rule>
        </>
      );
    }
    case 'temperature': {
      const flag = c.temp !== null && c.dew_point !== null ? dewPointFlag(c.temp, c.dew_point) : null;
      return (
        <>
          <Rows
            rows={[
              ['Now', temp(c.temp)],
              ['Feels like', temp(c.feels_like)],
              ['Dew point', `${temp(c.dew_point)}${flag ? ` · ${flag}` : ''}`],
              ['Your range', `${temp(p.thresholds.temperature.min)} to ${temp(p.thresholds.temperature.max)}`],
            ]}
          />
          <Rule>
            Green from {temp(CARD_BANDS.temperatureC.greenMin)} to {temp(CARD_BANDS.temperatureC.greenMax)}, yellow outside that, red outside{' '}
            {threshold('your range')}. Cold batteries give shorter flights.
          </Rule>
        </>
      );
    }
    case 'wind': {
      const { wind, gust } = windAt(w, p.altitudeFt);
      return (
        <>
          {controls}
          <Rows
            rows={[
              [`Wind at ${formatAltitude(p.altitudeFt, p.system)}`, speed(wind.speed)],
              ['From', wind.direction === null ? '—' : `${compassPoint(wind.direction)} (${Math.round(wind.direction)}°)`],
              ['Gusts', gust === null ? 'None' : speed(gust)],
              ...(p.altitudeFt === 0 ? [] : ([['Surface', speed(w.multiAltitudeWind.wind_surface.speed)]] as [string, string][])),
              ...(p.altitudeFt === 400 ? [] : ([[formatAltitude(400, p.system), speed(w.multiAltitudeWind.wind_400ft.speed)]] as [string, string][])),
            ]}
          />
          <Rule>
            Green under {kmh(CARD_BANDS.windKmh.green)}, yellow under {kmh(CARD_BANDS.windKmh.yellow)}, red above; red also above {threshold(`your ${kmh(p.thresholds.wind)}`)}.
            Winds above the surface are estimated from the model&apos;s levels (see Data Source Information).
          </Rule>
        </>
      );
    }
    case 'gusts': {
      const { wind, gust } = windAt(w, p.altitudeFt);
      return (
        <>
          {controls}
          <Rows
            rows={[
              [`Gusts at ${formatAltitude(p.altitudeFt, p.system)}`, gust === null ? 'None' : speed(gust)],
              ['Wind there', speed(wind.speed)],
              ['Gust above the wind', gust === null ? '—' : speed(Math.max(0, gust - wind.speed))],
              ['Surface gusts', c.wind_gust === null ? 'None' : speed(c.wind_gust)],
            ]}
          />
          <Rule>
            Shown: the gust at this altitude when it exceeds the wind there, else the surface gust, else None. Green with no gusts, yellow under{' '}
            {kmh(CARD_BANDS.gustKmh.yellow)}, red above; red also above {threshold(`your ${kmh(p.thresholds.gusts)}`)}.
          </Rule>
        </>
      );
    }
    case 'windDir': {
      const aloft = w.multiAltitudeWind.wind_400ft.direction;
      return (
        <>
          {c.wind_deg !== null && (
            <div className="flex justify-center" aria-hidden>
              {/* The arrow points where the wind blows to, 180° from where it comes from. */}
              <Navigation className="size-16 text-primary" style={{ transform: `rotate(${c.wind_deg + 180 - 45}deg)` }} />
            </div>
          )}
          <Rows
            rows={[
              ['Surface wind from', c.wind_deg === null ? '—' : `${compassPoint(c.wind_deg)} (${Math.round(c.wind_deg)}°)`],
              ['At 400 ft from', aloft === null ? '—' : `${compassPoint(aloft)} (${Math.round(aloft)}°)`],
            ]}
          />
          <Rule>Sectors are 22.5° wide on the 16-point compass; north covers 348.75° to 11.25°. Plan the way home into the wind.</Rule>
        </>
      );
    }
    case 'precipitation': {
      const next = w.forecast.slice(0, 6).map((h) => h.pop).filter((v): v is number => v !== null);
      return (
        <>
          <Rows
            rows={[
              ['This hour', pct(c.pop)],
              ['Highest in the next 6 hours', next.length ? pct(Math.max(...next)) : '—'],
              ['Your threshold', pct(p.thresholds.precipitation)],
            ]}
          />
          <Rule>
            Green under {CARD_BANDS.precipitationPct.green}%, yellow under {CARD_BANDS.precipitationPct.yellow}%, red above; red also above{' '}
            {threshold(`your ${p.thresholds.precipitation}%`)}. Most drones are not waterproof.
          </Rule>
        </>
      );
    }
    case 'clouds':
      return (
        <>
          <Rows
            rows={[
              ['Cloud cover', pct(c.clouds)],
              ...(metar?.decoded && metar.decoded.clouds.length ? ([[`Reported at ${metar.icaoId}`, metar.decoded.clouds.join(', ')]] as [string, string][]) : []),
              ['Your threshold', pct(p.thresholds.cloudCover)],
            ]}
          />
          <Rule>
            Clear up to 25%, partly cloudy to 50%, mostly cloudy to 75%, else overcast. Green under {CARD_BANDS.cloudPct.green}%, yellow under{' '}
            {CARD_BANDS.cloudPct.yellow}%, red above; red also above {threshold(`your ${p.thresholds.cloudCover}%`)}.
          </Rule>
        </>
      );
    case 'visibility':
      return (
        <>
          <Rows
            rows={[
              ['Forecast', formatVisibility(c.visibility, p.system)],
              ...(metar?.decoded?.visibility ? ([[`Reported at ${metar.icaoId}`, metar.decoded.visibility]] as [string, string][]) : []),
              ['Your threshold', formatVisibility(p.thresholds.visibility, p.system)],
            ]}
          />
          <Rule>
            Excellent from 10 km, good from 5 km, moderate from 1 km. Green from {formatVisibility(CARD_BANDS.visibilityM.green, p.system)}, yellow from{' '}
            {formatVisibility(CARD_BANDS.visibilityM.yellow, p.system)}, red below; red also below {threshold(`your ${formatVisibility(p.thresholds.visibility, p.system)}`)}.
          </Rule>
        </>
      );
    case 'visibleSats':
    case 'lockedSats': {
      const s = w.satelliteData;
      const d = s.satelliteDetails;
      return (
        <>
          <Rows
            rows={[
              ['Visible', String(s.visibleSatellites)],
              ['Locked', String(s.lockedSatellites)],
              ['GPS · GLONASS · Galileo · BeiDou', `${d.gps} · ${d.glonass} · ${d.galileo} · ${d.beidou}`],
              ['Position accuracy', s.accuracy === null ? 'Unknown' : `${Math.round(s.accuracy)} m`],
              ['Source', w.data_sources.satellites ?? s.source],
            ]}
          />
          {s.source !== 'device' && <Rule>{GEOLOCATION_MESSAGES.noSatellites} These counts are an estimate, not a reading from your receiver.</Rule>}
          <Rule>Excellent from 8 satellites, good from 6, fair from 4. Green from {CARD_BANDS.satellites.green}, yellow from {CARD_BANDS.satellites.yellow}, red below.</Rule>
        </>
      );
    }
    case 'kp':
      return (
        <>
          <Rows
            rows={[
              ['Planetary Kp', c.kp_index === null ? 'Unavailable' : String(c.kp_index)],
              ['Score effect', penalty('kp') ? `−${penalty('kp')} points` : 'None'],
            ]}
          />
          {w.availability.kp.status !== 'ok' && w.availability.kp.message && <Rule>{w.availability.kp.message}</Rule>}
          <Rule>
            Quiet up to 3, unsettled up to 4, storm up to 6, severe above. Geomagnetic storms disturb GPS and the compass. Green up to {CARD_BANDS.kp.green}, yellow up to{' '}
            {CARD_BANDS.kp.yellow}, red above.
          </Rule>
        </>
      );
  }
}
