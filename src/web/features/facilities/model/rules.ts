import { distanceMiles, FACILITY_CONSTANTS, ruleSentence, type Facility } from '../../../../shared/facilities.ts';

/** How much a zone restricts, most first: the rule shown for a point is that of the strictest one around it. */
const SEVERITY = { prohibited: 0, restricted: 1, authorization: 2, enhanced_warning: 3 } as const;

/** The circle a facility's rule covers on the map: 5 nm for a large airport's no-fly zone, 5 statute miles for controlled airspace. */
export function ruleRadiusMiles(f: Facility): number | null {
  if (f.uasRestrictions.noFlyZone) return FACILITY_CONSTANTS.noFlyRadiusNm * 1.15078;
  if (f.uasRestrictions.controlledAirspace || f.uasRestrictions.specialUseAirspace) return FACILITY_CONSTANTS.controlledCircleMiles;
  return null;
}

export interface PointRule {
  facility: Facility | null;
  distance: number | null;
  text: string;
}

/** Which rule applies at a point ("Within 5 mi of KSFO: LAANC authorisation required ..."). */
export function ruleAtPoint(lat: number, lon: number, facilities: Facility[]): PointRule {
  let best: { f: Facility; d: number } | null = null;
  for (const f of facilities) {
    const r = ruleRadiusMiles(f);
    if (r === null) continue;
    const d = distanceMiles(lat, lon, f.latitude, f.longitude);
    if (d > r) continue;
    if (!best || SEVERITY[f.droneFlightZone] < SEVERITY[best.f.droneFlightZone] || (SEVERITY[f.droneFlightZone] === SEVERITY[best.f.droneFlightZone] && d < best.d)) best = { f, d };
  }
  if (!best) return { facility: null, distance: null, text: 'No controlled airspace or no-fly zone within 5 mi: Part 107 rules apply (below 400 ft AGL, give way to manned aircraft).' };
  const within = best.f.uasRestrictions.noFlyZone ? `${FACILITY_CONSTANTS.noFlyRadiusNm} nm` : `${FACILITY_CONSTANTS.controlledCircleMiles} mi`;
  return { facility: best.f, distance: best.d, text: `Within ${within} of ${best.f.identifier}: ${ruleSentence(best.f)}` };
}
