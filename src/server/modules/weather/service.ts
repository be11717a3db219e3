import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError, badRequest } from '../../errors.ts';
import { LOCATION_SEARCH_MIN_CHARS, PLACE_SEARCH_OUTAGE, WEATHER_CACHE_MS, WEATHER_OUTAGE } from '../../../shared/weather/constants.ts';
import { withDefaults } from '../../../shared/weather/colours.ts';
import type { AiFlightAnalysisRequest, AiFlightAnalysisResponse, LocationResult, WeatherQuery, WeatherResponse } from '../../../shared/weather/contract.ts';
import { ProviderError } from '../../lib/fetch-json.ts';
import { createAirQualityClient } from '../../providers/air-quality/air-quality-client.ts';
import { createAviationWeatherClient, type Metar, type Taf } from '../../providers/aviation-weather/aviation-weather-client.ts';
import { createGeocodingClient, type Place } from '../../providers/geocoding/geocoding-client.ts';
import { createForecastClient } from '../../providers/open-meteo/forecast-client.ts';
import type { ForecastData } from '../../providers/open-meteo/normalize.ts';
import type { KpReading } from '../../providers/space-weather/kp-index.ts';
import { createSpaceWeatherClient } from '../../providers/space-weather/space-weather-client.ts';
import { ruleBasedAnalysis } from './analysis.ts';
import { nowVerdict, type NowVerdict } from '../../../shared/weather/verdict.ts';
import { createLlmAnalyst } from './analysis-llm.ts';
import { assembleWeather, type Settled } from './assemble.ts';
import { createTtlCache } from './cache.ts';
import { bestPlace, coordinatesInRange, locationKey, parseCoordinates, placeLabel, roundCoordinate, splitPlaceQuery } from './location.ts';
import type { PilotProfileSource } from './pilot-profile.ts';

export interface WeatherServiceDeps {
  config: Pick<Config, 'weather' | 'llm'>;
  pilotProfiles: PilotProfileSource;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const UNABLE = 'Unable to get weather data.';
const ADVICE = 'Use a valid city, address or coordinates (for example "40.71, -74.01").';

const CACHE_ENTRIES = 1000;

interface ResolvedLocation {
  name: string;
  lat: number;
  lon: number;
  source: 'coordinates' | 'geocoded';
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error: message(error) };
  }
}

export function createWeatherService({ config, pilotProfiles, log }: WeatherServiceDeps) {
  const w = config.weather;
  const forecastClient = createForecastClient({ baseUrl: w.forecastUrl, timeoutMs: w.timeoutMs });
  const geocoder = createGeocodingClient({ baseUrl: w.geocodingUrl, timeoutMs: w.timeoutMs });
  const airQuality = createAirQualityClient({ baseUrl: w.airQualityUrl, timeoutMs: w.timeoutMs });
  const aviation = createAviationWeatherClient({ baseUrl: w.aviationWeatherUrl, timeoutMs: w.timeoutMs });
  const spaceWeather = createSpaceWeatherClient({ baseUrl: w.swpcUrl, timeoutMs: w.timeoutMs });
  const llm = config.llm ? createLlmAnalyst(config.llm) : null;

  const cache = <T>() => createTtlCache<T>({ ttlMs: WEATHER_CACHE_MS, maxEntries: CACHE_ENTRIES });
  const caches = {
    forecast: cache<ForecastData>(),
    airQuality: cache<number | null>(),
    metar: cache<Metar | null>(),
    taf: cache<Taf | null>(),
    kp: cache<KpReading>(),
    places: cache<Place[]>(),
  };

  const warn = (provider: string, error: unknown) => log.warn({ provider, err: message(error) }, 'weather provider failed');
  const logged = <T>(provider: string, p: Promise<T>) =>
    p.catch((error: unknown) => {
      warn(provider, error);
      throw error;
    });

  const searchPlaces = (name: string) => caches.places.get(name.toLowerCase(), () => geocoder.search(name));

  async function resolveLocation(text: string): Promise<ResolvedLocation> {
    const coords = parseCoordinates(text);
    if (coords) {
      if (!coordinatesInRange(coords)) throw badRequest('location: latitude must be within ±90 and longitude within ±180', 'INVALID_COORDINATES');
      return { name: `${coords.lat.toFixed(4)}, ${coords.lon.toFixed(4)}`, lat: coords.lat, lon: coords.lon, source: 'coordinates' };
    }
    const { name, qualifiers } = splitPlaceQuery(text);
    let places: Place[];
    try {
      places = await searchPlaces(name || text);
    } catch (error) {
      warn('geocoding', error);
      throw new AppError(502, 'GEOCODING_UNAVAILABLE', UNABLE, {
        advice: PLACE_SEARCH_OUTAGE,
      });
    }
    const place = bestPlace(places, qualifiers);
    if (!place) throw new AppError(404, 'LOCATION_NOT_FOUND', UNABLE, { advice: ADVICE });
    return { name: placeLabel(place), lat: place.lat, lon: place.lon, source: 'geocoded' };
  }

  /** All providers at once; only the forecast is essential. */
  async function gather(location: ResolvedLocation) {
    const lat = roundCoordinate(location.lat);
    const lon = roundCoordinate(location.lon);
    const key = locationKey(lat, lon);
    const [forecast, aq, metar, taf, kp] = await Promise.all([
      settle(logged('forecast', caches.forecast.get(key, () => forecastClient.forecast(lat, lon)))),
      settle(logged('air-quality', caches.airQuality.get(key, () => airQuality.usAqi(lat, lon)))),
      settle(logged('metar', caches.metar.get(key, () => aviation.nearestMetar(lat, lon)))),
      settle(logged('taf', caches.taf.get(key, () => aviation.nearestTaf(lat, lon)))),
      settle(logged('kp', caches.kp.get('planetary', () => spaceWeather.currentKp()))),
    ]);
    if (!forecast.ok) {
      throw new AppError(502, 'WEATHER_UNAVAILABLE', UNABLE, { advice: WEATHER_OUTAGE, detail: forecast.error });
    }
    return { location, forecast: forecast.value, airQuality: aq, metar, taf, kp };
  }

  async function getWeather(userId: string, query: WeatherQuery): Promise<WeatherResponse> {
    const [location, pilot] = await Promise.all([resolveLocation(query.location), pilotProfiles.profile(userId)]);
    const gathered = await gather(location);
    return assembleWeather(gathered, {
      gpsData: query.gpsData,
      thresholds: withDefaults(query.thresholds),
      droneWindLimitMs: pilot.windLimitMs,
    });
  }

  return {
    getWeather,

    /** A failed search says so (issue 16, over §8's empty list): 503 with what happened, never "no places found". */
    async searchLocations(query: string): Promise<LocationResult[]> {
      const text = query.trim();
      if (text.length < LOCATION_SEARCH_MIN_CHARS) return [];
      try {
        const places = await searchPlaces(text);
        return places.slice(0, 10).map((p) => ({ name: placeLabel(p), city: p.name, state: p.state, country: p.country, lat: p.lat, lon: p.lon }));
      } catch (error) {
        warn('geocoding', error);
        throw new AppError(503, 'PLACE_SEARCH_UNAVAILABLE', PLACE_SEARCH_OUTAGE);
      }
    },

    async analyse(userId: string, body: AiFlightAnalysisRequest): Promise<AiFlightAnalysisResponse> {
      const thresholds = withDefaults(body.thresholds);
      const pilot = await pilotProfiles.profile(userId);
      let flyWindow: string | null = null;
      let now: NowVerdict | null = null;
      if (body.location) {
        // The timeline is a bonus to the analysis: without it the analysis still answers.
        try {
          const weather = await getWeather(userId, { location: body.location, thresholds: body.thresholds });
          flyWindow = weather.flyWindow.text;
          now = nowVerdict(weather.hourly);
        } catch (error) {
          if (!(error instanceof AppError || error instanceof ProviderError)) throw error;
        }
      }
      const d = body.weatherData;
      const rules = ruleBasedAnalysis({
        wind: { speed: d.wind.speed, gust: d.wind.gust ?? null, direction: d.wind.direction ?? null },
        temperature: d.temperature.current,
        visibility: d.visibility.distance ?? null,
        precipitationProbability: d.precipitation?.probability ?? null,
        cloudCover: d.cloudCover?.percentage ?? null,
        kp: d.kpIndex?.current ?? null,
        satellites: { visible: d.satellites?.visible ?? null, locked: d.satellites?.locked ?? null },
        thresholds,
        pilot,
        flyWindow,
        now,
        units: body.units ?? null,
      });
      if (!llm) return rules;
      try {
        return await llm.write(rules);
      } catch (error) {
        warn('llm', error);
        return { ...rules, error: 'The language model did not answer, so this is the built-in analysis.' };
      }
    },

    /** For tests and benchmarks: forget everything cached. */
    clearCache() {
      for (const c of Object.values(caches)) c.clear();
    },
  };
}

export type WeatherService = ReturnType<typeof createWeatherService>;
