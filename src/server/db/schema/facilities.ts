import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export interface FacilityRunway {
  lengthFt: number;
  widthFt: number;
  surface: string;
  lighted: boolean;
  ends: string[];
}

export interface FacilityFrequencies {
  atis?: string;
  tower?: string;
  ground?: string;
  clearance?: string;
  unicom?: string;
  approach?: string;
  departure?: string;
}

/**
 * US airports, heliports, UAS test sites (doc 3 §3), loaded from the bundled data set (and optional outside
 * sources) with every derived rule computed once at load, so a radius query only reads. `sourceKey` is the
 * natural key of the row in its source (e.g. `ourairports:32349`): a refresh upserts on it, so ids stay
 * stable across data-set versions. The GiST index on point(longitude, latitude) serves the radius and
 * bounding-box queries; the trigram indexes serve name and city search.
 */
export const facilities = pgTable(
  'facilities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sourceKey: text('source_key').notNull(),
    /** Which loaded data set the row came from (facility_datasets.source): a refresh removes its stale rows. */
    dataset: text('dataset').notNull(),
    dataSource: text('data_source').notNull(),
    datasetVersion: text('dataset_version').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    sourceType: text('source_type').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    elevation: integer('elevation'),
    identifier: text('identifier').notNull(),
    iata: text('iata'),
    faaLid: text('faa_lid'),
    localCode: text('local_code'),
    state: text('state'),
    city: text('city'),
    restrictions: text('restrictions').array().notNull().default(sql`'{}'::text[]`),
    runwayLength: integer('runway_length'),
    airportSize: text('airport_size').notNull(),
    hasTowerFrequency: boolean('has_tower_frequency').notNull().default(false),
    controlledAirspace: boolean('controlled_airspace').notNull(),
    altitudeLimit: integer('altitude_limit'),
    noFlyZone: boolean('no_fly_zone').notNull(),
    specialUseAirspace: boolean('special_use_airspace').notNull(),
    laancRequired: boolean('laanc_required').notNull(),
    droneFlightZone: text('drone_flight_zone').notNull(),
    /** A closed field (kept so a search finds it, never drawn as a flyable airport by default; ADR 0027). */
    closed: boolean('closed').notNull().default(false),
    /** Doc 3 §5's de-duplication key (identifier + coordinates to 3 decimals), computed by policy.dedupKey. */
    dedupKey: text('dedup_key').notNull().default(''),
    /** Doc 3 §5's first-wins order: 0 live-airport, 1 airport-database, 2 FAA. */
    sourceRank: smallint('source_rank').notNull().default(1),
    runways: jsonb('runways').$type<FacilityRunway[]>().notNull().default([]),
    frequencies: jsonb('frequencies').$type<FacilityFrequencies>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('facilities_source_key_unique').on(t.sourceKey),
    index('facilities_location_gist').using('gist', sql`point(${t.longitude}, ${t.latitude})`),
    index('facilities_identifier_idx').on(t.identifier),
    index('facilities_dedup_key_idx').on(t.dedupKey, t.sourceRank),
    index('facilities_iata_idx').on(t.iata),
    index('facilities_faa_lid_idx').on(t.faaLid),
    index('facilities_local_code_idx').on(t.localCode),
    index('facilities_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('facilities_city_trgm_idx').using('gin', sql`${t.city} gin_trgm_ops`),
  ],
);

/** Which version of each source is in `facilities`: a start finding the same version loads nothing. */
export const facilityDatasets = pgTable('facility_datasets', {
  source: text('source').primaryKey(),
  version: text('version').notNull(),
  rowCount: integer('row_count').notNull(),
  loadMs: integer('load_ms').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
