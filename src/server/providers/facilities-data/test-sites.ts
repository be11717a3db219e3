import type { SourceDataset, SourceFacility } from './types.ts';

/**
 * The seven FAA-designated UAS test sites (six named in December 2013, New Mexico State University added
 * in 2016): public facts. The coordinates are each operator's home base (approximate, to ~1 km), not the
 * boundaries of their test ranges, which span many areas and are not published as one point.
 */
export const TEST_SITES_SOURCE = 'faa-uas-test-sites';
export const TEST_SITES_VERSION = '2016-1';

const SITES: { code: string; name: string; operator: string; city: string; state: string; lat: number; lon: number; elevation: number }[] = [
  { code: 'UAS-AK', name: 'Pan-Pacific UAS Test Range Complex', operator: 'University of Alaska Fairbanks', city: 'Fairbanks', state: 'AK', lat: 64.856, lon: -147.82, elevation: 440 },
  { code: 'UAS-NV', name: 'Nevada UAS Test Site', operator: 'Nevada Institute for Autonomous Systems', city: 'Las Vegas', state: 'NV', lat: 36.17, lon: -115.14, elevation: 2030 },
  { code: 'UAS-NY', name: 'NUAIR UAS Test Site (Griffiss International Airport)', operator: 'Griffiss International Airport', city: 'Rome', state: 'NY', lat: 43.2338, lon: -75.407, elevation: 504 },
  { code: 'UAS-ND', name: 'Northern Plains UAS Test Site', operator: 'North Dakota Department of Commerce', city: 'Grand Forks', state: 'ND', lat: 47.9253, lon: -97.0329, elevation: 830 },
  { code: 'UAS-TX', name: 'Lone Star UAS Center of Excellence & Innovation', operator: 'Texas A&M University-Corpus Christi', city: 'Corpus Christi', state: 'TX', lat: 27.7125, lon: -97.3245, elevation: 10 },
  { code: 'UAS-VA', name: 'Mid-Atlantic Aviation Partnership', operator: 'Virginia Tech', city: 'Blacksburg', state: 'VA', lat: 37.2284, lon: -80.4234, elevation: 2080 },
  { code: 'UAS-NM', name: 'NMSU UAS Flight Test Center', operator: 'New Mexico State University', city: 'Las Cruces', state: 'NM', lat: 32.283, lon: -106.7479, elevation: 3900 },
];

export function readTestSites(): SourceDataset {
  const facilities: SourceFacility[] = SITES.map((s) => ({
    sourceKey: `faa-test-site:${s.code}`,
    dataSource: 'faa',
    name: s.name,
    type: 'test_site',
    sourceType: 'uas_test_site',
    latitude: s.lat,
    longitude: s.lon,
    elevation: s.elevation,
    identifier: s.code,
    iata: null,
    faaLid: null,
    localCode: null,
    state: s.state,
    city: s.city,
    restrictions: ['UAS Test Site', `Operated by ${s.operator}`],
    runwayLength: null,
    runways: [],
    frequencies: {},
    hasTowerFrequency: false,
    closed: false,
  }));
  return { source: TEST_SITES_SOURCE, version: TEST_SITES_VERSION, facilities };
}
