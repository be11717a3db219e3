import type { FacilityFrequencies, FacilityRunway } from '../../db/schema/facilities.ts';
import type { DataSource, FacilityType } from '../../../shared/facilities.ts';

/** One facility as a source reports it, before the rules are derived (doc 3 §3's fields plus what the rules read). */
export interface SourceFacility {
  /** Natural key within its source, e.g. `ourairports:32349`. */
  sourceKey: string;
  dataSource: DataSource;
  name: string;
  type: FacilityType;
  /** The source's own type (large_airport, heliport, AIRPORT, uas_test_site...): airport size reads it. */
  sourceType: string;
  latitude: number;
  longitude: number;
  elevation: number | null;
  identifier: string;
  iata: string | null;
  faaLid: string | null;
  localCode: string | null;
  state: string | null;
  city: string | null;
  restrictions: string[];
  runwayLength: number | null;
  runways: FacilityRunway[];
  frequencies: FacilityFrequencies;
  hasTowerFrequency: boolean;
  /** A closed field: kept and marked, never a flyable airport (ADR 0027). */
  closed: boolean;
}

export interface SourceDataset {
  source: string;
  version: string;
  facilities: SourceFacility[];
}
