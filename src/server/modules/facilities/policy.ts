import { FACILITY_CONSTANTS, type AirportSize, type DataSource, type DroneFlightZone, type FacilityType, type UasRestrictions } from '../../../shared/facilities.ts';

/**
 * The spec's facility rules as pure functions (doc 3 §4, §5, §9), computed once when a facility is loaded.
 * Each follows the spec's wording; where the spec leaves a gap the comment says what we chose.
 */

/** FAA FACILITY_TYPE → type (doc 3 §5): unknown types count as airports. */
export function mapFaaType(faaType: string | null | undefined): FacilityType {
  switch ((faaType ?? '').toUpperCase()) {
    case 'HELIPORT':
      return 'heliport';
    case 'UAS_TEST_SITE':
      return 'test_site';
    case 'RESTRICTED':
      return 'restricted_area';
    default:
      return 'airport';
  }
}

/** Airport-database types (OurAirports: large_airport, heliport, seaplane_base, ...) → heliport or airport. */
export function mapDatabaseType(sourceType: string): FacilityType {
  return sourceType === 'heliport' ? 'heliport' : 'airport';
}

/** FAA restriction tags (doc 3 §5) from the FAA record's flags. */
export function faaRestrictionTags(attrs: { NOTAM_FACILITY?: unknown; CONTROL_TOWER?: unknown; INSTRUMENT_APPROACH?: unknown }): string[] {
  const yes = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && /^(y|yes|true|1)$/i.test(v.trim()));
  const tags: string[] = [];
  if (yes(attrs.NOTAM_FACILITY)) tags.push('NOTAM Required');
  if (yes(attrs.CONTROL_TOWER)) tags.push('Controlled Airspace');
  if (yes(attrs.INSTRUMENT_APPROACH)) tags.push('Instrument Approaches');
  return tags;
}

/** Large if large_airport or a runway over 8000 ft; medium if medium_airport or over 4000 ft; else small. */
export function airportSize(sourceType: string, runwayLengthFt: number | null): AirportSize {
  const runway = runwayLengthFt ?? 0;
  if (sourceType === 'large_airport' || runway > FACILITY_CONSTANTS.largeRunwayFt) return 'large';
  if (sourceType === 'medium_airport' || runway > FACILITY_CONSTANTS.mediumRunwayFt) return 'medium';
  return 'small';
}

export interface RuleInput {
  airportSize: AirportSize;
  /** A tower frequency is published for it (DESIGN §4: it counts as controlled airspace). */
  hasTowerFrequency: boolean;
  restrictions: string[];
}

export interface DerivedRules {
  uasRestrictions: UasRestrictions;
  laancRequired: boolean;
  droneFlightZone: DroneFlightZone;
}

const mentions = (restrictions: string[], word: string) => restrictions.some((r) => r.toLowerCase().includes(word.toLowerCase()));

export function deriveRules(input: RuleInput): DerivedRules {
  const large = input.airportSize === 'large';
  // DESIGN §4: a tower frequency, or a large or medium airport, is controlled airspace (Class B/C/D).
  const controlledAirspace = input.hasTowerFrequency || large || input.airportSize === 'medium';
  const noFlyZone = large;
  const specialUseAirspace = mentions(input.restrictions, 'Military') || mentions(input.restrictions, 'Restricted');
  const laancRequired = controlledAirspace || mentions(input.restrictions, 'Controlled') || large;
  // Doc 3 §4: the first that applies, in this order.
  const droneFlightZone: DroneFlightZone = noFlyZone ? 'prohibited' : specialUseAirspace ? 'restricted' : controlledAirspace ? 'authorization' : 'enhanced_warning';
  return {
    // Doc 3 §9 gives 400 ft for controlled airspace and no figure otherwise: null means "no facility limit".
    uasRestrictions: { controlledAirspace, altitudeLimit: controlledAirspace ? FACILITY_CONSTANTS.controlledAltitudeLimitFt : null, noFlyZone, specialUseAirspace },
    laancRequired,
    droneFlightZone,
  };
}

/** Sort score (doc 3 §9): elevation +1, each restriction +1, FAA +2, live-airport +1. */
export function sortScore(f: { elevation: number | null; restrictions: string[]; dataSource: DataSource }): number {
  return (f.elevation !== null ? 1 : 0) + f.restrictions.length + (f.dataSource === 'faa' ? 2 : f.dataSource === 'live-airport' ? 1 : 0);
}

/** De-duplication key (doc 3 §5): identifier plus coordinates rounded to 3 decimals. */
export function dedupKey(f: { identifier: string; latitude: number; longitude: number }): string {
  const d = FACILITY_CONSTANTS.dedupDecimals;
  return `${f.identifier.toUpperCase()}|${f.latitude.toFixed(d)}|${f.longitude.toFixed(d)}`;
}

export const SOURCE_ORDER: Record<DataSource, number> = { 'live-airport': 0, 'airport-database': 1, faa: 2 };

/** Merge lists from several sources: the first source to report a key wins, in the order live, database, FAA. */
export function mergeSources<T extends { identifier: string; latitude: number; longitude: number; dataSource: DataSource }>(lists: T[][]): T[] {
  const all = lists.flat().sort((a, b) => SOURCE_ORDER[a.dataSource] - SOURCE_ORDER[b.dataSource]);
  const seen = new Map<string, T>();
  for (const f of all) {
    const key = dedupKey(f);
    if (!seen.has(key)) seen.set(key, f);
  }
  return [...seen.values()];
}
