import { z } from 'zod';
import { paged, pageQuerySchema } from './paging.ts';

/** UAS facilities contract (doc 3 §2.3, §3–§9; DESIGN §4 "Facilities"). */

export const FACILITY_TYPES = ['airport', 'heliport', 'test_site', 'restricted_area'] as const;
export type FacilityType = (typeof FACILITY_TYPES)[number];
export const AIRPORT_SIZES = ['large', 'medium', 'small'] as const;
export type AirportSize = (typeof AIRPORT_SIZES)[number];
/** The spec's three source labels (doc 3 §3), first-wins order of de-duplication is live, database, FAA. */
export const DATA_SOURCES = ['live-airport', 'airport-database', 'faa'] as const;
export type DataSource = (typeof DATA_SOURCES)[number];
export const DRONE_FLIGHT_ZONES = ['prohibited', 'restricted', 'authorization', 'enhanced_warning'] as const;
export type DroneFlightZone = (typeof DRONE_FLIGHT_ZONES)[number];

/** Doc 3 §9 facilities constants. */
export const FACILITY_CONSTANTS = {
  mapRadiusMiles: 150,
  /** The spec's default when a caller gives no radius at all is the map's 150 (the 50 of §9 is the helper's). */
  defaultRadiusMiles: 150,
  maxRadiusMiles: 500,
  earthRadiusMiles: 3959,
  minZoom: 1,
  maxZoom: 12,
  defaultZoom: 6,
  geolocatedZoom: 10,
  defaultCenter: { lat: 39.8283, lon: -98.5795 },
  controlledAltitudeLimitFt: 400,
  /** The no-fly zone of a large airport, and the circle drawn around controlled airports (DESIGN §4). */
  noFlyRadiusNm: 5,
  controlledCircleMiles: 5,
  largeRunwayFt: 8000,
  mediumRunwayFt: 4000,
  labelAboveZoom: 7,
  ringsAboveZoom: 8,
  /** Dedup key precision (doc 3 §5). */
  dedupDecimals: 3,
  /** Browser geolocation (doc 3 §7). */
  geolocationTimeoutMs: 10_000,
  geolocationMaxAgeMs: 300_000,
} as const;

export const FACILITY_LEN = { query: 100, identifier: 16 } as const;

/** Exact texts of doc 3 §2.3 and §8. */
export const FACILITY_MESSAGES = {
  heading: 'UAS Facilities',
  intro: 'Explore and search UAS facilities including airports, heliports, test sites, and restricted areas across the United States.',
  mapTitle: 'UAS Facilities Map',
  searchPlaceholder: 'Search by airport code (e.g., JFK, LAX) or location...',
  emptyList: 'No facilities found in this area. Try searching or moving to a different location.',
  nearYou: 'Showing facilities near your current location',
  loading: 'Loading facilities...',
  noticeTitle: 'Airport Data Notice',
  zeroResults: 'No major airports found in this area. Try searching in a different region or near a major city.',
  externalUnavailable: 'External API is currently unavailable',
  geolocationUnsupported: 'Geolocation is not supported by this browser',
  geolocationPrefix: 'Unable to get your location. ',
  geolocationDenied: 'Location access was denied. Please enable location permissions and try again.',
  geolocationUnavailable: 'Location information is unavailable.',
  geolocationTimeout: 'Location request timed out.',
  geolocationUnknown: 'An unknown error occurred.',
} as const;

export const areaLoadFailedMessage = (message?: string) => `Unable to load facility data: ${message || FACILITY_MESSAGES.externalUnavailable}`;
export const searchMissMessage = (input: string) => `No facility found with identifier "${input}". The external API may be temporarily unavailable.`;
export const searchFailedMessage = (message?: string) => `Search failed: ${message || FACILITY_MESSAGES.externalUnavailable}`;
export const notFoundAnySourceMessage = (id: string) => `Unable to find facility "${id}" from any source. FAA API may require an API key.`;

/** The FAA's pages the screen links to (the spec does not give the addresses). */
export const LAANC_URL = 'https://www.faa.gov/uas/getting_started/laanc';
export const FAA_FACILITY_MAPS_URL = 'https://www.faa.gov/uas/commercial_operators/uas_facility_maps';

const latitude = z.coerce
  .number({ error: 'lat: must be a number' })
  .min(-90, { error: 'lat: must be between -90 and 90' })
  .max(90, { error: 'lat: must be between -90 and 90' });
const longitude = z.coerce
  .number({ error: 'lon: must be a number' })
  .min(-180, { error: 'lon: must be between -180 and 180' })
  .max(180, { error: 'lon: must be between -180 and 180' });

/** Closed fields are kept and marked but left off the map unless asked for (ADR 0027). */
const closedParam = z.enum(['exclude', 'include'], { error: "closed: must be 'exclude' or 'include'" }).default('exclude');

export const facilityRadiusQuerySchema = pageQuerySchema.extend({
  closed: closedParam,
  lat: latitude,
  lon: longitude,
  radius: z.coerce
    .number({ error: 'radius: must be a number of miles' })
    .gt(0, { error: 'radius: must be more than 0 miles' })
    .max(FACILITY_CONSTANTS.maxRadiusMiles, { error: `radius: must be at most ${FACILITY_CONSTANTS.maxRadiusMiles} miles` })
    .default(FACILITY_CONSTANTS.defaultRadiusMiles),
});
export type FacilityRadiusQuery = z.infer<typeof facilityRadiusQuerySchema>;

const boxLat = (name: string) =>
  z.coerce
    .number({ error: `${name}: must be a number` })
    .min(-90, { error: `${name}: must be between -90 and 90` })
    .max(90, { error: `${name}: must be between -90 and 90` });
const boxLon = (name: string) =>
  z.coerce
    .number({ error: `${name}: must be a number` })
    .min(-180, { error: `${name}: must be between -180 and 180` })
    .max(180, { error: `${name}: must be between -180 and 180` });

export const facilityBoxQuerySchema = pageQuerySchema
  .extend({ closed: closedParam, south: boxLat('south'), north: boxLat('north'), west: boxLon('west'), east: boxLon('east') })
  .refine((q) => q.south <= q.north, { error: 'south: must not be north of north', path: ['south'] })
  .refine((q) => q.west <= q.east, { error: 'west: must not be east of east (boxes across the antimeridian are not served)', path: ['west'] });
export type FacilityBoxQuery = z.infer<typeof facilityBoxQuerySchema>;

export const facilitySearchQuerySchema = pageQuerySchema.extend({
  q: z
    .string({ error: 'q: is required' })
    .trim()
    .min(1, { error: 'q: enter an airport code or a place to search for' })
    .max(FACILITY_LEN.query, { error: `q: must be at most ${FACILITY_LEN.query} characters` }),
});
export type FacilitySearchQuery = z.infer<typeof facilitySearchQuerySchema>;

export const facilityIdParamsSchema = z.object({
  id: z
    .string()
    .max(FACILITY_LEN.identifier, { error: `id: must be at most ${FACILITY_LEN.identifier} characters` })
    .regex(/^[A-Za-z0-9-]+$/, { error: 'id: must be a facility id or an identifier of letters and digits' }),
});

export const uasRestrictionsSchema = z.object({
  controlledAirspace: z.boolean(),
  /** Feet AGL; null when the facility sets none (Part 107's general 400 ft still applies). */
  altitudeLimit: z.number().int().nullable(),
  noFlyZone: z.boolean(),
  specialUseAirspace: z.boolean(),
});
export type UasRestrictions = z.infer<typeof uasRestrictionsSchema>;

export const facilitySchema = z.object({
  id: z.number().int(),
  name: z.string().max(200),
  type: z.enum(FACILITY_TYPES),
  latitude: z.number(),
  longitude: z.number(),
  elevation: z.number().int().nullable(),
  identifier: z.string().max(16),
  iata: z.string().max(8).nullable(),
  state: z.string().max(8).nullable(),
  city: z.string().max(120).nullable(),
  restrictions: z.array(z.string().max(80)).max(20),
  dataSource: z.enum(DATA_SOURCES),
  runwayLength: z.number().int().nullable(),
  airportSize: z.enum(AIRPORT_SIZES),
  uasRestrictions: uasRestrictionsSchema,
  laancRequired: z.boolean(),
  droneFlightZone: z.enum(DRONE_FLIGHT_ZONES),
  /** A closed field: shown only when asked for, never as a flyable airport (ADR 0027). */
  closed: z.boolean(),
  /** Statute miles from the point asked about (radius queries only). */
  distanceMiles: z.number().nullable(),
});
export type Facility = z.infer<typeof facilitySchema>;

export const facilityRunwaySchema = z.object({
  lengthFt: z.number().int(),
  widthFt: z.number().int(),
  surface: z.string().max(40),
  lighted: z.boolean(),
  ends: z.array(z.string().max(8)).max(4),
});
const freq = z.string().max(20).optional();
export const facilityDetailSchema = facilitySchema.extend({
  runways: z.array(facilityRunwaySchema).max(60),
  frequencies: z.object({ atis: freq, tower: freq, ground: freq, clearance: freq, unicom: freq, approach: freq, departure: freq }),
});
export type FacilityDetail = z.infer<typeof facilityDetailSchema>;

/** An outside source that failed while the page was built (doc 3 §8: tolerated, and said). */
export const sourceErrorSchema = z.object({ source: z.enum(DATA_SOURCES), message: z.string().max(400) });
export type SourceError = z.infer<typeof sourceErrorSchema>;

/**
 * A page of facilities; `message` carries the spec's zero-results or search-miss text when the page is
 * empty; `sourceErrors` the failures of configured outside sources (empty when none is configured).
 */
export const facilityPageSchema = paged(
  z.object({ facilities: z.array(facilitySchema), message: z.string().max(300).nullable(), sourceErrors: z.array(sourceErrorSchema).max(4).default([]) }),
);
export type FacilityPage = z.infer<typeof facilityPageSchema>;

export const facilityStatusSchema = z.object({
  /** 'loading' while the first start fills the table; 'ready' after. */
  state: z.enum(['loading', 'ready']),
  count: z.number().int(),
  datasets: z.array(z.object({ source: z.string().max(60), version: z.string().max(60), rowCount: z.number().int(), loadedAt: z.string().max(40) })),
  /** What the data cannot show (e.g. special-use airspace), for the Airport Data Notice. */
  notices: z.array(z.string().max(400)),
  attribution: z.string().max(400),
  /** Optional online basemap tiles ({z}/{x}/{y}); null: the offline outline basemap only. */
  tileUrl: z.string().max(500).nullable(),
  tileAttribution: z.string().max(300).nullable(),
  /** The outside sources configured (doc 3 §7), in the first-wins order; empty: the bundled data serves. */
  sources: z.array(z.enum(DATA_SOURCES)),
  /** Whether the FAA UAS facility map (LAANC ceilings) is configured. */
  ceilings: z.boolean(),
});
export type FacilityStatus = z.infer<typeof facilityStatusSchema>;

export const facilityCeilingQuerySchema = z.object({ lat: latitude, lon: longitude });

/** The FAA UAS facility map grid cell at a point: the most a LAANC request there is granted without coordination. */
export const facilityCeilingSchema = z.object({
  ceiling: z
    .object({
      ceilingFt: z.number().int().min(0).max(10_000),
      airports: z.array(z.object({ faaId: z.string().max(8), icao: z.string().max(8).nullable(), name: z.string().max(120), laanc: z.boolean() })).max(5),
      airspace: z.array(z.string().max(8)).max(5),
      mapEffective: z.string().max(40).nullable(),
    })
    .nullable(),
  /** The FAA service's failure, in the spec's words ('HTTP 503: ...', 'API Error: ... (Code: ...)'). */
  error: z.string().max(400).nullable(),
});
export type FacilityCeiling = z.infer<typeof facilityCeilingSchema>;

export const OURAIRPORTS_ATTRIBUTION = 'Airports © OurAirports contributors, ODbL';

/** Great-circle distance in statute miles with the spec's earth radius (doc 3 §9). */
export function distanceMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * FACILITY_CONSTANTS.earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The rule that applies at a point inside a facility's circle, in words for the pilot. */
export function ruleSentence(f: Pick<Facility, 'droneFlightZone' | 'uasRestrictions'>): string {
  switch (f.droneFlightZone) {
    case 'prohibited':
      return 'No-fly zone: LAANC authorisation required up to the UAS facility map altitude (often 0 ft near the runways)';
    case 'restricted':
      return "Special-use airspace: flight needs the controlling agency's permission";
    case 'authorization':
      return `LAANC authorisation required up to the UAS facility map altitude (at most ${f.uasRestrictions.altitudeLimit ?? FACILITY_CONSTANTS.controlledAltitudeLimitFt} ft)`;
    default:
      return 'Uncontrolled airspace: fly below 400 ft AGL and give way to manned aircraft';
  }
}
