import type { FacilityCeiling } from '../../../../shared/facilities.ts';
import { getJson, isRecord, num, SourceFailure, text } from './http.ts';

/**
 * The FAA UAS Facility Map (FAA_UAS_FacilityMap_Data, an ArcGIS FeatureServer layer of 30-arc-second grid
 * cells): the cell at a point gives the most a LAANC request there is granted without coordination
 * (CEILING, feet AGL) and the airports whose facility drew it (APTn_FAAID / APTn_ICAO / APTn_NAME /
 * APTn_LAANC). Queried with `f=geojson`, the form of the recorded answers in tests/fixtures/facilities.
 */
const FIELDS = [
  'OBJECTID', 'CEILING', 'UNIT', 'MAP_EFF', 'LAST_EDIT', 'LATITUDE', 'LONGITUDE', 'GLOBALID', 'ARPT_COUNT',
  ...[1, 2, 3, 4, 5].flatMap((n) => [`APT${n}_FAAID`, `APT${n}_ICAO`, `APT${n}_NAME`, `APT${n}_LAANC`]),
  'AIRS_COUNT', 'AIRSPACE_1', 'AIRSPACE_2', 'AIRSPACE_3', 'AIRSPACE_4', 'AIRSPACE_5', 'REGION',
].join(',');

type Ceiling = NonNullable<FacilityCeiling['ceiling']>;

export function readGridCell(properties: Record<string, unknown>): Ceiling | null {
  const ceiling = num(properties.CEILING);
  if (ceiling === null || ceiling < 0 || ceiling > 10_000) return null;
  const airports = [1, 2, 3, 4, 5]
    .map((n) => ({
      faaId: text(properties[`APT${n}_FAAID`], 8),
      icao: text(properties[`APT${n}_ICAO`], 8),
      name: text(properties[`APT${n}_NAME`], 120),
      laanc: num(properties[`APT${n}_LAANC`]) === 1,
    }))
    .filter((a): a is { faaId: string; icao: string | null; name: string; laanc: boolean } => a.faaId !== null && a.name !== null);
  const airspace = [1, 2, 3, 4, 5].map((n) => text(properties[`AIRSPACE_${n}`], 8)).filter((s): s is string => s !== null);
  return { ceilingFt: Math.round(ceiling), airports, airspace, mapEffective: text(properties.MAP_EFF, 40) };
}

export function createUasFacilityMap(layerUrl: string, timeoutMs: number) {
  const layer = layerUrl.replace(/\/+$/, '');
  return {
    /** The grid cell at the point (the lowest ceiling when the point lies on a shared edge); null outside every map. */
    async at(lat: number, lon: number): Promise<Ceiling | null> {
      const params = new URLSearchParams({
        f: 'geojson',
        where: '1=1',
        geometry: `${lon},${lat}`,
        geometryType: 'esriGeometryPoint',
        inSR: '4326',
        spatialRel: 'esriSpatialRelIntersects',
        outFields: FIELDS,
        returnGeometry: 'false',
      });
      const body = await getJson(`${layer}/query?${params.toString()}`, timeoutMs);
      if (!isRecord(body) || !Array.isArray(body.features)) throw new SourceFailure('the answer has no features');
      const cells = body.features
        .slice(0, 20)
        .map((f) => (isRecord(f) && isRecord(f.properties) ? readGridCell(f.properties) : null))
        .filter((c): c is Ceiling => c !== null);
      return cells.sort((a, b) => a.ceilingFt - b.ceilingFt)[0] ?? null;
    },
  };
}
export type UasFacilityMap = ReturnType<typeof createUasFacilityMap>;
