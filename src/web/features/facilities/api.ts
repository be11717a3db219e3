import type { FacilityCeiling, FacilityDetail, FacilityPage, FacilityStatus, SourceError } from '../../../shared/facilities.ts';
import { apiGet } from '../../lib/api-client.ts';

export const FACILITIES_KEY = ['facilities'] as const;

/** The map never draws more than this many facilities around one centre (a 150-mile circle holds ~1,500 at most). */
export const AREA_MAX_FACILITIES = 3000;
const PAGE = 200;

export interface AreaResult {
  facilities: FacilityPage['facilities'];
  message: string | null;
  /** Outside sources that failed for this circle (empty when none is configured). */
  sourceErrors: SourceError[];
}

/** Every facility within the radius, nearest first: follows the paged list's cursors (ADR 0014). */
export async function fetchArea(lat: number, lon: number, radius: number, includeClosed: boolean, signal?: AbortSignal): Promise<AreaResult> {
  const facilities: FacilityPage['facilities'] = [];
  let cursor: string | null = null;
  let message: string | null = null;
  const sourceErrors: SourceError[] = [];
  do {
    const params = new URLSearchParams({ lat: lat.toFixed(5), lon: lon.toFixed(5), radius: String(radius), limit: String(PAGE), closed: includeClosed ? 'include' : 'exclude' });
    if (cursor) params.set('cursor', cursor);
    const page: FacilityPage = await apiGet<FacilityPage>(`/api/facilities?${params.toString()}`, { signal });
    facilities.push(...page.facilities);
    message ??= page.message;
    sourceErrors.push(...page.sourceErrors);
    cursor = page.nextCursor;
  } while (cursor && facilities.length < AREA_MAX_FACILITIES);
  return { facilities, message, sourceErrors };
}

export const searchFacilities = (q: string) => apiGet<FacilityPage>(`/api/facilities/search?${new URLSearchParams({ q, limit: '10' }).toString()}`);
export const fetchFacility = (id: number) => apiGet<FacilityDetail>(`/api/facilities/${id}`);
export const fetchFacilityStatus = () => apiGet<FacilityStatus>('/api/facilities/status');
export const fetchCeiling = (lat: number, lon: number) => apiGet<FacilityCeiling>(`/api/facilities/ceiling?${new URLSearchParams({ lat: lat.toFixed(5), lon: lon.toFixed(5) }).toString()}`);
