import type { DroneInput } from '../../../shared/drones.ts';
import { OTHER } from '../../../shared/manufacturers.ts';

/**
 * A drone may be assigned to its owner only, for now: pilots of a business can be offered once the
 * business team exists, and a stranger's id must never be storable.
 */
export const canAssignPilot = (callerId: string, pilotId: string | null | undefined) => pilotId == null || pilotId === callerId;

/** The stored columns of a validated input: free text only where Other was chosen. */
export function droneColumns(input: DroneInput) {
  const model = input.model ?? (input.manufacturer === OTHER ? OTHER : null);
  return {
    name: input.name ?? null,
    serialNumber: input.serialNumber,
    manufacturer: input.manufacturer,
    model,
    customManufacturer: input.manufacturer === OTHER ? (input.customManufacturer ?? null) : null,
    customModel: model === OTHER ? (input.customModel ?? null) : null,
    faaRegistration: input.faaRegistration ?? null,
    flightHours: Math.round(input.flightHours * 10) / 10,
    assignedPilotId: input.assignedPilotId ?? null,
    registrationDate: input.registrationDate ?? null,
    lastMaintenanceDate: input.lastMaintenanceDate ?? null,
    notes: input.notes ?? null,
  };
}
