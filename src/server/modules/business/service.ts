import type { ChangeBus } from '../../db/change-bus.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { MailProvider } from '../../providers/mail/mail-provider.ts';
import {
  BUSINESS_MESSAGES as M,
  INVITATION_EXPIRY_DAYS,
  PENDING_INVITATIONS_MAX,
  type AcceptResponse,
  type BusinessProfile,
  type InvitationPreview,
  type InvitationSent,
  type PendingInvitation,
  type ProfileData,
  type SetupData,
  type Pilot,
  type SetupResponse,
} from '../../../shared/business.ts';
import { PILOT_SEATS } from '../../../shared/plans.ts';
import { sqlState } from '../drones/pg-errors.ts';
import { pilotInvitationMail } from './mails.ts';
import {
  acceptInvitationUrl,
  hashInvitationToken,
  invitationExpiry,
  isBusinessAdministrator,
  newInvitationToken,
  pilotBusinessOf,
  type BusinessCaller,
} from './policy.ts';
import { accessChanged } from '../account/access-cache.ts';
import * as repo from './repo.ts';
import type { SeatBilling } from '../billing/seats.ts';


const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

const notAdministrator = () => new AppError(403, 'NOT_BUSINESS_ADMIN', M.notBusinessAdmin);
const seatsFull = () => new AppError(409, 'PILOT_SEATS_FULL', M.seatsFull);
const invalidToken = () => new AppError(404, 'INVITATION_INVALID', M.serverInvalidToken);
const alreadyProcessed = () => new AppError(409, 'INVITATION_PROCESSED', M.serverAlreadyProcessed);
const expired = () => new AppError(410, 'INVITATION_EXPIRED', M.expired);

function toProfileView(row: repo.ProfileRow, isAdministrator: boolean): BusinessProfile {
  return {
    id: row.id,
    companyName: row.companyName,
    adminEmail: row.adminEmail,
    hasBusinessProfile: true,
    isKnowledgeBaseSetup: row.isKnowledgeBaseSetup,
    knowledgeBaseSetup: row.isKnowledgeBaseSetup,
    industry: row.industry,
    description: row.description,
    website: row.website,
    pilotCount: row.pilotCount,
    isAdministrator,
  };
}

/** The invitation's own state, checked the same way by the preview and by the acceptance. */
function assertUsable(invitation: repo.InvitationRow | undefined, now: Date): asserts invitation is repo.InvitationRow {
  if (!invitation) throw invalidToken();
  if (invitation.status !== 'pending') throw alreadyProcessed();
  if (invitation.expiresAt.getTime() <= now.getTime()) throw expired();
}

/**
 * Business profile, pilots and invitations (doc 2 §2–§9; ADR 0020). Every change to a business's team
 * runs with the profile's row locked (profile → invitation → user, always in that order), so the seat
 * limit and the one-live-token rule hold across processes; the database's trigger and check are the
 * backstop. E-mail goes out after the commit, never inside a transaction.
 */
export function createBusinessService(deps: {
  db: Db;
  changes: ChangeBus;
  mail: MailProvider;
  publicUrl: string;
  log: (msg: string, err: unknown) => void;
  /** Extra seats billed on the administrator's subscription: marked in the transaction, sent after it. */
  seats: Pick<SeatBilling, 'markChanged' | 'sync'>;
}) {
  const { db, mail } = deps;
  /** After the commit: the user's tier, membership or business changed (ADR 0016). */
  const changed = (userId: string) => accessChanged(deps.changes, userId);

  async function administeredProfile(caller: BusinessCaller) {
    if (!isBusinessAdministrator(caller)) throw notAdministrator();
    return repo.findProfileOfAdministrator(db, caller.id);
  }

  /** An administrator who invites before completing the setup gets an unnamed profile (the modal still asks for the name). */
  async function ensureProfile(caller: BusinessCaller) {
    const existing = await administeredProfile(caller);
    if (existing) return existing;
    const row = await db.transaction(async (tx) => {
      const row = await repo.insertProfileIfMissing(tx, caller);
      await repo.linkTierRow(tx, caller.id, row.id);
      return row;
    });
    await changed(caller.id);
    return row;
  }

  async function invite(caller: BusinessCaller, email: string): Promise<InvitationSent> {
    if (email === caller.email.toLowerCase()) throw new AppError(400, 'CANNOT_INVITE_SELF', M.cannotInviteSelf);
    const profile = await ensureProfile(caller);
    const invitee = await repo.findUserByEmail(db, email);
    if (invitee?.isPilot && invitee.administratorBusinessId === profile.id) throw new AppError(409, 'ALREADY_PILOT', M.alreadyPilotHere);

    const token = newInvitationToken();
    const now = new Date();
    const expiresAt = invitationExpiry(now, INVITATION_EXPIRY_DAYS);
    const { row, replaced, locked } = await db.transaction(async (tx) => {
      const locked = await repo.findProfile(tx, profile.id, true);
      if (!locked) throw notFound('Business profile');
      if (locked.pilotCount >= PILOT_SEATS.maxPilots) throw seatsFull();
      const pending = await repo.findPendingInvitationFor(tx, profile.id, email);
      if (pending) {
        return { row: await repo.replaceInvitationToken(tx, pending.id, hashInvitationToken(token), expiresAt, caller.id), replaced: true, locked };
      }
      if ((await repo.countPendingInvitations(tx, profile.id)) >= PENDING_INVITATIONS_MAX) {
        throw new AppError(409, 'TOO_MANY_PENDING', `You have ${PENDING_INVITATIONS_MAX} pending invitations. Cancel some before inviting more.`);
      }
      const row = await repo.insertInvitation(tx, {
        email,
        businessProfileId: profile.id,
        tokenHash: hashInvitationToken(token),
        expiresAt,
        invitedBy: caller.id,
      });
      return { row, replaced: false, locked };
    });

    try {
      await mail.send(
        pilotInvitationMail({ to: email, url: acceptInvitationUrl(deps.publicUrl, token), companyName: locked.companyName, inviterEmail: caller.email, expiresAt }),
      );
    } catch (error) {
      // An invitation nobody received must not stay live: the token only ever existed in the lost mail.
      deps.log('pilot invitation mail failed', error);
      await repo.setInvitationStatus(db, row.id, 'cancelled');
      throw new AppError(502, 'INVITATION_MAIL_FAILED', M.mailFailed);
    }
    return { id: row.id, email: row.email, createdAt: iso(row.createdAt), expiresAt: iso(row.expiresAt), replaced };
  }

  return {
    async current(caller: BusinessCaller): Promise<BusinessProfile> {
      const seatedIn = pilotBusinessOf(caller);
      if (seatedIn) {
        const row = await repo.findProfile(db, seatedIn);
        if (row) return toProfileView(row, false);
      }
      if (!isBusinessAdministrator(caller)) throw new AppError(403, 'NOT_BUSINESS', M.setupNotAllowed);
      const row = await repo.findProfileOfAdministrator(db, caller.id);
      if (row) return toProfileView(row, true);
      return {
        id: null,
        companyName: null,
        adminEmail: caller.email,
        hasBusinessProfile: false,
        isKnowledgeBaseSetup: false,
        knowledgeBaseSetup: false,
        industry: null,
        description: null,
        website: null,
        pilotCount: 0,
        isAdministrator: true,
      };
    },

    async setup(caller: BusinessCaller, input: SetupData): Promise<SetupResponse> {
      if (!isBusinessAdministrator(caller)) throw new AppError(403, 'NOT_BUSINESS_ADMIN', M.setupNotAllowed);
      const { teamMembers, ...columns } = input;
      await db.transaction(async (tx) => {
        const row = await repo.upsertProfile(tx, caller, columns);
        await repo.linkTierRow(tx, caller.id, row.id);
      });
      await changed(caller.id);
      const invited: InvitationSent[] = [];
      const notInvited: SetupResponse['notInvited'] = [];
      // One by one, each committed and mailed on its own: one bad address does not undo the profile.
      for (const member of teamMembers) {
        try {
          invited.push(await invite(caller, member.email));
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          notInvited.push({ email: member.email, message: error.message });
        }
      }
      const profile = await repo.findProfileOfAdministrator(db, caller.id);
      if (!profile) throw notFound('Business profile');
      return { profile: toProfileView(profile, true), invited, notInvited };
    },

    async update(caller: BusinessCaller, input: ProfileData): Promise<BusinessProfile> {
      const existing = await administeredProfile(caller);
      if (!existing) throw notFound('Business profile');
      const row = await repo.updateProfile(db, existing.id, input);
      if (!row) throw notFound('Business profile');
      return toProfileView(row, true);
    },

    async listPilots(caller: BusinessCaller): Promise<Pilot[]> {
      const profile = await administeredProfile(caller);
      if (!profile) return [];
      const rows = await repo.listPilots(db, profile.id);
      return rows.map((r) => ({
        id: r.id,
        displayName: r.name || null,
        email: r.email,
        createdAt: iso(r.joinedAt ?? r.createdAt),
        assignedDroneCount: Number(r.assignedDroneCount ?? 0),
      }));
    },

    async listPending(caller: BusinessCaller): Promise<PendingInvitation[]> {
      const profile = await administeredProfile(caller);
      if (!profile) return [];
      const rows = await repo.listPendingInvitations(db, profile.id);
      return rows.map((r) => ({ id: r.id, email: r.email, createdAt: iso(r.createdAt), expiresAt: iso(r.expiresAt) }));
    },

    invite,

    async cancel(caller: BusinessCaller, id: string) {
      const profile = await administeredProfile(caller);
      if (!profile) throw notFound('Invitation');
      await db.transaction(async (tx) => {
        await repo.findProfile(tx, profile.id, true);
        const invitation = await repo.findInvitationOfBusiness(tx, profile.id, id);
        if (!invitation) throw notFound('Invitation');
        if (invitation.status !== 'pending') throw alreadyProcessed();
        await repo.setInvitationStatus(tx, id, 'cancelled');
      });
      return { success: true as const, message: 'Invitation cancelled' };
    },

    async removePilot(caller: BusinessCaller, pilotId: string) {
      const profile = await administeredProfile(caller);
      if (!profile) throw notFound('Pilot');
      await db.transaction(async (tx) => {
        await repo.findProfile(tx, profile.id, true);
        if (!(await repo.findPilot(tx, profile.id, pilotId))) throw notFound('Pilot');
        await repo.setMembership(tx, pilotId, null);
        await deps.seats.markChanged(tx, profile.id);
      });
      await changed(pilotId);
      // After the commit: Stripe learns the smaller team (a failure stays marked and is retried).
      await deps.seats.sync(profile.id);
      return { success: true as const, message: 'Pilot removed' };
    },

    async preview(token: string): Promise<InvitationPreview> {
      const invitation = await repo.findInvitationByTokenHash(db, hashInvitationToken(token));
      assertUsable(invitation, new Date());
      const profile = await repo.findProfile(db, invitation.businessProfileId);
      return { companyName: profile?.companyName ?? null, email: invitation.email, expiresAt: iso(invitation.expiresAt) };
    },

    async accept(caller: BusinessCaller, token: string): Promise<AcceptResponse> {
      const tokenHash = hashInvitationToken(token);
      const first = await repo.findInvitationByTokenHash(db, tokenHash);
      assertUsable(first, new Date());
      if (first.email !== caller.email.toLowerCase()) {
        throw new AppError(403, 'INVITATION_OTHER_ADDRESS', `This invitation was sent to ${first.email}. Sign in with that address to accept it.`);
      }
      let accepted: AcceptResponse;
      try {
        accepted = await db.transaction(async (tx) => {
          const profile = await repo.findProfile(tx, first.businessProfileId, true);
          const invitation = await repo.findInvitationByTokenHash(tx, tokenHash, true);
          // Read again under the locks: a cancel, a re-invite or another accept may have come first.
          assertUsable(invitation, new Date());
          if (!profile || !profile.isActive) throw invalidToken();
          const me = await repo.findUserByEmail(tx, invitation.email);
          if (!me || me.id !== caller.id) throw invalidToken();
          if (me.isPilot && me.administratorBusinessId && me.administratorBusinessId !== profile.id) {
            throw new AppError(409, 'PILOT_ELSEWHERE', M.pilotElsewhere);
          }
          if (await repo.findProfileOfAdministrator(tx, caller.id)) throw new AppError(409, 'ADMIN_CANNOT_BE_PILOT', M.adminCannotBePilot);
          const seatedHere = me.isPilot && me.administratorBusinessId === profile.id;
          if (!seatedHere) {
            if (profile.pilotCount >= PILOT_SEATS.maxPilots) throw seatsFull();
            await repo.setMembership(tx, caller.id, profile.id);
            await deps.seats.markChanged(tx, profile.id);
          }
          await repo.setInvitationStatus(tx, invitation.id, 'accepted', caller.id);
          const business = profile.companyName ?? profile.adminEmail;
          return { success: true as const, message: `Welcome to ${business}! You are now a pilot with the business plan.`, businessProfileId: profile.id, companyName: profile.companyName };
        });
      } catch (error) {
        // The check on pilot_count (0..100) is the last word should a path ever skip the lock.
        if (sqlState(error) === '23514') throw seatsFull();
        throw error;
      }
      // After the commit: this process's caches and every other process's drop the new pilot's access,
      // and a pilot beyond the included seats is billed on the same subscription.
      await changed(caller.id);
      await deps.seats.sync(accepted.businessProfileId);
      return accepted;
    },
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;
