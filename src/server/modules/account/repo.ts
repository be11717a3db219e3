import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dailyQueries, sessions, userPreferences, userTiers, users } from '../../db/schema/index.ts';
import type { SessionAccess } from './access-cache.ts';
import type { PreferenceUpdate } from '../../../shared/account.ts';
import type { Tier } from '../../../shared/tiers.ts';

export async function findTierRow(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      tier: userTiers.tier,
      isPilot: users.isPilot,
      administratorBusinessId: users.administratorBusinessId,
      businessProfileId: userTiers.businessProfileId,
      email: users.email,
    })
    .from(users)
    .leftJoin(userTiers, eq(userTiers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** A session row by its token, with its user and tier row: everything a signed-in request is decided by. */
export async function findSessionAccess(db: DbOrTx, token: string): Promise<SessionAccess | null> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      email: users.email,
      name: users.name,
      image: users.image,
      emailVerified: users.emailVerified,
      firstName: users.firstName,
      lastName: users.lastName,
      createdAt: users.createdAt,
      isPilot: users.isPilot,
      administratorBusinessId: users.administratorBusinessId,
      tier: userTiers.tier,
      businessProfileId: userTiers.businessProfileId,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userTiers, eq(userTiers.userId, users.id))
    .where(eq(sessions.token, token))
    .limit(1);
  if (!row) return null;
  return {
    session: { token, userId: row.userId, expiresAt: row.expiresAt },
    user: {
      id: row.userId,
      email: row.email,
      name: row.name,
      image: row.image,
      emailVerified: row.emailVerified,
      firstName: row.firstName,
      lastName: row.lastName,
      createdAt: row.createdAt,
    },
    access: { tier: row.tier, isPilot: row.isPilot, administratorBusinessId: row.administratorBusinessId, businessProfileId: row.businessProfileId },
  };
}

export interface NewTierRow {
  userId: string;
  email: string;
  displayName: string | null;
  photoUrl: string | null;
  emailVerified: boolean;
  tier: Tier;
}

/** Creates the tier row if missing, else refreshes its copy of the profile; an existing tier is kept. */
export async function upsertTierRow(db: DbOrTx, row: NewTierRow) {
  const now = new Date();
  await db
    .insert(userTiers)
    .values({ ...row, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: userTiers.userId,
      set: {
        email: row.email,
        displayName: row.displayName,
        photoUrl: row.photoUrl,
        emailVerified: row.emailVerified,
        lastSeenAt: now,
      },
    });
}

export async function setStoredTier(db: DbOrTx, userId: string, tier: Tier, updatedBy: string) {
  await db.update(userTiers).set({ tier, updatedAt: new Date(), updatedBy }).where(eq(userTiers.userId, userId));
}

export async function findUserProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, image: users.image, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function touchLastSeen(db: DbOrTx, userId: string) {
  await db.update(userTiers).set({ lastSeenAt: new Date() }).where(eq(userTiers.userId, userId));
}

/** Queries counted since `since` (a YYYY-MM-DD UTC day). */
export async function sumQueriesSince(db: DbOrTx, userId: string, since: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${dailyQueries.count}), 0)` })
    .from(dailyQueries)
    .where(and(eq(dailyQueries.userId, userId), gte(dailyQueries.date, since)));
  return Number(row?.total ?? 0);
}

export async function findPreferences(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId)).limit(1);
  return row;
}

export async function savePreference(db: DbOrTx, userId: string, update: PreferenceUpdate) {
  const now = new Date();
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...update, lastUpdated: now })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { ...update, lastUpdated: now } })
    .returning();
  return row;
}

export async function userExists(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  return row !== undefined;
}
