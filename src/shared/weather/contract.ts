import { z } from 'zod';
import { TIMELINE_HOURS } from './constants.ts';
import { FLY_STATUSES, LIMITING_FACTORS } from './fly-windows.ts';
import { RATINGS } from './score.ts';
import { THERMAL_INTENSITIES } from './thermal.ts';
import { WEATHER_ICONS, WEATHER_MAINS } from './wmo.ts';
import { SPEED_UNITS } from './units.ts';

/**
 * The weather contract (spec doc 3 §3, §7): GET /api/weather, GET /api/location-search,
 * POST /api/ai-flight-analysis.
 *
 * Units: every figure leaves the server in SI — °C, m/s, metres, percent, hPa, epoch seconds — and the
 * page converts for display with ./units.ts by the user's measurementSystem (§9) or the Wind card's
 * speed unit. The spec's AI-analysis body is SI too (m/s, °C, m). The only exceptions are the pilot's
 * thresholds, which keep the units the spec gives their defaults in: wind and gusts km/h, visibility m,
 * precipitation and cloud %, temperature °C. METAR/TAF decoded winds stay in the report's knots, as
 * printed in the raw text beside them.
 */

const nnum = z.number().nullable();
const text = (max: number) => z.string().max(max);

// ---------------------------------------------------------------- requests

/** Reads a query parameter that carries JSON (the spec sends gpsData as JSON in the query string). */
function jsonParam<T extends z.ZodType>(max: number, schema: T) {
  return z
    .string()
    .max(max, `is too long (at most ${max} characters)`)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

const count = z.number().int().min(0).max(200);

/** GPS data of §3: position {lat, lon, accuracy}; optional satelliteData from the device. */
export const gpsDataSchema = z.object({
  position: z.object({
    lat: z.number().min(-90).max(90),
    lon: z.number().min(-180).max(180),
    accuracy: z.number().min(0).max(1_000_000).nullable().optional(),
  }),
  satelliteData: z
    .object({
      visibleSatellites: count,
      lockedSatellites: count,
      accuracy: z.number().min(0).max(1_000_000).nullable().optional(),
      satelliteDetails: z
        .object({ gps: count.optional(), glonass: count.optional(), galileo: count.optional(), beidou: count.optional() })
        .optional(),
      timestamp: z.union([z.number(), text(40)]).optional(),
      source: z.literal('device'),
    })
    .refine((s) => s.lockedSatellites <= s.visibleSatellites, { message: 'lockedSatellites cannot exceed visibleSatellites' })
    .optional(),
});
export type GpsData = z.infer<typeof gpsDataSchema>;

const kmh = z.number().min(0).max(300);
/** A pilot's thresholds (§3 "Flight threshold customization"); any subset, the rest are the §9 defaults. */
export const thresholdOverridesSchema = z
  .object({
    wind: kmh.optional(),
    visibility: z.number().min(0).max(100_000).optional(),
    precipitation: z.number().min(0).max(100).optional(),
    cloudCover: z.number().min(0).max(100).optional(),
    temperature: z
      .object({ min: z.number().min(-60).max(60).optional(), max: z.number().min(-60).max(60).optional() })
      .strict()
      .refine((t) => t.min === undefined || t.max === undefined || t.min <= t.max, { message: 'temperature.min must not exceed temperature.max' })
      .optional(),
    gusts: kmh.optional(),
  })
  .strict();

export const LOCATION_MAX_LENGTH = 200;

export const weatherQuerySchema = z.object({
  location: z
    .string({ error: 'location is required' })
    .trim()
    .min(1, 'is required')
    .max(LOCATION_MAX_LENGTH, `is too long (at most ${LOCATION_MAX_LENGTH} characters)`),
  gpsData: jsonParam(4000, gpsDataSchema).optional(),
  thresholds: jsonParam(1000, thresholdOverridesSchema).optional(),
});
export type WeatherQuery = z.infer<typeof weatherQuerySchema>;

export const locationSearchQuerySchema = z.object({
  query: z.string().max(LOCATION_MAX_LENGTH, `is too long (at most ${LOCATION_MAX_LENGTH} characters)`).default(''),
});

// ---------------------------------------------------------------- responses

export const locationResultSchema = z.object({
  name: text(200),
  city: text(200),
  state: text(200).nullable(),
  country: text(200).nullable(),
  lat: z.number(),
  lon: z.number(),
});
export type LocationResult = z.infer<typeof locationResultSchema>;
export const locationSearchResponseSchema = z.array(locationResultSchema).max(10);

export const weatherConditionSchema = z.object({ main: z.enum(WEATHER_MAINS), description: text(80), icon: z.enum(WEATHER_ICONS) });

export const metarDataSchema = z.object({
  icaoId: text(8),
  name: text(200),
  rawOb: text(2000),
  /** hPa */
  altim: nnum,
  clouds: z.array(z.object({ cover: text(8), base: nnum })).max(12),
  /** epoch seconds */
  obsTime: nnum,
  distanceKm: z.number(),
  /** VFR, MVFR, IFR, LIFR as the service reports */
  fltCat: text(8).nullable(),
  /** What metar-taf-parser read from rawOb; null when the report could not be decoded. */
  decoded: z
    .object({
      windDirection: nnum,
      windSpeedKt: nnum,
      windGustKt: nnum,
      visibility: text(40).nullable(),
      weather: z.array(text(40)).max(12),
      clouds: z.array(text(40)).max(12),
      temperature: nnum,
      dewPoint: nnum,
    })
    .nullable(),
  decodeError: text(300).nullable(),
});
export type MetarData = z.infer<typeof metarDataSchema>;

export const tafPeriodSchema = z.object({
  /** BASE for the opening conditions, else FM, BECMG, TEMPO, PROB or INTER */
  type: text(8),
  /** epoch seconds; null when the report's days cannot be placed */
  from: nnum,
  to: nnum,
  probability: nnum,
  wind: text(60).nullable(),
  visibility: text(40).nullable(),
  weather: z.array(text(40)).max(12),
  clouds: z.array(text(40)).max(12),
  windShear: text(60).nullable(),
  raw: text(400),
});

export const tafDataSchema = z.object({
  icaoId: text(8),
  name: text(200),
  rawTAF: text(4000),
  /** epoch seconds */
  validTimeFrom: nnum,
  validTimeTo: nnum,
  distanceKm: z.number(),
  periods: z.array(tafPeriodSchema).max(40),
  decodeError: text(300).nullable(),
});
export type TafData = z.infer<typeof tafDataSchema>;

export const currentWeatherSchema = z.object({
  /** epoch seconds of the model's current conditions */
  time: z.number(),
  temp: nnum,
  feels_like: nnum,
  dew_point: nnum,
  humidity: nnum,
  wind_speed: nnum,
  wind_deg: nnum,
  wind_gust: nnum,
  visibility: nnum,
  clouds: nnum,
  /** precipitation probability of the current hour, % */
  pop: nnum,
  uvi: nnum,
  is_day: z.boolean().nullable(),
  sunrise: nnum,
  sunset: nnum,
  kp_index: nnum,
  weather: z.array(weatherConditionSchema).max(1),
  metar_data: metarDataSchema.nullable(),
  taf_data: tafDataSchema.nullable(),
});

export const forecastHourSchema = z.object({
  time: z.number(),
  temp: nnum,
  feels_like: nnum,
  dew_point: nnum,
  wind_speed: nnum,
  wind_deg: nnum,
  wind_gust: nnum,
  /** precipitation probability, % */
  pop: nnum,
  clouds: nnum,
  visibility: nnum,
  uvi: nnum,
  is_day: z.boolean().nullable(),
  weather: z.array(weatherConditionSchema).max(1),
});

const altitudeWindSchema = z.object({ speed: z.number(), gust: nnum, direction: nnum });
export const multiAltitudeWindSchema = z.object({
  wind_surface: altitudeWindSchema,
  wind_50ft: altitudeWindSchema,
  wind_100ft: altitudeWindSchema,
  wind_150ft: altitudeWindSchema,
  wind_200ft: altitudeWindSchema,
  wind_250ft: altitudeWindSchema,
  wind_300ft: altitudeWindSchema,
  wind_350ft: altitudeWindSchema,
  wind_400ft: altitudeWindSchema,
});

const constellationSchema = z.object({ gps: z.number().int(), glonass: z.number().int(), galileo: z.number().int(), beidou: z.number().int() });

export const PANEL_STATUSES = ['ok', 'unavailable', 'none-nearby'] as const;
const panelSchema = z.object({ status: z.enum(PANEL_STATUSES), message: text(300).nullable() });

const flightThresholdsSchema = z.object({
  wind: z.number(),
  visibility: z.number(),
  precipitation: z.number(),
  cloudCover: z.number(),
  temperature: z.object({ min: z.number(), max: z.number() }),
  gusts: z.number(),
});

export const timelineHourSchema = z.object({
  time: z.number(),
  status: z.enum(FLY_STATUSES),
  limitingFactor: z.enum(LIMITING_FACTORS).nullable(),
  factors: z.array(z.enum(LIMITING_FACTORS)).max(LIMITING_FACTORS.length),
});

export const flyWindowSchema = z.object({
  start: nnum,
  end: nnum,
  limitedBefore: z.enum(LIMITING_FACTORS).nullable(),
  limitedAfter: z.enum(LIMITING_FACTORS).nullable(),
  text: text(300),
});

/** The weather object of §3, plus the location, panel availability and the hourly fly timeline. */
export const weatherResponseSchema = z.object({
  location: z.object({
    name: text(300),
    lat: z.number(),
    lon: z.number(),
    source: z.enum(['coordinates', 'geocoded']),
    timezone: text(80).nullable(),
    /** seconds east of UTC; local times of the page are computed with it */
    utcOffsetSeconds: z.number().int(),
  }),
  current: currentWeatherSchema,
  forecast: z.array(forecastHourSchema).max(TIMELINE_HOURS),
  droneConditions: z.object({
    score: z.number().int().min(0).max(100),
    overall: z.enum(RATINGS),
    /** The penalties behind the score, for the 'How it's calculated' dialog. */
    penalties: z.array(z.object({ factor: text(20), points: z.number().int(), reason: text(80) })).max(10),
  }),
  multiAltitudeWind: multiAltitudeWindSchema,
  windShear: z.object({ difference: z.number(), level: z.enum(['low', 'moderate', 'high']) }),
  gpsConditions: z.object({
    visibleSatellites: z.number().int(),
    lockedSatellites: z.number().int(),
    accuracy: nnum,
    source: z.enum(['device', 'estimate', 'default']),
    /** The position's accuracy is worse than 100 m (§9). */
    accuracyWarning: z.boolean(),
  }),
  satellites: z.object({ visible: z.number().int(), locked: z.number().int() }),
  satelliteData: z.object({
    visibleSatellites: z.number().int(),
    lockedSatellites: z.number().int(),
    accuracy: nnum,
    satelliteDetails: constellationSchema,
    timestamp: z.union([z.number(), text(40)]).nullable(),
    source: z.enum(['device', 'estimate', 'default']),
  }),
  thermalActivity: z.object({ intensity: z.enum(THERMAL_INTENSITIES), peakHours: text(20).nullable() }),
  airQuality: z.object({ aqi: z.number(), category: text(40) }).nullable(),
  /** Lightning (a thunderstorm report) within the past 30 minutes at the nearest station (§9). */
  lightningRecent: z.boolean(),
  /** Name of each value → where it came from; §9's real-sensor rule applies to the text. */
  data_sources: z.record(text(40), text(300)),
  /** One entry per panel fed by a provider other than the forecast. */
  availability: z.object({ airQuality: panelSchema, metar: panelSchema, taf: panelSchema, kp: panelSchema }),
  hourly: z.array(timelineHourSchema).max(TIMELINE_HOURS),
  flyWindow: flyWindowSchema,
  /** What the timeline was judged against. */
  limits: z.object({ thresholds: flightThresholdsSchema, droneWindLimitMs: nnum }),
});
export type WeatherResponse = z.infer<typeof weatherResponseSchema>;

// ---------------------------------------------------------------- AI flight analysis

const nullableInput = (schema: z.ZodNumber) => schema.nullable().optional();

/** POST /api/ai-flight-analysis body (§7), in SI as the spec gives its units. */
export const aiFlightAnalysisRequestSchema = z.object({
  weatherData: z.object({
    wind: z.object({
      speed: z.number().min(0).max(150),
      gust: nullableInput(z.number().min(0).max(200)),
      direction: nullableInput(z.number().min(0).max(360)),
      unit: z.literal('m/s').default('m/s'),
    }),
    temperature: z.object({ current: z.number().min(-90).max(70), unit: z.literal('C').default('C') }),
    visibility: z.object({ distance: nullableInput(z.number().min(0).max(1_000_000)), unit: z.literal('m').default('m') }),
    precipitation: z.object({ probability: nullableInput(z.number().min(0).max(100)) }).optional(),
    cloudCover: z.object({ percentage: nullableInput(z.number().min(0).max(100)) }).optional(),
    kpIndex: z.object({ current: nullableInput(z.number().min(0).max(9)) }).optional(),
    satellites: z.object({ visible: nullableInput(z.number().int().min(0).max(200)), locked: nullableInput(z.number().int().min(0).max(200)) }).optional(),
  }),
  /** Accepted as the spec sends them; the server uses the pilot's logbook hours and primary drone instead. */
  pilotExperience: text(60).optional(),
  droneSpecs: z
    .record(text(40), z.union([text(200), z.number(), z.boolean(), z.null()]))
    .refine((r) => Object.keys(r).length <= 20, { message: 'droneSpecs has too many fields' })
    .optional(),
  /** When given, the analysis can say when conditions improve (from this location's hourly timeline). */
  location: text(LOCATION_MAX_LENGTH).optional(),
  thresholds: thresholdOverridesSchema.optional(),
  /** The pilot's unit preference for the analysis's words (issue 16); absent, m/s, °C and km. */
  units: z.object({ system: z.enum(['metric', 'imperial']), speedUnit: z.enum(SPEED_UNITS) }).optional(),
});
export type AiFlightAnalysisRequest = z.infer<typeof aiFlightAnalysisRequestSchema>;

export const RISK_LEVELS = ['LOW', 'MODERATE', 'HIGH', 'EXTREME'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];
export const ANALYSIS_FACTORS = ['wind', 'gusts', 'visibility', 'precipitation', 'temperature', 'kp', 'satellites', 'clouds'] as const;
export type AnalysisFactorName = (typeof ANALYSIS_FACTORS)[number];

export const analysisFactorSchema = z.object({
  factor: z.enum(ANALYSIS_FACTORS),
  /** 0 fine, 1 watch, 2 marginal, 3 beyond limits */
  severity: z.number().int().min(0).max(3),
  detail: text(300),
});
export type AnalysisFactor = z.infer<typeof analysisFactorSchema>;

export const aiFlightAnalysisResponseSchema = z.object({
  summary: text(2000),
  recommendation: text(2000),
  riskLevel: z.enum(RISK_LEVELS),
  /** percent */
  confidence: z.number().int().min(0).max(100),
  /** null on success; the spec's field, kept for a partial answer (e.g. the model failed, rules answered). */
  error: text(300).nullable(),
  /** 'rules' = the embedded analysis; 'llm' = written by the configured model from the same factors. */
  generatedBy: z.enum(['rules', 'llm']),
  factors: z.array(analysisFactorSchema).max(ANALYSIS_FACTORS.length),
  pilot: z.object({
    droneRegistered: z.boolean(),
    droneName: text(200).nullable(),
    windLimitMs: z.number(),
    windLimitSource: z.enum(['drone', 'default']),
    flightHours: z.number(),
    experience: text(20),
  }),
  flyWindow: text(300).nullable(),
});
export type AiFlightAnalysisResponse = z.infer<typeof aiFlightAnalysisResponseSchema>;

// Tiers that get the AI brief and analysis (§6): beside the rule that reads them, without the schemas.
export { AI_ANALYSIS_TIERS } from './access.ts';
