import { OTHER } from '../../../shared/manufacturers.ts';
import { droneDisplayName } from '../../../shared/drones.ts';
import type { FlightLogWithDrone } from './repo.ts';

/**
 * The export's columns. The import knows this exact header, so exporting and importing the file into
 * another account reproduces the same flights and drones.
 */
export const EXPORT_COLUMNS = [
  'Date',
  'Takeoff Time (UTC)',
  'Duration (minutes)',
  'Drone',
  'Manufacturer',
  'Model',
  'Serial Number',
  'Drone ID',
  'Location',
  'Flight Type',
  'Conditions',
  'Notes',
] as const;

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or carriage return that some read
 * the same way) gets a leading apostrophe: shown as text, never executed (OWASP CSV injection).
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: only when the cell needs it. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const maker = (r: FlightLogWithDrone) => (r.droneManufacturer === OTHER ? (r.droneCustomManufacturer ?? '') : r.droneManufacturer);
const model = (r: FlightLogWithDrone) => (r.droneModel === OTHER || r.droneModel === null ? (r.droneCustomModel ?? '') : r.droneModel);

function exportLine(r: FlightLogWithDrone): string {
  const name = droneDisplayName({
    name: r.droneName,
    manufacturer: r.droneManufacturer,
    model: r.droneModel,
    customManufacturer: r.droneCustomManufacturer,
    customModel: r.droneCustomModel,
  });
  return [
    r.flightDate,
    r.takeoffTime ? r.takeoffTime.slice(0, 8) : null,
    r.flightDuration,
    name,
    maker(r),
    model(r),
    r.droneSerialNumber,
    r.droneUniqueIdentifier,
    r.location,
    r.flightType,
    r.conditions,
    r.notes,
  ]
    .map(csvCell)
    .join(',');
}

/**
 * UTF-8 with a byte-order mark (Excel reads UTF-8 only with it), CRLF line ends, ISO 8601 dates and
 * times, one row per flight, oldest first. One string per batch of flights: the export streams.
 */
export async function* exportCsvChunks(batches: AsyncIterable<FlightLogWithDrone[]>): AsyncGenerator<string> {
  yield `\uFEFF${EXPORT_COLUMNS.join(',')}\r\n`;
  for await (const rows of batches) yield `${rows.map(exportLine).join('\r\n')}\r\n`;
}
