import type { ChangeBus } from '../../db/change-bus.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  PREFERENCE_DEFAULTS,
  type Preferences,
  type PreferenceUpdate,
  type TierInfo,
} from '../../../shared/account.ts';
import { periodStart, utcDay } from '../../../shared/periods.ts';
import { planFor } from '../../../shared/plans.ts';
import type { Tier } from '../../../shared/tiers.ts';
import type { CurrentUser } from '../auth/current-user.ts';
import { canReadUserRecords, effectiveTier, staffTierFor, type StaffLists } from './policy.ts';
import { createBusCache } from '../../lib/bus-cache.ts';
import { ACCESS_CACHE_SECONDS, accessChanged } from './access-cache.ts';
import * as repo from './repo.ts';

/** Published with the user id whenever their preferences change. */
export const USER_PREFERENCES_TOPIC = 'user-preferences';

export function createAccountService(db: Db, staff: StaffLists, changes: ChangeBus) {
  async function tierInfo(userId: string, now = new Date()): Promise<TierInfo> {
    const row = await repo.findTierRow(db, userId);
    if (!row) throw notFound('User');
    const originalTier: Tier = row.tier ?? 'basic';
    const tier = effectiveTier(originalTier, row.isPilot, row.administratorBusinessId);
    const plan = planFor(tier);
    const queryCount = await repo.sumQueriesSince(db, userId, utcDay(periodStart(plan.period, now)));
    return {
      tier,
      originalTier,
      isPilot: row.isPilot,
      administratorBusinessId: row.administratorBusinessId,
      queryLimit: plan.queryLimit,
      queryCount,
      timePeriod: plan.period,
    };
  }

  /**
   * A user's preferences are read on every page and written only by their owner, through
   * savePreference: they are cached per process like sessions (ADR 0016), defaults included.
   */
  const preferences = createBusCache<Preferences>({
    topic: USER_PREFERENCES_TOPIC,
    changes,
    ttlMs: ACCESS_CACHE_SECONDS * 1000,
    maxEntries: 50_000,
    read: async (userId) => {
      const row = await repo.findPreferences(db, userId);
      if (!row) return { userId, ...PREFERENCE_DEFAULTS, lastUpdated: null };
      const { lastUpdated, ...rest } = row;
      return { ...rest, lastUpdated: lastUpdated.toISOString() };
    },
  });

  /** Shared between requests: never mutate what it returns. */
  async function readPreferences(userId: string): Promise<Preferences> {
    const prefs = await preferences.get(userId);
    if (!prefs) throw new AppError(500, 'PREFERENCES_NOT_READ', 'The preferences could not be read.');
    return prefs;
  }

  return {
    /** Stops the preferences cache listening (the app is closing). */
    close: () => preferences.close(),

    tierInfo,

    async tierInfoFor(caller: CurrentUser, userId: string): Promise<TierInfo> {
      if (!canReadUserRecords(caller, userId)) throw notFound('User');
      return tierInfo(userId);
    },

    readPreferences,

    async preferencesFor(caller: CurrentUser, userId: string) {
      if (!canReadUserRecords(caller, userId) || !(await repo.userExists(db, userId))) throw notFound('User');
      const prefs = await readPreferences(userId);
      return { showQuickQuestions: prefs.showQuickQuestions, showHelpTip: prefs.showHelpTip };
    },

    async savePreference(userId: string, update: PreferenceUpdate): Promise<Preferences> {
      const row = await repo.savePreference(db, userId, update);
      if (!row) throw new AppError(500, 'PREFERENCE_NOT_SAVED', 'The preference could not be saved.');
      await changes.publish(USER_PREFERENCES_TOPIC, userId).catch((error: unknown) => {
        console.error(`preferences: could not tell other processes (${error instanceof Error ? error.message : String(error)}); they see the change within ${ACCESS_CACHE_SECONDS} s.`);
      });
      return readPreferences(userId);
    },

    /** Every new user gets a tier row; staff addresses get their staff tier (DESIGN §4). */
    async onUserCreated(user: { id: string; email: string; name: string; image?: string | null; emailVerified: boolean }) {
      await repo.upsertTierRow(db, {
        userId: user.id,
        email: user.email,
        displayName: user.name || null,
        photoUrl: user.image ?? null,
        emailVerified: user.emailVerified,
        tier: staffTierFor(user.email, staff) ?? 'basic',
      });
    },

    /**
     * At each sign-in the tier row's copy of the profile is refreshed and the staff lists are applied
     * again, so a changed ADMIN_EMAILS takes effect at the next sign-in.
     */
    async onSignIn(userId: string) {
      const user = await repo.findUserProfile(db, userId);
      if (!user) return;
      const staffTier = staffTierFor(user.email, staff);
      await repo.upsertTierRow(db, {
        userId,
        email: user.email,
        displayName: user.name || null,
        photoUrl: user.image,
        emailVerified: user.emailVerified,
        tier: staffTier ?? 'basic',
      });
      if (staffTier) await repo.setStoredTier(db, userId, staffTier, 'staff-list');
      await accessChanged(changes, userId);
    },

    async setTier(userId: string, tier: Tier, updatedBy: string) {
      await repo.setStoredTier(db, userId, tier, updatedBy);
      await accessChanged(changes, userId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
