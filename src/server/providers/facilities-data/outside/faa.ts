import { distanceMiles } from '../../../../shared/facilities.ts';
import { faaRestrictionTags, mapFaaType } from '../../../modules/facilities/policy.ts';
import type { SourceFacility } from '../types.ts';
import { getJson, isRecord, num, SourceFailure, text, validCoordinates } from './http.ts';
import type { OutsideSource } from './types.ts';

/**
 * Doc 3 §7's FAA facilities feature service: an ArcGIS FeatureServer layer queried around a point
 * (`f=json`, point geometry 'lon,lat' in 4326, intersects, distance in metres = miles x 1609.34,
 * outFields *, returnGeometry) or by identifier (`LID = 'X' OR IDENT = 'X'`). It reads features[] of
 * {attributes, geometry {x, y}} with the spec's attribute names, and ArcGIS's error {message, code}.
 * No recorded answer of a layer with these attributes exists (ADR 0027): the test fixture is written
 * from the ArcGIS REST query format and these names, and says so.
 */
const METRES_PER_MILE = 1609.34;

export function readFaaFeature(feature: unknown): SourceFacility | null {
  if (!isRecord(feature) || !isRecord(feature.attributes)) return null;
  const a = feature.attributes;
  const g = isRecord(feature.geometry) ? feature.geometry : {};
  const lat = num(g.y) ?? num(a.LATITUDE);
  const lon = num(g.x) ?? num(a.LONGITUDE);
  const identifier = (text(a.LID, 16) ?? text(a.IDENT, 16))?.toUpperCase();
  if (!validCoordinates(lat, lon) || lon === null || !identifier || !/^[A-Z0-9-]{1,16}$/.test(identifier)) return null;
  const faaType = text(a.FACILITY_TYPE, 40) ?? 'AIRPORT';
  const restrictions = faaRestrictionTags(a);
  const elevation = num(a.ELEVATION);
  return {
    sourceKey: `faa:${text(a.SITE_NUMBER, 40) ?? text(a.OBJECTID, 40) ?? identifier}`,
    dataSource: 'faa',
    name: text(a.FACILITY_NAME, 200) ?? text(a.NAME, 200) ?? identifier,
    type: mapFaaType(faaType),
    sourceType: faaType.toLowerCase(),
    latitude: lat,
    longitude: lon,
    elevation: elevation === null ? null : Math.round(elevation),
    identifier,
    iata: null,
    faaLid: text(a.LID, 16)?.toUpperCase() ?? null,
    localCode: null,
    state: text(a.STATE_NAME, 8),
    city: text(a.CITY, 120),
    restrictions,
    runwayLength: null,
    runways: [],
    frequencies: {},
    hasTowerFrequency: restrictions.includes('Controlled Airspace'),
    closed: false,
  };
}

function features(body: unknown): unknown[] {
  if (!isRecord(body) || !Array.isArray(body.features)) throw new SourceFailure('the answer has no features');
  return body.features.slice(0, 5000);
}

export function createFaaSource(layerUrl: string, timeoutMs: number): OutsideSource {
  const layer = layerUrl.replace(/\/+$/, '');
  const query = (params: Record<string, string>) => getJson(`${layer}/query?${new URLSearchParams({ f: 'json', outFields: '*', returnGeometry: 'true', outSR: '4326', ...params }).toString()}`, timeoutMs);
  return {
    source: 'faa',
    async nearby(lat, lon, radiusMiles) {
      const body = await query({
        where: '1=1',
        geometry: `${lon},${lat}`,
        geometryType: 'esriGeometryPoint',
        inSR: '4326',
        spatialRel: 'esriSpatialRelIntersects',
        distance: String(Math.round(radiusMiles * METRES_PER_MILE)),
        units: 'esriSRUnit_Meter',
      });
      return features(body)
        .map(readFaaFeature)
        .filter((f): f is SourceFacility => f !== null && distanceMiles(lat, lon, f.latitude, f.longitude) <= radiusMiles);
    },
    async byIdentifier(identifier) {
      // The identifier reached here through the route's letters-and-digits check, so it cannot break the quotes.
      const id = identifier.toUpperCase().replace(/[^A-Z0-9-]/g, '');
      const body = await query({ where: `LID = '${id}' OR IDENT = '${id}'` });
      return features(body).map(readFaaFeature).find((f) => f !== null) ?? null;
    },
  };
}
