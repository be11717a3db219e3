import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessProfiles, drones, pilotInvitations, userTiers, users } from '../../db/schema/index.ts';
import { PENDING_INVITATIONS_MAX, PILOT_LIST_MAX } from '../../../shared/business.ts';

export type ProfileRow = typeof businessProfiles.$inferSelect;
export type InvitationRow = typeof pilotInvitations.$inferSelect;

export async function findProfile(db: DbOrTx, id: string, forUpdate = false) {
  const query = db.select().from(businessProfiles).where(eq(businessProfiles.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findProfileOfAdministrator(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(businessProfiles).where(eq(businessProfiles.administratorUserId, userId)).limit(1);
  return row;
}

export interface ProfileColumns {
  companyName: string;
  industry: string | null;
  description: string | null;
  website: string | null;
}

/** Creates the administrator's profile or updates it (one per administrator: the unique index decides). */
export async function upsertProfile(db: DbOrTx, admin: { id: string; email: string }, columns: ProfileColumns) {
  const now = new Date();
  const [row] = await db
    .insert(businessProfiles)
    .values({ ...columns, administratorUserId: admin.id, adminEmail: admin.email, createdBy: admin.id, updatedAt: now })
    .onConflictDoUpdate({ target: businessProfiles.administratorUserId, set: { ...columns, updatedAt: now } })
    .returning();
  return row!;
}

export async function updateProfile(db: DbOrTx, id: string, columns: ProfileColumns) {
  const [row] = await db
    .update(businessProfiles)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(businessProfiles.id, id))
    .returning();
  return row;
}

/** The administrator's tier row points at their profile (doc 1 §3 user_tiers.businessProfileId). */
export async function linkTierRow(db: DbOrTx, userId: string, profileId: string) {
  await db.update(userTiers).set({ businessProfileId: profileId, updatedAt: new Date() }).where(eq(userTiers.userId, userId));
}

/** The pilots of a business with how many drones are assigned to each (bounded by the seat limit). */
export async function listPilots(db: DbOrTx, profileId: string) {
  const assigned = db
    .select({ pilotId: drones.assignedPilotId, n: count().as('n') })
    .from(drones)
    .where(isNull(drones.retiredAt))
    .groupBy(drones.assignedPilotId)
    .as('assigned');
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      joinedAt: sql<Date | string | null>`(select max(${pilotInvitations.acceptedAt}) from ${pilotInvitations} where ${pilotInvitations.pilotUserId} = ${users.id} and ${pilotInvitations.businessProfileId} = ${profileId})`,
      createdAt: users.createdAt,
      assignedDroneCount: assigned.n,
    })
    .from(users)
    .leftJoin(assigned, eq(assigned.pilotId, users.id))
    .where(and(eq(users.isPilot, true), eq(users.administratorBusinessId, profileId)))
    .orderBy(asc(users.email))
    .limit(PILOT_LIST_MAX);
}

export async function findPilot(db: DbOrTx, profileId: string, userId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isPilot, true), eq(users.administratorBusinessId, profileId)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ id: users.id, isPilot: users.isPilot, administratorBusinessId: users.administratorBusinessId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  return row;
}

/** Joins or leaves a business; the trigger moves pilot_count, and its check refuses seat 101. */
export async function setMembership(db: DbOrTx, userId: string, profileId: string | null) {
  await db
    .update(users)
    .set({ isPilot: profileId !== null, administratorBusinessId: profileId, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function listPendingInvitations(db: DbOrTx, profileId: string) {
  return db
    .select({ id: pilotInvitations.id, email: pilotInvitations.email, createdAt: pilotInvitations.createdAt, expiresAt: pilotInvitations.expiresAt })
    .from(pilotInvitations)
    .where(and(eq(pilotInvitations.businessProfileId, profileId), eq(pilotInvitations.status, 'pending')))
    .orderBy(asc(pilotInvitations.createdAt), asc(pilotInvitations.id))
    .limit(PENDING_INVITATIONS_MAX);
}

export async function countPendingInvitations(db: DbOrTx, profileId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(pilotInvitations)
    .where(and(eq(pilotInvitations.businessProfileId, profileId), eq(pilotInvitations.status, 'pending')));
  return row?.n ?? 0;
}

export async function findPendingInvitationFor(db: DbOrTx, profileId: string, email: string) {
  const [row] = await db
    .select()
    .from(pilotInvitations)
    .where(and(eq(pilotInvitations.businessProfileId, profileId), eq(pilotInvitations.email, email), eq(pilotInvitations.status, 'pending')))
    .limit(1)
    .for('update');
  return row;
}

export async function insertInvitation(db: DbOrTx, values: typeof pilotInvitations.$inferInsert) {
  const [row] = await db.insert(pilotInvitations).values(values).returning();
  return row!;
}

/** A re-invitation replaces the token: the earlier link stops working, so only one is ever live. */
export async function replaceInvitationToken(db: DbOrTx, id: string, tokenHash: string, expiresAt: Date, invitedBy: string) {
  const [row] = await db
    .update(pilotInvitations)
    .set({ tokenHash, expiresAt, invitedBy, createdAt: new Date() })
    .where(eq(pilotInvitations.id, id))
    .returning();
  return row!;
}

export async function findInvitationOfBusiness(db: DbOrTx, profileId: string, id: string) {
  const [row] = await db
    .select()
    .from(pilotInvitations)
    .where(and(eq(pilotInvitations.id, id), eq(pilotInvitations.businessProfileId, profileId)))
    .limit(1)
    .for('update');
  return row;
}

export async function findInvitationByTokenHash(db: DbOrTx, tokenHash: string, forUpdate = false) {
  const query = db.select().from(pilotInvitations).where(eq(pilotInvitations.tokenHash, tokenHash)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function setInvitationStatus(db: DbOrTx, id: string, status: 'accepted' | 'cancelled', pilotUserId?: string) {
  await db
    .update(pilotInvitations)
    .set(status === 'accepted' ? { status, acceptedAt: new Date(), pilotUserId: pilotUserId ?? null } : { status })
    .where(eq(pilotInvitations.id, id));
}

/** The administrator's profile, created without a name if they have none yet. */
export async function insertProfileIfMissing(db: DbOrTx, admin: { id: string; email: string }) {
  await db
    .insert(businessProfiles)
    .values({ administratorUserId: admin.id, adminEmail: admin.email, createdBy: admin.id })
    .onConflictDoNothing({ target: businessProfiles.administratorUserId });
  const row = await findProfileOfAdministrator(db, admin.id);
  return row!;
}
