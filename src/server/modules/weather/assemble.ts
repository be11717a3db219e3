import { GEOLOCATION_ACCURACY_WARNING_M, LIGHTNING_RADIUS_KM, LIGHTNING_WINDOW_MS, METAR_PRESENT_MAX_AGE_S, TIMELINE_HOURS } from '../../../shared/weather/constants.ts';
import type { FlightThresholds } from '../../../shared/weather/colours.ts';
import type { GpsData, WeatherResponse } from '../../../shared/weather/contract.ts';
import { buildTimeline, flyWindow, type HourConditions } from '../../../shared/weather/fly-windows.ts';
import { aqiCategory } from '../../../shared/weather/labels.ts';
import { estimateSatellites, splitConstellations } from '../../../shared/weather/satellites.ts';
import { flightScore, type PresentWeather } from '../../../shared/weather/score.ts';
import { thermalActivity } from '../../../shared/weather/thermal.ts';
import { multiAltitudeWind, profileMethod, windAtHeight, windShear, type WindLevel } from '../../../shared/weather/wind.ts';
import { describeWeatherCode, presentWeatherOf } from '../../../shared/weather/wmo.ts';
import type { Metar, Taf } from '../../providers/aviation-weather/aviation-weather-client.ts';
import { hourAt, WIND_HEIGHTS_M, type ForecastData, type ForecastHour } from '../../providers/open-meteo/normalize.ts';
import type { KpReading } from '../../providers/space-weather/kp-index.ts';

/** A provider's outcome: its value, or why it is not there. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: string };

export interface Gathered {
  location: { name: string; lat: number; lon: number; source: 'coordinates' | 'geocoded' };
  forecast: ForecastData;
  airQuality: Settled<number | null>;
  metar: Settled<Metar | null>;
  taf: Settled<Taf | null>;
  kp: Settled<KpReading>;
}

export interface AssembleOptions {
  gpsData: GpsData | undefined;
  thresholds: FlightThresholds;
  droneWindLimitMs: number | null;
}

const FEET_400_M = 400 / 3.28084;

export function windLevels(h: Pick<ForecastHour, 'windSpeed' | 'windDirection'>): WindLevel[] {
  return WIND_HEIGHTS_M.flatMap((heightM) => {
    const speed = h.windSpeed[heightM];
    return speed === null ? [] : [{ heightM, speed, direction: h.windDirection[heightM] }];
  });
}

/** The 48 hours from the one containing the model's "now". */
export function timelineHours(forecast: ForecastData): ForecastHour[] {
  const first = hourAt(forecast.hourly, forecast.currentTime);
  const start = first ? forecast.hourly.indexOf(first) : 0;
  return forecast.hourly.slice(start, start + TIMELINE_HOURS);
}

function hourConditions(h: ForecastHour): HourConditions {
  const levels = windLevels(h);
  return {
    time: h.time,
    windSpeed: h.windSpeed[10],
    windAt400ft: levels.length && levels[0]!.heightM === 10 ? windAtHeight(levels, FEET_400_M).speed : null,
    windGust: h.windGust,
    precipitationProbability: h.precipitationProbability,
    visibility: h.visibility,
    temperature: h.temperature,
    cloudCover: h.cloudCover,
    weatherCode: h.weatherCode,
    isDay: h.isDay,
  };
}

const conditionOf = (code: number | null, isDay: boolean | null) => (code === null ? [] : [describeWeatherCode(code, isDay !== false)]);

/** Sunrise and sunset of the local day containing `time`. */
function sunTimes(forecast: ForecastData, time: number): { sunrise: number | null; sunset: number | null } {
  const day = forecast.daily.find((d) => d.time <= time && time < d.time + 86_400) ?? forecast.daily[0];
  return { sunrise: day?.sunrise ?? null, sunset: day?.sunset ?? null };
}

function satellitesOf(gps: GpsData | undefined) {
  const device = gps?.satelliteData;
  const positionAccuracy = gps?.position.accuracy ?? null;
  if (device) {
    const accuracy = device.accuracy ?? positionAccuracy;
    const split = splitConstellations(device.visibleSatellites);
    const d = device.satelliteDetails;
    return {
      visible: device.visibleSatellites,
      locked: device.lockedSatellites,
      accuracy,
      details: { gps: d?.gps ?? split.gps, glonass: d?.glonass ?? split.glonass, galileo: d?.galileo ?? split.galileo, beidou: d?.beidou ?? split.beidou },
      timestamp: device.timestamp ?? null,
      source: 'device' as const,
    };
  }
  const estimate = estimateSatellites(positionAccuracy);
  return {
    visible: estimate.visible,
    locked: estimate.locked,
    accuracy: positionAccuracy,
    details: estimate.constellations,
    timestamp: null,
    source: positionAccuracy === null ? ('default' as const) : ('estimate' as const),
  };
}

/** The nearest METAR speaks for the location only when it is close and recent. */
function metarSignals(metar: Metar | null, nowS: number): { present: PresentWeather[]; lightning: boolean } {
  if (!metar?.decoded || metar.obsTime === null || metar.distanceKm > LIGHTNING_RADIUS_KM) return { present: [], lightning: false };
  const age = nowS - metar.obsTime;
  // Open-Meteo's "now" is the start of a 15-minute interval, so a report up to 15 min later is still now.
  const recentForLightning = age <= LIGHTNING_WINDOW_MS / 1000 && age >= -15 * 60;
  const recentForWeather = age <= METAR_PRESENT_MAX_AGE_S && age >= -15 * 60;
  return {
    present: recentForWeather ? metar.decoded.present : [],
    lightning: recentForLightning && metar.decoded.lightning,
  };
}

const describeFailure = (what: string, error: string) => `${what} is unavailable right now (${error}).`;

export function assembleWeather(g: Gathered, o: AssembleOptions): WeatherResponse {
  const f = g.forecast;
  const c = f.current;
  const now = f.currentTime;
  const levels = windLevels(c);
  const surfaceSpeed = c.windSpeed[10] ?? 0;
  // normalizeForecast guarantees the 10 m wind, so the profile always has its lowest level.
  const profile = multiAltitudeWind(levels, c.windGust);
  const method = profileMethod(levels);

  const kp = g.kp.ok ? g.kp.value.kp : null;
  const metar = g.metar.ok ? g.metar.value : null;
  const taf = g.taf.ok ? g.taf.value : null;
  const signals = metarSignals(metar, now);
  const present = [...new Set<PresentWeather>([...presentWeatherOf(c.weatherCode), ...signals.present])];
  const score = flightScore({
    windSpeed: c.windSpeed[10],
    visibility: c.visibility,
    present,
    temperature: c.temperature,
    kp,
    lightningRecent: signals.lightning,
  });

  const hours = timelineHours(f);
  // The first hour is now: the current readings (what the cards show) judge it, so the timeline and the
  // verdict every card states agree with the cards (issue 16). Missing readings keep the hour's forecast.
  const conditions = hours.map(hourConditions);
  if (conditions[0]) {
    const h = conditions[0];
    conditions[0] = {
      ...h,
      windSpeed: c.windSpeed[10] ?? h.windSpeed,
      windGust: c.windGust ?? h.windGust,
      visibility: c.visibility ?? h.visibility,
      temperature: c.temperature ?? h.temperature,
      weatherCode: c.weatherCode ?? h.weatherCode,
    };
  }
  const timeline = buildTimeline(conditions, {
    thresholds: o.thresholds,
    droneWindLimitMs: o.droneWindLimitMs,
    kp,
    nowS: now,
  });
  const sats = satellitesOf(o.gpsData);
  const thermal = thermalActivity(
    hours.slice(0, 24).map((h) => ({ time: h.time, isDay: h.isDay === true, cape: h.cape, radiation: h.radiation, cloudCover: h.cloudCover })),
    f.utcOffsetSeconds,
  );
  const aqi = g.airQuality.ok ? g.airQuality.value : null;
  const sun = sunTimes(f, now);

  const model = 'Open-Meteo forecast API';
  const data_sources: Record<string, string> = {
    temperature: model,
    wind_surface: `${model}, 10 m model wind`,
    wind_altitude:
      method === 'model-levels'
        ? 'Modelled: log-law interpolation between the Open-Meteo 10 m and 80/120/180 m model winds'
        : 'Modelled: log-law profile from the Open-Meteo 10 m wind (open terrain, roughness 0.03 m)',
    gust_altitude: 'Modelled: the 10 m gust scaled with the wind profile',
    visibility: model,
    clouds: model,
    precipitation: model,
    dew_point: model,
    uv: model,
    sun_times: model,
    thermal: `Derived from Open-Meteo ${thermal.basis === 'cape-and-radiation' ? 'CAPE, radiation and cloud cover' : 'cloud cover only'}`,
    kp_index: g.kp.ok ? 'NOAA SWPC planetary K-index' : 'Unavailable (the space-weather service did not answer)',
    air_quality: g.airQuality.ok ? 'Open-Meteo Air Quality API (CAMS model)' : 'Unavailable (the air-quality service did not answer)',
    metar: metar ? `aviationweather.gov API, METAR ${metar.icaoId} (${metar.distanceKm} km away)` : 'No METAR station nearby or the service did not answer',
    taf: taf ? `aviationweather.gov API, TAF ${taf.icaoId} (${taf.distanceKm} km away)` : 'No TAF station nearby or the service did not answer',
    satellites:
      sats.source === 'device'
        ? 'Device GPS receiver'
        : sats.source === 'estimate'
          ? 'Estimated from the position accuracy (no satellite data from the device)'
          : 'Typical open-sky figure (no position or satellite data from the device)',
  };

  const panel = <T>(s: Settled<T | null>, what: string, noneNearby: string) =>
    !s.ok
      ? { status: 'unavailable' as const, message: describeFailure(what, s.error) }
      : s.value === null
        ? { status: 'none-nearby' as const, message: noneNearby }
        : { status: 'ok' as const, message: null };

  return {
    location: { ...g.location, timezone: f.timezone, utcOffsetSeconds: f.utcOffsetSeconds },
    current: {
      time: now,
      temp: c.temperature,
      feels_like: c.apparentTemperature,
      dew_point: c.dewPoint,
      humidity: c.humidity,
      wind_speed: c.windSpeed[10],
      wind_deg: c.windDirection[10],
      wind_gust: c.windGust,
      visibility: c.visibility,
      clouds: c.cloudCover,
      pop: c.precipitationProbability,
      uvi: c.uvIndex,
      is_day: c.isDay,
      sunrise: sun.sunrise,
      sunset: sun.sunset,
      kp_index: kp,
      weather: conditionOf(c.weatherCode, c.isDay),
      metar_data: metar,
      taf_data: taf,
    },
    forecast: hours.map((h) => ({
      time: h.time,
      temp: h.temperature,
      feels_like: h.apparentTemperature,
      dew_point: h.dewPoint,
      wind_speed: h.windSpeed[10],
      wind_deg: h.windDirection[10],
      wind_gust: h.windGust,
      pop: h.precipitationProbability,
      clouds: h.cloudCover,
      visibility: h.visibility,
      uvi: h.uvIndex,
      is_day: h.isDay,
      weather: conditionOf(h.weatherCode, h.isDay),
    })),
    droneConditions: { score: score.score, overall: score.overall, penalties: score.penalties },
    multiAltitudeWind: profile,
    windShear: windShear(surfaceSpeed, profile.wind_400ft.speed),
    gpsConditions: {
      visibleSatellites: sats.visible,
      lockedSatellites: sats.locked,
      accuracy: sats.accuracy,
      source: sats.source,
      accuracyWarning: sats.accuracy !== null && sats.accuracy > GEOLOCATION_ACCURACY_WARNING_M,
    },
    satellites: { visible: sats.visible, locked: sats.locked },
    satelliteData: {
      visibleSatellites: sats.visible,
      lockedSatellites: sats.locked,
      accuracy: sats.accuracy,
      satelliteDetails: sats.details,
      timestamp: sats.timestamp,
      source: sats.source,
    },
    thermalActivity: { intensity: thermal.intensity, peakHours: thermal.peakHours },
    airQuality: aqi === null ? null : { aqi, category: aqiCategory(aqi) },
    lightningRecent: signals.lightning,
    data_sources,
    availability: {
      airQuality: panel(g.airQuality, 'Air quality', 'No air-quality figure for this location.'),
      metar: panel(g.metar, 'The METAR', 'No METAR station reports within 150 km.'),
      taf: panel(g.taf, 'The TAF', 'No TAF station reports within 150 km.'),
      kp: g.kp.ok ? { status: 'ok', message: null } : { status: 'unavailable', message: describeFailure('The Kp index', g.kp.error) },
    },
    hourly: timeline,
    flyWindow: flyWindow(timeline, now, f.utcOffsetSeconds),
    limits: { thresholds: o.thresholds, droneWindLimitMs: o.droneWindLimitMs },
  };
}
