import { droneDisplayName, makeAndModel } from '../../../../shared/drones.ts';
import { canonicalModelName, catalogueEntryFor, compactName, OTHER, splitMakerAndModel } from '../../../../shared/manufacturers.ts';
import type { DroneRow } from '../../drones/repo.ts';
import { type Answers, type DroneChoice, type Question, questions } from './questions.ts';
import { type DroneRef, droneRefKey, isEmptyRef } from './types.ts';

/**
 * Which drone each flight belongs to: one of the pilot's (by Drone ID, serial, name or model) or a new
 * one the import adds. A log that names no drone, or a logbook that names drones the pilot does not
 * have and says nothing more about them, is a question.
 */

export interface NewDroneSpec {
  name: string | null;
  serialNumber: string;
  manufacturer: string;
  model: string;
  customManufacturer: string | null;
  customModel: string | null;
  uniqueIdentifier: string | null;
  notes: string;
}

export type Resolution = { kind: 'existing'; droneId: number } | { kind: 'create'; spec: NewDroneSpec };

export const droneChoices = (drones: DroneRow[]): DroneChoice[] =>
  drones
    .filter((d) => d.retiredAt === null)
    .map((d) => ({
      id: d.id,
      label: droneDisplayName(d),
      names: [droneDisplayName(d), makeAndModel(d), modelName(d), d.serialNumber, d.uniqueIdentifier, ...(d.name ? [d.name] : [])],
    }));

const modelName = (d: DroneRow) => (d.model === OTHER || d.model === null ? (d.customModel ?? '') : d.model);
const modelKey = (d: DroneRow) => compactName(canonicalModelName(modelName(d)));

/** Placeholders people put in a serial column; they identify nothing. */
const NOT_A_SERIAL = new Set(['unknown', 'na', 'none', 'null', 'tbd', 'nil', '0', '00', '000']);
const isSerial = (s: string) => compactName(s).length >= 2 && !NOT_A_SERIAL.has(compactName(s));

function preferActive(found: DroneRow[]): DroneRow | undefined {
  return found.find((d) => d.retiredAt === null) ?? found[0];
}

/** A drone the ref clearly names, or undefined. */
export function matchDrone(ref: DroneRef, drones: DroneRow[]): DroneRow | undefined {
  const active = drones.filter((d) => d.retiredAt === null);
  if (ref.identifier) {
    const found = drones.filter((d) => d.uniqueIdentifier.toLowerCase() === ref.identifier!.toLowerCase());
    if (found.length > 0) return preferActive(found);
  }
  if (ref.serial && isSerial(ref.serial)) {
    const found = drones.filter((d) => compactName(d.serialNumber) === compactName(ref.serial!));
    if (found.length > 0) return preferActive(found);
  }
  if (ref.name) {
    const n = compactName(ref.name);
    const found = active.filter((d) => [d.name ?? '', droneDisplayName(d), makeAndModel(d), d.serialNumber, d.uniqueIdentifier].some((x) => compactName(x) === n));
    if (found.length === 1) return found[0];
    // A name that is only a model ("Mavic 3") names the one drone of that model.
    const byModel = active.filter((d) => modelKey(d) === compactName(canonicalModelName(ref.name!)));
    if (found.length === 0 && byModel.length === 1) return byModel[0];
  }
  if (ref.model) {
    const m = compactName(canonicalModelName(ref.model));
    const found = active.filter((d) => modelKey(d) === m);
    if (found.length === 1) return found[0];
  }
  return undefined;
}

function specFromRef(ref: DroneRef, source: string): NewDroneSpec {
  const fromModel = ref.model ? catalogueEntryFor(ref.model, ref.manufacturer ?? undefined) : null;
  const fromName = !fromModel && ref.name ? nameToCatalogue(ref.name) : null;
  const entry = fromModel ??
    fromName ?? { manufacturer: ref.manufacturer ? catalogueEntryFor('Unknown', ref.manufacturer).manufacturer : OTHER, model: OTHER, customManufacturer: ref.manufacturer ?? 'Unknown', customModel: 'Unknown' };
  if (entry.manufacturer !== OTHER) entry.customManufacturer = null;
  const madeName = makeAndModel({ manufacturer: entry.manufacturer, model: entry.model, customManufacturer: entry.customManufacturer, customModel: entry.customModel });
  const name = ref.name && compactName(ref.name) !== compactName(madeName) ? ref.name : null;
  const serialNote = ref.serial ? '' : ' The file gives no serial number: edit the drone to add it.';
  return {
    name,
    serialNumber: ref.serial && isSerial(ref.serial) ? ref.serial : 'Unknown',
    manufacturer: entry.manufacturer,
    model: entry.model,
    customManufacturer: entry.customManufacturer,
    customModel: entry.customModel,
    uniqueIdentifier: ref.identifier,
    notes: `Added by the CSV import of a ${source}.${serialNote}`,
  };
}

/** "DJI Mavic 3" → DJI / Mavic 3; "Mavic 3" → DJI / Mavic 3; anything else → null. */
function nameToCatalogue(name: string) {
  const whole = catalogueEntryFor(name);
  if (whole.model !== OTHER) return whole;
  const split = splitMakerAndModel(name);
  if (split) return catalogueEntryFor(split.rest || 'Unknown', split.manufacturer);
  return whole.manufacturer === OTHER ? null : whole;
}

export type ResolveResult = { question: Question } | { byKey: Map<string, Resolution> };

/** Resolves every distinct drone reference of a file. */
export function resolveDrones(refs: DroneRef[], drones: DroneRow[], answers: Answers, source: string): ResolveResult {
  const byKey = new Map<string, Resolution>();
  const unknownNames: DroneRef[] = [];
  const active = drones.filter((d) => d.retiredAt === null);
  const choices = droneChoices(drones);

  for (const ref of refs) {
    const key = droneRefKey(ref);
    if (byKey.has(key)) continue;
    if (isEmptyRef(ref)) {
      const answer = answers.whichDrone;
      if (answer?.kind === 'drone' && active.some((d) => d.id === answer.droneId)) byKey.set(key, { kind: 'existing', droneId: answer.droneId });
      else if (answer?.kind === 'describe') {
        const described: DroneRef = { name: answer.text, serial: null, model: null, manufacturer: null, identifier: null };
        const existing = matchDrone(described, drones);
        byKey.set(key, existing ? { kind: 'existing', droneId: existing.id } : { kind: 'create', spec: specFromRef(described, source) });
      } else if (active.length === 1) byKey.set(key, { kind: 'existing', droneId: active[0]!.id });
      else return { question: questions.whichDrone(source, choices) };
      continue;
    }
    const match = matchDrone(ref, drones);
    if (match) byKey.set(key, { kind: 'existing', droneId: match.id });
    else if (ref.identifier || ref.serial || ref.model) byKey.set(key, { kind: 'create', spec: specFromRef(ref, source) });
    else unknownNames.push(ref);
  }

  if (unknownNames.length > 0) {
    const answer = answers.unknownDrones;
    if (!answer || (answer.kind === 'drone' && !active.some((d) => d.id === answer.droneId))) {
      return { question: questions.unknownDrones([...new Set(unknownNames.map((r) => r.name ?? ''))], choices) };
    }
    for (const ref of unknownNames) {
      byKey.set(droneRefKey(ref), answer.kind === 'drone' ? { kind: 'existing', droneId: answer.droneId } : { kind: 'create', spec: specFromRef(ref, source) });
    }
  }
  return { byKey };
}
