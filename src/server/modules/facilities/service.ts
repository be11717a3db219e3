import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { BUNDLED_SOURCE, bundledVersion, readBundledAirports } from '../../providers/facilities-data/bundled-airports.ts';
import { readTestSites, TEST_SITES_SOURCE, TEST_SITES_VERSION } from '../../providers/facilities-data/test-sites.ts';
import type { SourceDataset, SourceFacility } from '../../providers/facilities-data/types.ts';
import { createAirportDatabaseSource } from '../../providers/facilities-data/outside/airport-database.ts';
import { createFaaSource } from '../../providers/facilities-data/outside/faa.ts';
import { createLiveAirportSource } from '../../providers/facilities-data/outside/live-airport.ts';
import type { OutsideSource } from '../../providers/facilities-data/outside/types.ts';
import { createUasFacilityMap } from '../../providers/facilities-data/outside/uas-facility-map.ts';
import {
  areaLoadFailedMessage,
  FACILITY_MESSAGES,
  notFoundAnySourceMessage,
  OURAIRPORTS_ATTRIBUTION,
  searchMissMessage,
  type Facility,
  type FacilityBoxQuery,
  type FacilityCeiling,
  type FacilityDetail,
  type FacilityPage,
  type FacilityRadiusQuery,
  type FacilitySearchQuery,
  type FacilityStatus,
  type SourceError,
  searchFailedMessage,
} from '../../../shared/facilities.ts';
import { airportSize, dedupKey, deriveRules, SOURCE_ORDER } from './policy.ts';
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
  // A closed field has no traffic, so none of the airport rules (size from runways, tower) applies to it.
  const size = f.closed ? 'small' : airportSize(f.sourceType, f.runwayLength);
  const rules = deriveRules({ airportSize: size, hasTowerFrequency: f.hasTowerFrequency && !f.closed, restrictions: f.restrictions });
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
    closed: f.closed,
    dedupKey: dedupKey(f),
    sourceRank: SOURCE_ORDER[f.dataSource],
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
    closed: row.closed,
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
  /** Doc 3 §7's optional outside sources, by base URL (null or absent: not used). */
  liveAirportUrl?: string | null;
  airportDatabaseUrl?: string | null;
  faaUrl?: string | null;
  uasFacilityMapUrl?: string | null;
  timeoutMs?: number;
  /** Where a failed outside source is logged (doc 3 §8: "logged"). */
  logFailure?: (source: string, message: string) => void;
  /**
   * The database has one connection shared by every request (embedded PGlite): the load must not hold it
   * in one long transaction, or sign-in and every other request wait for the whole first load.
   */
  singleConnection?: boolean;
}

/** The configured outside sources in doc 3 §5's first-wins order: live-airport, airport-database, FAA. */
function outsideSources(o: FacilitiesOptions): OutsideSource[] {
  const ms = o.timeoutMs ?? 8000;
  const list: OutsideSource[] = [];
  if (o.liveAirportUrl) list.push(createLiveAirportSource(o.liveAirportUrl, ms));
  if (o.airportDatabaseUrl) list.push(createAirportDatabaseSource(o.airportDatabaseUrl, ms));
  if (o.faaUrl) list.push(createFaaSource(o.faaUrl, ms));
  return list;
}

/** A source that has not answered by the deadline counts as failed (its work may go on and warm a cache). */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Rows a statement when the load shares the only connection with requests (see load()). */
const SHARED_CONNECTION_CHUNK = 500;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** Rows of outside sources live in their own data set, so a bundled refresh never removes them. */
const outsideDataset = (source: string) => `outside:${source}`;

export function createFacilitiesService(db: Db, options: FacilitiesOptions = {}) {
  const datasets = options.datasets ?? BUNDLED_DATASETS;
  const sources = outsideSources(options);
  const uasFacilityMap = options.uasFacilityMapUrl ? createUasFacilityMap(options.uasFacilityMapUrl, options.timeoutMs ?? 8000) : null;
  const deadlineMs = 2 * (options.timeoutMs ?? 8000);
  const logFailure = options.logFailure ?? (() => undefined);

  /** Store what outside sources reported (so each has an id, a detail page, and serves offline later). */
  async function keep(facilities: SourceFacility[]) {
    if (facilities.length === 0) return;
    const version = new Date().toISOString().slice(0, 10);
    await repo.upsertRows(db, facilities.map((f) => toRow(f, outsideDataset(f.dataSource), version)));
  }

  /**
   * Ask every configured outside source about the circle, at the same time; keep what they answer. A
   * failing source is tolerated (doc 3 §8) and reported in the spec's words; the others still count.
   */
  async function gatherNearby(lat: number, lon: number, radius: number): Promise<SourceError[]> {
    const results = await Promise.allSettled(sources.map((s) => withDeadline(s.nearby(lat, lon, radius), deadlineMs)));
    const errors: SourceError[] = [];
    const found: SourceFacility[] = [];
    results.forEach((r, i) => {
      const source = sources[i]!.source;
      if (r.status === 'fulfilled') found.push(...r.value);
      else {
        logFailure(source, errorText(r.reason));
        errors.push({ source, message: areaLoadFailedMessage(errorText(r.reason)) });
      }
    });
    await keep(found);
    return errors;
  }

  /**
   * Doc 3 §7: an identifier is looked up at the FAA, falling back to the live-airport source when the FAA
   * fails. `allFailed` says every source asked failed (the spec's "from any source" message).
   */
  async function lookupIdentifier(identifier: string): Promise<{ found: boolean; errors: SourceError[]; allFailed: boolean }> {
    const order = ['faa', 'live-airport'].map((name) => sources.find((s) => s.source === name && s.byIdentifier !== undefined)).filter((s): s is OutsideSource => s !== undefined);
    const errors: SourceError[] = [];
    for (const s of order) {
      try {
        const f = await withDeadline(s.byIdentifier?.(identifier) ?? Promise.resolve(null), deadlineMs);
        if (f) await keep([f]);
        return { found: f !== null, errors, allFailed: false };
      } catch (e) {
        logFailure(s.source, errorText(e));
        errors.push({ source: s.source, message: searchFailedMessage(errorText(e)) });
      }
    }
    return { found: false, errors, allFailed: order.length > 0 };
  }

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
    if (options.singleConnection) {
      // One process owns an embedded database (its data-folder lock), so no other loader can race this one
      // and the advisory lock is not needed. Each chunk is its own statement, so requests run between them;
      // the version is recorded last, so a load cut short is redone (idempotently) by the next start.
      for (const d of await stale()) {
        const version = d.version();
        const t0 = performance.now();
        const data = await d.read();
        const rows = data.facilities.map((f) => toRow(f, d.source, version));
        // PGlite runs a statement on this thread: small chunks (~0.2 s each) and a pause between them let a
        // request's queries (a sign-in makes several, one after another) through within a second or so.
        for (let i = 0; i < rows.length; i += SHARED_CONNECTION_CHUNK) {
          await repo.upsertRows(db, rows.slice(i, i + SHARED_CONNECTION_CHUNK));
          await new Promise((r) => setTimeout(r, 10));
        }
        await db.transaction((tx) => repo.finishDataset(tx, d.source, version, rows.length, Math.round(performance.now() - t0)));
        report.push({ source: d.source, version, rows: rows.length, ms: Math.round(performance.now() - t0) });
      }
      return { loaded: report, ms: Math.round(performance.now() - started) };
    }
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
        // With the FAA UAS facility map configured, the ceilings are no longer missing.
        notices: DATA_NOTICES.filter((n) => !(uasFacilityMap && n.startsWith('UAS facility map altitudes'))),
        attribution: OURAIRPORTS_ATTRIBUTION,
        tileUrl: options.tileUrl ?? null,
        tileAttribution: options.tileAttribution ?? null,
        sources: sources.map((s) => s.source),
        ceilings: uasFacilityMap !== null,
      };
    },

    async withinRadius(q: FacilityRadiusQuery): Promise<FacilityPage> {
      await ready();
      // Outside sources are asked once per circle, on its first page; later pages read what they gave.
      const sourceErrors = sources.length > 0 && !q.cursor ? await gatherNearby(q.lat, q.lon, q.radius) : [];
      const rows = await repo.withinRadius(db, q);
      const page = pageOf(rows, q, (r) => [r.distance, r.facility.id]);
      const list = page.items.map((r) => toFacility(r.facility, r.distance));
      const message = list.length === 0 && !q.cursor ? FACILITY_MESSAGES.zeroResults : null;
      return { facilities: list, nextCursor: page.nextCursor, message, sourceErrors };
    },

    async withinBox(q: FacilityBoxQuery): Promise<FacilityPage> {
      await ready();
      const rows = await repo.withinBox(db, q);
      const page = pageOf(rows, q, (r) => [r.id]);
      const list = page.items.map((r) => toFacility(r));
      return { facilities: list, nextCursor: page.nextCursor, message: list.length === 0 && !q.cursor ? FACILITY_MESSAGES.zeroResults : null, sourceErrors: [] };
    },

    async search(q: FacilitySearchQuery): Promise<FacilityPage> {
      await ready();
      let rows = await repo.search(db, q);
      const ident = q.q.toUpperCase();
      let sourceErrors: SourceError[] = [];
      let allFailed = false;
      // Only a miss of the stored data goes out (doc 3 §7's identifier lookup), and only for an identifier.
      if (rows.length === 0 && !q.cursor && /^[A-Z0-9]{2,6}$/.test(ident)) {
        const lookup = await lookupIdentifier(ident);
        sourceErrors = lookup.errors;
        allFailed = lookup.allFailed;
        if (lookup.found) rows = await repo.search(db, q);
      }
      const page = pageOf(rows, q, (r) => [r.rank, r.facility.id]);
      const list = page.items.map((r) => toFacility(r.facility));
      const message = list.length > 0 || q.cursor ? null : allFailed ? notFoundAnySourceMessage(ident) : searchMissMessage(ident);
      return { facilities: list, nextCursor: page.nextCursor, message, sourceErrors };
    },

    /** The FAA UAS facility map cell at a point, when that layer is configured; its failure is said, not thrown. */
    async ceiling(lat: number, lon: number): Promise<FacilityCeiling> {
      if (!uasFacilityMap) return { ceiling: null, error: null };
      try {
        return { ceiling: await uasFacilityMap.at(lat, lon), error: null };
      } catch (e) {
        logFailure('faa-uas-facility-map', errorText(e));
        return { ceiling: null, error: areaLoadFailedMessage(errorText(e)) };
      }
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
