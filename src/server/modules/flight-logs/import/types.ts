import type { FlightType } from '../../../../shared/flight-logs/contract.ts';

/** What a file says about the drone of a flight; any part may be missing. */
export interface DroneRef {
  name: string | null;
  serial: string | null;
  model: string | null;
  manufacturer: string | null;
  /** Our own export's Drone ID (the drone's uniqueIdentifier). */
  identifier: string | null;
}

/** One flight read from a file, before its drone is resolved. */
export interface FlightCandidate {
  /** The file line it came from (logbook rows), or null for a whole telemetry log. */
  line: number | null;
  flightDate: string;
  takeoffTime: string | null;
  durationMinutes: number;
  location: string | null;
  flightType: FlightType | null;
  conditions: string | null;
  notes: string | null;
  drone: DroneRef;
}

export const droneRefKey = (r: DroneRef) =>
  JSON.stringify([r.identifier?.toLowerCase() ?? '', r.serial?.toLowerCase() ?? '', r.name?.toLowerCase() ?? '', r.model?.toLowerCase() ?? '', r.manufacturer?.toLowerCase() ?? '']);

export const isEmptyRef = (r: DroneRef) => !r.identifier && !r.serial && !r.name && !r.model;
