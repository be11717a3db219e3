import type { DataSource } from '../../../../shared/facilities.ts';
import type { SourceFacility } from '../types.ts';

/** One of doc 3 §7's outside sources, behind its base-URL setting. */
export interface OutsideSource {
  source: DataSource;
  /** Facilities within `radiusMiles` of the point. Throws a SourceFailure when the source fails. */
  nearby(lat: number, lon: number, radiusMiles: number): Promise<SourceFacility[]>;
  /** One facility by identifier (upper-cased), or null when the source does not know it. */
  byIdentifier?(identifier: string): Promise<SourceFacility | null>;
}
