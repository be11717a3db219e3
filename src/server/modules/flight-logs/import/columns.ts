/**
 * Columns matched by meaning, not position: a header is split into its name and its unit
 * ("Duration (min)" → "duration", "min"; "OSD.height [m]" → "osd.height", "m"; "flightDate" →
 * "flight date"), then compared with the names logbooks and flight-log converters use.
 */

export interface Column {
  index: number;
  /** The header as written. */
  header: string;
  /** Lower case, camelCase split, unit removed, punctuation as spaces: "flight date". */
  words: string;
  /** Lower case with the prefix dots kept and spaces removed: "osd.height", "time". */
  key: string;
  /** The unit in (...) or [...] at the end, lower case, or null. */
  unit: string | null;
}

export function describeColumns(header: string[]): Column[] {
  return header.map((raw, index) => {
    const h = raw.replace(/^\uFEFF/, '').trim();
    const unitMatch = /\s*[([]([^)\]]*)[)\]]\s*$/.exec(h);
    const unit = unitMatch ? unitMatch[1]!.trim().toLowerCase() : null;
    const name = unitMatch ? h.slice(0, unitMatch.index) : h;
    const words = name
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .replace(/[^a-z0-9#%]+/g, ' ')
      .trim();
    const key = name.toLowerCase().replace(/\s+/g, '');
    return { index, header: h, words, key, unit };
  });
}

// ---- Logbook files: one row per flight ----

export const LOGBOOK_FIELDS = [
  'date',
  'datetime',
  'time',
  'endTime',
  'duration',
  'drone',
  'serial',
  'model',
  'manufacturer',
  'droneIdentifier',
  'location',
  'flightType',
  'conditions',
  'notes',
] as const;
export type LogbookField = (typeof LOGBOOK_FIELDS)[number];

const SYNONYMS: Record<LogbookField, string[]> = {
  date: ['date', 'flight date', 'date of flight', 'takeoff date', 'take off date', 'launch date', 'start date', 'day', 'flight day', 'datum', 'fecha'],
  datetime: ['date time', 'datetime', 'date and time', 'takeoff', 'take off', 'takeoff date time', 'start date time', 'timestamp', 'flight start', 'started', 'started at', 'start'],
  time: ['time', 'takeoff time', 'take off time', 'start time', 'launch time', 'time of day', 'departure time', 'takeoff time utc'],
  endTime: ['end time', 'landing time', 'land time', 'end', 'landed', 'ended', 'landing', 'stop time'],
  duration: [
    'duration',
    'flight duration',
    'flight time',
    'air time',
    'airtime',
    'time in air',
    'time aloft',
    'total time',
    'total flight time',
    'flight length',
    'length',
    'minutes',
    'mins',
    'min',
    'seconds',
    'secs',
    'hours',
    'flight minutes',
    'flight mins',
    'flight hours',
    'flight seconds',
    'duration min',
    'duration mins',
    'duration minutes',
    'duration sec',
    'duration seconds',
    'duration s',
    'duration hours',
  ],
  drone: ['drone', 'aircraft', 'uav', 'uas', 'drone name', 'aircraft name', 'equipment', 'platform', 'vehicle', 'airframe', 'drone used', 'craft', 'rpas'],
  serial: ['serial', 'serial number', 'serial no', 'serial #', 'sn', 's n', 'drone serial', 'drone serial number', 'aircraft serial', 'aircraft serial number', 'aircraft sn', 'drone sn'],
  model: ['model', 'drone model', 'aircraft model', 'aircraft type', 'drone type', 'type of aircraft'],
  manufacturer: ['manufacturer', 'make', 'brand', 'maker', 'drone manufacturer', 'drone make', 'aircraft make', 'aircraft manufacturer'],
  droneIdentifier: ['drone id', 'unique identifier', 'drone identifier', 'aircraft id', 'drone unique identifier'],
  location: ['location', 'place', 'site', 'address', 'area', 'city', 'flight location', 'launch site', 'launch location', 'takeoff location', 'coordinates', 'location name', 'where'],
  flightType: ['flight type', 'type', 'purpose', 'mission type', 'category', 'mission', 'operation', 'operation type', 'flight category', 'type of flight', 'flight purpose'],
  conditions: ['conditions', 'weather', 'weather conditions', 'wind', 'flight conditions', 'weather notes'],
  notes: ['notes', 'note', 'remarks', 'comments', 'comment', 'description', 'details', 'observations', 'remark', 'memo', 'flight notes'],
};

export interface Candidate {
  column: Column;
  /** 3: the exact name; 2: a known name plus other words ("Flight Date (local)"); 1: only a hint ("Logged date"). */
  strength: 1 | 2 | 3;
}

function strengthFor(field: LogbookField, column: Column): 0 | 1 | 2 | 3 {
  const words = column.words;
  const synonyms = SYNONYMS[field];
  if (synonyms.includes(words)) return 3;
  const tokens = new Set(words.split(' '));
  if (synonyms.some((syn) => syn.includes(' ') && syn.split(' ').every((w) => tokens.has(w)) && !['time', 'date'].includes(syn))) return 2;
  if (field === 'date' && (tokens.has('date') || tokens.has('day'))) return 1;
  if (field === 'duration' && (tokens.has('duration') || tokens.has('airtime'))) return 2;
  if (field === 'notes' && (tokens.has('notes') || tokens.has('remarks') || tokens.has('comments'))) return 2;
  return 0;
}

/** Every column that could hold `field`, strongest first. */
export function candidatesFor(field: LogbookField, columns: Column[]): Candidate[] {
  return columns
    .map((column) => ({ column, strength: strengthFor(field, column) }))
    .filter((c): c is Candidate => c.strength > 0)
    .sort((a, b) => b.strength - a.strength || a.column.index - b.column.index);
}

// ---- Telemetry logs: many rows of one flight ----

export const TELEMETRY_FIELDS = {
  datetime: ['datetime', 'custom.updatetime', 'custom.datetime', 'gps.datetime', 'gps:datetimestamp', 'datetimestamp', 'date/time', 'timestamp'],
  /** A date alone, when the time of day is in another column (FlightReader: CUSTOM.date and CUSTOM.updateTime). */
  date: ['custom.date', 'date', 'gps.date'],
  offset: ['time', 'osd.flytime', 'offsettime', 'offset_time', 'elapsedtime', 'elapsed', 'flytime', 'custom.flytime', 'time(s)'],
  lat: ['latitude', 'osd.latitude', 'lat', 'gps.latitude', 'gps:lat', 'gps.lat', 'aircraft.latitude'],
  lon: ['longitude', 'osd.longitude', 'lon', 'lng', 'long', 'gps.longitude', 'gps:long', 'gps.lon', 'aircraft.longitude'],
  homeLat: ['home_latitude', 'home.latitude', 'homelatitude', 'home_lat', 'home.lat'],
  homeLon: ['home_longitude', 'home.longitude', 'homelongitude', 'home_lon', 'home.lon', 'home_lng'],
  height: ['height_above_takeoff', 'osd.height', 'altitude', 'height', 'relative_altitude', 'relativealtitude', 'alt'],
  distance: ['distance', 'custom.distance', 'calc.distance', 'distance_from_home', 'homedistance', 'home_distance'],
  speed: ['speed', 'custom.hspeed', 'osd.hspeed', 'hspeed', 'horizontal_speed', 'horizontalspeed', 'ground_speed', 'groundspeed'],
  battery: ['battery_percent', 'smart_battery.battery', 'osd.battery', 'center_battery.relativecapacity', 'battery.chargelevel', 'battery.level', 'remainpowerpercent', 'battery', 'battery_level', 'batterypercent', 'battery%'],
  model: ['osd.dronetype', 'details.dronetype', 'recover.dronetype', 'details.producttype', 'dronetype', 'aircraftmodel', 'aircraft_model', 'drone_model', 'product_type', 'producttype'],
  serial: ['details.aircraftsnbytes', 'recover.aircraftsnbytes', 'details.aircraftsn', 'flycontrollerserialnumber', 'aircraftserial', 'aircraft_serial', 'aircraftsn', 'aircraft_sn', 'serialnumber'],
  name: ['details.aircraftname', 'recover.aircraftname', 'planename', 'aircraftname', 'aircraft_name'],
  summaryTotalTime: ['details.totaltime'],
  summaryMaxHeight: ['details.maxheight'],
  summaryMaxSpeed: ['details.maxhorizontalspeed'],
  city: ['details.city'],
  area: ['details.area'],
} as const satisfies Record<string, readonly string[]>;
export type TelemetryField = keyof typeof TELEMETRY_FIELDS;

/** The first column (in the order of the names above) that carries the field. */
export function findTelemetryColumn(field: TelemetryField, columns: Column[], prefer?: (c: Column) => boolean): Column | undefined {
  const byKey = new Map<string, Column[]>();
  for (const c of columns) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
  for (const name of TELEMETRY_FIELDS[field]) {
    const found = byKey.get(name);
    if (found && found.length > 0) return (prefer && found.find(prefer)) ?? found[0];
  }
  return undefined;
}

/** Does the header look like a telemetry log (position and time on every row)? */
export function looksLikeTelemetry(columns: Column[]): boolean {
  const has = (f: TelemetryField) => findTelemetryColumn(f, columns) !== undefined;
  const hasDuration = candidatesFor('duration', columns).some((c) => c.strength >= 2 && c.column.key !== 'time' && !c.column.key.startsWith('osd.'));
  return has('lat') && has('lon') && (has('datetime') || has('offset')) && !hasDuration;
}
