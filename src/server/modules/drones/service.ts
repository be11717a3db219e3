import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import {
  DRONE_LIMIT_CODE,
  DRONE_MESSAGES,
  canAddDrone,
  droneDisplayName,
  droneLimitMessage,
  generateUniqueIdentifier,
  type Drone,
  type DroneDeleteResponse,
  type DroneInput,
} from '../../../shared/drones.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { canAssignPilot, droneColumns } from './policy.ts';
import { constraintName, isUniqueViolation } from './pg-errors.ts';
import * as repo from './repo.ts';

export interface DroneCaller {
  id: string;
  tier: Tier;
}

type RowWithTotals = { drone: repo.DroneRow; flightCount: number | null; loggedMinutes: number | null };

export function toDroneView({ drone, flightCount, loggedMinutes }: RowWithTotals): Drone {
  return {
    id: drone.id,
    userId: drone.userId,
    name: drone.name,
    displayName: droneDisplayName(drone),
    uniqueIdentifier: drone.uniqueIdentifier,
    serialNumber: drone.serialNumber,
    manufacturer: drone.manufacturer,
    model: drone.model,
    customManufacturer: drone.customManufacturer,
    customModel: drone.customModel,
    faaRegistration: drone.faaRegistration,
    flightHours: drone.flightHours,
    assignedPilotId: drone.assignedPilotId,
    registrationDate: drone.registrationDate,
    lastMaintenanceDate: drone.lastMaintenanceDate,
    notes: drone.notes,
    isPrimary: drone.isPrimary,
    flightCount: flightCount ?? 0,
    loggedHours: Math.round(((loggedMinutes ?? 0) / 60) * 10) / 10,
    createdAt: drone.createdAt.toISOString(),
    updatedAt: drone.updatedAt.toISOString(),
  };
}

const retiredMessage = (n: number) =>
  `Drone removed from your list. Its ${n === 1 ? 'logged flight stays' : `${n} logged flights stay`} in your logbook under its name.`;

const duplicateIdentifier = () => new AppError(409, 'DUPLICATE_IDENTIFIER', DRONE_MESSAGES.duplicateIdentifier);
const duplicateSerial = () => new AppError(409, 'DUPLICATE_SERIAL', DRONE_MESSAGES.duplicateSerial);
/** Which unique rule a concurrent insert broke: the serial index (issue 16) or the identifier's. */
const duplicateOf = (error: unknown) => (constraintName(error) === 'drones_user_maker_serial_unique' ? duplicateSerial() : duplicateIdentifier());
export const droneLimitReached = (tier: Tier) => new AppError(403, DRONE_LIMIT_CODE, droneLimitMessage(tier));

function assertPilot(callerId: string, input: DroneInput) {
  if (!canAssignPilot(callerId, input.assignedPilotId)) throw badRequest(`assignedPilotId: ${DRONE_MESSAGES.assignedPilotNotAllowed}`, 'VALIDATION');
}

/**
 * The drone registry's rules (doc 2; DESIGN §4): the tier's limit, one primary per user (the first
 * drone becomes it, deleting it promotes another), ownership as 404. Every change that counts or
 * moves the primary runs under the user's advisory lock, so concurrent calls from N processes line up.
 */
export function createDronesService(db: Db) {
  async function view(userId: string, id: number): Promise<Drone> {
    const row = await repo.findDroneWithTotals(db, userId, id);
    if (!row) throw notFound('Drone');
    return toDroneView(row);
  }

  return {
    async list(userId: string): Promise<Drone[]> {
      return (await repo.listDrones(db, userId)).map(toDroneView);
    },

    async create(caller: DroneCaller, input: DroneInput): Promise<Drone> {
      assertPilot(caller.id, input);
      const uniqueIdentifier = input.uniqueIdentifier ?? generateUniqueIdentifier();
      try {
        const created = await db.transaction(async (tx) => {
          await repo.lockUserDrones(tx, caller.id);
          const count = await repo.countActiveDrones(tx, caller.id);
          if (!canAddDrone(caller.tier, count)) throw droneLimitReached(caller.tier);
          if (await repo.identifierTaken(tx, caller.id, uniqueIdentifier)) throw duplicateIdentifier();
          if (await repo.serialTaken(tx, caller.id, droneColumns(input))) throw duplicateSerial();
          const isPrimary = !(await repo.hasPrimary(tx, caller.id));
          return repo.insertDrone(tx, { ...droneColumns(input), userId: caller.id, uniqueIdentifier, isPrimary });
        });
        return await view(caller.id, created.id);
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateOf(error);
        throw error;
      }
    },

    async update(caller: DroneCaller, id: number, input: DroneInput): Promise<Drone> {
      assertPilot(caller.id, input);
      try {
        await db.transaction(async (tx) => {
          const existing = await repo.findActiveDrone(tx, caller.id, id, true);
          if (!existing) throw notFound('Drone');
          const uniqueIdentifier = input.uniqueIdentifier ?? existing.uniqueIdentifier;
          if (uniqueIdentifier !== existing.uniqueIdentifier && (await repo.identifierTaken(tx, caller.id, uniqueIdentifier, id))) {
            throw duplicateIdentifier();
          }
          if (await repo.serialTaken(tx, caller.id, droneColumns(input), id)) throw duplicateSerial();
          await repo.updateDrone(tx, caller.id, id, { ...droneColumns(input), uniqueIdentifier });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicateOf(error);
        throw error;
      }
      return view(caller.id, id);
    },

    /**
     * A drone without flights is removed; one with flights is retired so the logbook keeps every
     * flight under its name. Either way it leaves the list, and the primary passes to the oldest left.
     */
    async remove(caller: DroneCaller, id: number): Promise<DroneDeleteResponse> {
      return db.transaction(async (tx) => {
        await repo.lockUserDrones(tx, caller.id);
        // FOR UPDATE also waits for a flight being inserted against this drone (its key-share lock).
        const drone = await repo.findActiveDrone(tx, caller.id, id, true);
        if (!drone) throw notFound('Drone');
        const flightCount = await repo.countFlightsOfDrone(tx, id);
        if (flightCount > 0) await repo.retireDrone(tx, id);
        else await repo.deleteDrone(tx, id);
        let promotedDroneId: number | null = null;
        if (drone.isPrimary) {
          const next = await repo.oldestActiveDrone(tx, caller.id);
          if (next) {
            await repo.makePrimary(tx, caller.id, next.id);
            promotedDroneId = next.id;
          }
        }
        const message = flightCount > 0 ? retiredMessage(flightCount) : 'Drone deleted';
        return { id, retired: flightCount > 0, flightCount, promotedDroneId, message };
      });
    },

    async setPrimary(caller: DroneCaller, id: number): Promise<Drone> {
      await db.transaction(async (tx) => {
        await repo.lockUserDrones(tx, caller.id);
        const drone = await repo.findActiveDrone(tx, caller.id, id);
        if (!drone) throw notFound('Drone');
        if (!drone.isPrimary) await repo.makePrimary(tx, caller.id, id);
      });
      return view(caller.id, id);
    },
  };
}

export type DronesService = ReturnType<typeof createDronesService>;
