import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { drones } from '../../db/schema/index.ts';
import { droneDisplayName, makeAndModel } from '../../../shared/drones.ts';
import { totals as flightTotals } from '../flight-logs/repo.ts';
/**
 * What the weather analysis needs to know about the pilot: the primary drone's wind limit and the hours
 * in the logbook.
 */
export interface PilotProfile {
  droneRegistered: boolean;
  droneName: string | null;
  /** The drone's class (e.g. "DJI Mini 4 Pro"), whose wind resistance gives the limit. */
  droneClass: string | null;
  /** m/s; null when no drone is registered */
  windLimitMs: number | null;
  /** Logged flight time in hours. */
  flightHours: number;
}

export interface PilotProfileSource {
  profile(userId: string): Promise<PilotProfile>;
}

export const NO_PILOT_DATA: PilotProfile = {
  droneRegistered: false,
  droneName: null,
  droneClass: null,
  windLimitMs: null,
  flightHours: 0,
};

/** A pilot with nothing registered (tests of the analysis text). */
export const noPilotDataYet: PilotProfileSource = {
  profile: async () => NO_PILOT_DATA,
};

/**
 * The pilot's primary drone and logged hours, from the drones and logbook tables. The catalogue carries
 * no wind-resistance ratings, so the drone's limit stays null and the analysis falls back to the pilot's
 * own wind threshold (and says it did), rather than guessing a maker's figure.
 */
export function dbPilotProfiles(db: DbOrTx): PilotProfileSource {
  return {
    async profile(userId) {
      const [primary] = await db
        .select()
        .from(drones)
        .where(and(eq(drones.userId, userId), eq(drones.isPrimary, true), isNull(drones.retiredAt)))
        .limit(1);
      const { minutes } = await flightTotals(db, userId);
      return {
        droneRegistered: primary !== undefined,
        droneName: primary ? droneDisplayName(primary) : null,
        droneClass: primary ? makeAndModel(primary) : null,
        windLimitMs: null,
        flightHours: Math.round((minutes / 60) * 10) / 10,
      };
    },
  };
}
