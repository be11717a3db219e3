import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { BUNDLED_SOURCE, bundledVersion, readBundledAirports } from '../../providers/facilities-data/bundled-airports.ts';
import { readTestSites, TEST_SITES_SOURCE, TEST_SITES_VERSION } from '../../providers/facilities-data/test-sites.ts';
import type { SourceDataset, SourceFacility } from '../../providers/facilities-data/types.ts';
import {
  FACILITY_MESSAGES,
  notFoundAnySourceMessage,
  OURAIRPORTS_ATTRIBUTION,
  searchMissMessage,
  type Facility,
  type FacilityBoxQuery,
  type FacilityDetail,
  type FacilityPage,
  type FacilityRadiusQuery,
  type FacilitySearchQuery,
  type FacilityStatus,
} from '../../../shared/facilities.ts';
import { airportSize, deriveRules } from './policy.ts';
import * as repo from './repo.ts';
import type { FacilityRow, NewFacilityRow } from './repo.ts';

/** What the bundled data cannot show, said on the screen's Airport Data Notice (ADR 0026). */
export const DATA_NOTICES = [
  'Restricted and prohibited special-use airspace is not shown: no package of US special-use airspace is available to this product, so check the FAA sectional charts and TFRs before flying.',
  'UAS facility map altitudes (the LAANC grid ceilings) are not included; the controlled-airspace circle is the airport’s 5-mile surface area as an approximation.',
] as const;

/** The data sets the product ships, each read only when its version is not the one in the database. */
interface DatasetSource {
  source: string;
  version: () => string;
  read: () => Promise<SourceDataset> | SourceDataset;
}
export const BUNDLED_DATASETS: DatasetSource[] = [
  { source: BUNDLED_SOURCE, version: bundledVersion, read: () => readBundledAirports() },
  { source: TEST_SITES_SOURCE, version: () => TEST_SITES_VERSION, read: readTestSites },
];

/** The stored row of a facility as the source reported it, with its rules derived once (doc 3 §4, §9). */
export function toRow(f: SourceFacility, dataset: string, version: string): NewFacilityRow {
  const size = airportSize(f.sourceType, f.runwayLength);
  const rules = deriveRules({ airportSize: size, hasTowerFrequency: f.hasTowerFrequency, restrictions: f.restrictions });
  return {
    sourceKey: f.sourceKey,
    dataset,
    dataSource: f.dataSource,
    datasetVersion: version,
    name: f.name,
    type: f.type,
    sourceType: f.sourceType,
    latitude: f.latitude,
    longitude: f.longitude,
    elevation: f.elevation,
    identifier: f.identifier,
    iata: f.iata,
    faaLid: f.faaLid,
    localCode: f.localCode,
    state: f.state,
    city: f.city,
    restrictions: f.restrictions,
    runwayLength: f.runwayLength,
    airportSize: size,
    hasTowerFrequency: f.hasTowerFrequency,
    controlledAirspace: rules.uasRestrictions.controlledAirspace,
    altitudeLimit: rules.uasRestrictions.altitudeLimit,
    noFlyZone: rules.uasRestrictions.noFlyZone,
    specialUseAirspace: rules.uasRestrictions.specialUseAirspace,
    laancRequired: rules.laancRequired,
    droneFlightZone: rules.droneFlightZone,
    runways: f.runways,
    frequencies: f.frequencies,
  };
}

export function toFacility(row: FacilityRow, distanceMiles: number | null = null): Facility {
  return {
    id: row.id,
    name: row.name,
    type: row.type as Facility['type'],
    latitude: row.latitude,
    longitude: row.longitude,
    elevation: row.elevation,
    identifier: row.identifier,
    iata: row.iata,
    state: row.state,
    city: row.city,
    restrictions: row.restrictions,
    dataSource: row.dataSource as Facility['dataSource'],
    runwayLength: row.runwayLength,
    airportSize: row.airportSize as Facility['airportSize'],
    uasRestrictions: { controlledAirspace: row.controlledAirspace, altitudeLimit: row.altitudeLimit, noFlyZone: row.noFlyZone, specialUseAirspace: row.specialUseAirspace },
    laancRequired: row.laancRequired,
    droneFlightZone: row.droneFlightZone as Facility['droneFlightZone'],
    distanceMiles: distanceMiles === null ? null : Math.round(distanceMiles * 100) / 100,
  };
}

export interface LoadReport {
  /** Data sets (re)loaded by this call; empty when every one was current. */
  loaded: { source: string; version: string; rows: number; ms: number }[];
  ms: number;
}

export interface FacilitiesOptions {
  datasets?: DatasetSource[];
  tileUrl?: string | null;
  tileAttribution?: string | null;
}

export function createFacilitiesService(db: Db, options: FacilitiesOptions = {}) {
  const datasets = options.datasets ?? BUNDLED_DATASETS;
  let loading: Promise<LoadReport> | null = null;
  let loaded = false;

  /**
   * Fill or refresh the table when a shipped data set's version differs from the stored one. Once-only
   * across processes: the work runs in one transaction under an advisory lock, and re-checks the versions
   * after taking it, so a second process waiting on the lock finds the data current and writes nothing.
   * Readers keep seeing the previous rows until the refresh commits.
   */
  async function load(): Promise<LoadReport> {
    const started = performance.now();
    const stale = async () => {
      const stored = new Map((await repo.datasetVersions(db)).map((d) => [d.source, d.version]));
      return datasets.filter((d) => stored.get(d.source) !== d.version());
    };
    if ((await stale()).length === 0) return { loaded: [], ms: Math.round(performance.now() - started) };
    const report: LoadReport['loaded'] = [];
    await db.transaction(async (tx) => {
      await repo.lockFacilityLoad(tx);
      const stored = new Map((await repo.datasetVersions(tx)).map((d) => [d.source, d.version]));
      for (const d of datasets) {
        const version = d.version();
        if (stored.get(d.source) === version) continue;
        const t0 = performance.now();
        // Reading the shipped file is local work (no network), so it may run inside the transaction.
        const data = await d.read();
        const rows = data.facilities.map((f) => toRow(f, d.source, version));
        await repo.replaceDataset(tx, d.source, version, rows, () => Math.round(performance.now() - t0));
        report.push({ source: d.source, version, rows: rows.length, ms: Math.round(performance.now() - t0) });
      }
    });
    return { loaded: report, ms: Math.round(performance.now() - started) };
  }

  /** The one load of this process (single flight); a failed load is retried by the next caller. */
  function ensureLoaded(): Promise<LoadReport> {
    if (!loading) {
      loading = load().then(
        (r) => {
          loaded = true;
          return r;
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
    }
    return loading;
  }

  async function ready() {
    try {
      await ensureLoaded();
    } catch (err) {
      throw new AppError(503, 'FACILITIES_UNAVAILABLE', `Facility data is not available yet: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  return {
    ensureLoaded,
    /** The load in flight, if any, so shutdown can wait for it. */
    inFlight: () => loading,

    async status(): Promise<FacilityStatus> {
      // Asking is enough to start the first load (a server that never listened has not begun it).
      if (!loading) ensureLoaded().catch(() => undefined);
      const state = loaded ? 'ready' : 'loading';
      const sets = loaded ? await repo.datasetVersions(db) : [];
      return {
        state,
        count: loaded ? await repo.countFacilities(db) : 0,
        datasets: sets.map((d) => ({ source: d.source, version: d.version, rowCount: d.rowCount, loadedAt: d.loadedAt.toISOString() })),
        notices: [...DATA_NOTICES],
        attribution: OURAIRPORTS_ATTRIBUTION,
        tileUrl: options.tileUrl ?? null,
        tileAttribution: options.tileAttribution ?? null,
      };
    },

    async withinRadius(q: FacilityRadiusQuery): Promise<FacilityPage> {
      await ready();
      const rows = await repo.withinRadius(db, q);
      const page = pageOf(rows, q, (r) => [r.distance, r.facility.id]);
      const list = page.items.map((r) => toFacility(r.facility, r.distance));
      const message = list.length === 0 && !q.cursor ? FACILITY_MESSAGES.zeroResults : null;
      return { facilities: list, nextCursor: page.nextCursor, message };
    },

    async withinBox(q: FacilityBoxQuery): Promise<FacilityPage> {
      await ready();
      const rows = await repo.withinBox(db, q);
      const page = pageOf(rows, q, (r) => [r.id]);
      const list = page.items.map((r) => toFacility(r));
      return { facilities: list, nextCursor: page.nextCursor, message: list.length === 0 && !q.cursor ? FACILITY_MESSAGES.zeroResults : null };
    },

    async search(q: FacilitySearchQuery): Promise<FacilityPage> {
      await ready();
      const rows = await repo.search(db, q);
      const page = pageOf(rows, q, (r) => [r.rank, r.facility.id]);
      const list = page.items.map((r) => toFacility(r.facility));
      return { facilities: list, nextCursor: page.nextCursor, message: list.length === 0 && !q.cursor ? searchMissMessage(q.q.toUpperCase()) : null };
    },

    /** By our numeric id, or by any identifier form (KJFK, JFK, 0NY4). */
    async get(idOrIdentifier: string): Promise<FacilityDetail> {
      await ready();
      const row = /^\d{1,9}$/.test(idOrIdentifier) ? ((await repo.byId(db, Number(idOrIdentifier))) ?? (await repo.byIdentifier(db, idOrIdentifier))) : await repo.byIdentifier(db, idOrIdentifier);
      if (!row) throw new AppError(404, 'NOT_FOUND', notFoundAnySourceMessage(idOrIdentifier.toUpperCase()));
      return { ...toFacility(row), runways: row.runways, frequencies: row.frequencies };
    },
  };
}

export type FacilitiesService = ReturnType<typeof createFacilitiesService>;
