import { cardStatus, type CardColour, type FlightThresholds } from '../../../../shared/weather/colours.ts';
import type { WindAltitudeFt } from '../../../../shared/weather/constants.ts';
import type { WeatherResponse } from '../../../../shared/weather/contract.ts';
import { cloudLabel, kpLabel, satelliteLabel, visibilityLabel } from '../../../../shared/weather/labels.ts';
import { localClock } from '../../../../shared/weather/local-time.ts';
import { formatAltitude, formatSpeed, formatTemperature, formatVisibility, type MeasurementSystem, type SpeedUnit } from '../../../../shared/weather/units.ts';
import { altitudeKey, compassPoint, shownGust, type AltitudeWind } from '../../../../shared/weather/wind.ts';

/** The twelve cards of doc 3 §2.2, in the spec's order. */
export const CARD_IDS = [
  'weather',
  'sun',
  'temperature',
  'wind',
  'gusts',
  'windDir',
  'precipitation',
  'clouds',
  'visibility',
  'visibleSats',
  'kp',
  'lockedSats',
] as const;
export type CardId = (typeof CARD_IDS)[number];

export const CARD_TITLES: Record<CardId, string> = {
  weather: 'Weather',
  sun: 'Sun Times',
  temperature: 'Temperature',
  wind: 'Wind',
  gusts: 'Gusts',
  windDir: 'Wind Dir.',
  precipitation: 'Precip Prob',
  clouds: 'Cloud Cover',
  visibility: 'Visibility',
  visibleSats: 'Visible Sats',
  kp: 'Kp',
  lockedSats: 'Sats Locked',
};

/** A card's colour: the §9 bands and the pilot's thresholds; 'neutral' where no rule applies. */
export type TileColour = CardColour | 'neutral';

export const COLOUR_WORDS: Record<TileColour, string> = { green: 'Good', yellow: 'Caution', red: 'Alert', neutral: 'Information' };

export interface CardModel {
  id: CardId;
  title: string;
  value: string;
  label: string;
  colour: TileColour;
  /** The pilot's own threshold is passed (the card is red because of it). */
  alert: boolean;
}

export interface DisplayOptions {
  system: MeasurementSystem;
  speedUnit: SpeedUnit;
  altitudeFt: WindAltitudeFt;
  thresholds: FlightThresholds;
}

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v)}%`);

/** The wind and the gust the Wind and Gusts cards show at the chosen altitude (§4's gust rule). */
export function windAt(w: WeatherResponse, altitudeFt: WindAltitudeFt): { wind: AltitudeWind; gust: number | null } {
  const wind = w.multiAltitudeWind[altitudeKey(altitudeFt)];
  return { wind, gust: shownGust(wind, w.current.wind_gust) };
}

/** "2 h 05 min" */
export function formatDuration(seconds: number): string {
  const minutes = Math.max(0, Math.round(seconds / 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}

function weatherColour(main: string | undefined): TileColour {
  switch (main) {
    case 'Clear':
    case 'Clouds':
      return 'green';
    case 'Fog':
      return 'yellow';
    case 'Drizzle':
    case 'Rain':
    case 'Snow':
    case 'Thunderstorm':
      return 'red';
    default:
      return 'neutral';
  }
}

function sunCard(w: WeatherResponse): Pick<CardModel, 'value' | 'label' | 'colour'> {
  const { sunrise, sunset, time, is_day: isDay } = w.current;
  const offset = w.location.utcOffsetSeconds;
  if (sunrise === null || sunset === null) return { value: '—', label: 'Not available', colour: 'neutral' };
  const value = `${localClock(sunrise, offset)}–${localClock(sunset, offset)}`;
  if (isDay !== false && time >= sunrise && time < sunset) {
    return { value, label: `${formatDuration(sunset - time)} of daylight left`, colour: 'green' };
  }
  // Darkness is a caution in the hourly timeline too: flying at night needs lights and more care.
  return { value, label: 'Dark now', colour: 'yellow' };
}

const kpText = (kp: number) => (Number.isInteger(kp) ? String(kp) : kp.toFixed(1));

export function buildCards(w: WeatherResponse, o: DisplayOptions): CardModel[] {
  const c = w.current;
  const t = o.thresholds;
  const { wind, gust } = windAt(w, o.altitudeFt);
  const altitude = formatAltitude(o.altitudeFt, o.system);
  const status = (metric: Parameters<typeof cardStatus>[0], value: number | null) => cardStatus(metric, value, t);
  const satSource = w.satelliteData.source === 'device' ? '' : ' · estimated';
  const condition = c.weather[0];

  const models: Record<CardId, Omit<CardModel, 'id' | 'title'>> = {
    weather: {
      value: condition?.description ?? '—',
      label: condition?.main ?? 'Not available',
      colour: weatherColour(condition?.main),
      alert: false,
    },
    sun: { ...sunCard(w), alert: false },
    temperature: {
      value: formatTemperature(c.temp, o.system),
      label: c.feels_like === null ? 'Now' : `Feels like ${formatTemperature(c.feels_like, o.system)}`,
      ...status('temperature', c.temp),
    },
    wind: {
      value: formatSpeed(wind.speed, o.speedUnit),
      label: wind.direction === null ? altitude : `${altitude} · from ${compassPoint(wind.direction)}`,
      ...status('wind', wind.speed),
    },
    gusts: {
      value: gust === null ? 'None' : formatSpeed(gust, o.speedUnit),
      label: altitude,
      ...status('gusts', gust),
    },
    windDir: {
      value: c.wind_deg === null ? '—' : compassPoint(c.wind_deg),
      label: c.wind_deg === null ? 'Not available' : `From ${Math.round(c.wind_deg)}°`,
      colour: 'neutral',
      alert: false,
    },
    precipitation: { value: percent(c.pop), label: 'Chance this hour', ...status('precipitation', c.pop) },
    clouds: { value: percent(c.clouds), label: c.clouds === null ? 'Not available' : cloudLabel(c.clouds), ...status('clouds', c.clouds) },
    visibility: { value: formatVisibility(c.visibility, o.system), label: visibilityLabel(c.visibility), ...status('visibility', c.visibility) },
    visibleSats: {
      value: String(w.satellites.visible),
      label: `${satelliteLabel(w.satellites.visible, 'visible')}${satSource}`,
      ...status('satellites', w.satellites.visible),
    },
    kp:
      c.kp_index === null
        ? { value: '—', label: 'Unavailable', colour: 'neutral', alert: false }
        : { value: kpText(c.kp_index), label: kpLabel(c.kp_index), ...status('kp', c.kp_index) },
    lockedSats: {
      value: String(w.satellites.locked),
      label: `${satelliteLabel(w.satellites.locked, 'locked')}${satSource}`,
      ...status('satellites', w.satellites.locked),
    },
  };
  return CARD_IDS.map((id) => ({ id, title: CARD_TITLES[id], ...models[id] }));
}
