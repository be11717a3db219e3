import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tier } from '../../../shared/tiers.ts';
import type { User } from '../../../shared/account.ts';
import type { Db } from '../../db/client.ts';
import { unauthorized } from '../../errors.ts';
import { findTierRow } from '../account/repo.ts';
import { effectiveTier, isStaffAccount, type StaffLists } from '../account/policy.ts';
import type { Auth } from './auth.ts';
import { toHeaders } from './web-bridge.ts';

export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  isPilot: boolean;
  administratorBusinessId: string | null;
  /** The business profile on the user's tier row, if any. */
  businessProfileId: string | null;
  createdAt: Date;
  tier: Tier;
  originalTier: Tier;
  isStaffAccount: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; null on routes that do not need a user. */
    currentUser: CurrentUser | null;
  }
}

/**
 * Reads the session (cookie or `Authorization: Bearer`) and the user's tier; null when signed out.
 * A browser's session comes from better-auth's signed session-data cookie while it is fresh (ADR 0013),
 * so only the tier row is read from the database; a renewed cookie is passed on to the reply. What the
 * server decides by (tier, pilot, business) is always read fresh.
 */
export async function resolveCurrentUser(
  auth: Auth,
  db: Db,
  staff: StaffLists,
  request: FastifyRequest,
  reply?: FastifyReply,
): Promise<CurrentUser | null> {
  const { headers, response: session } = await auth.api.getSession({ headers: toHeaders(request), returnHeaders: true });
  const setCookies = headers.getSetCookie();
  if (reply && setCookies.length > 0) {
    const existing = reply.getHeader('set-cookie');
    reply.header('set-cookie', [...(existing === undefined ? [] : [existing].flat().map(String)), ...setCookies]);
  }
  if (!session) return null;
  const u = session.user;
  const tierRow = await findTierRow(db, u.id);
  if (!tierRow) return null;
  const originalTier: Tier = tierRow.tier ?? 'basic';
  const isPilot = Boolean(tierRow.isPilot);
  const administratorBusinessId = tierRow.administratorBusinessId ?? null;
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    image: u.image ?? null,
    emailVerified: u.emailVerified,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    isPilot,
    administratorBusinessId,
    businessProfileId: tierRow.businessProfileId ?? null,
    createdAt: u.createdAt,
    tier: effectiveTier(originalTier, isPilot, administratorBusinessId),
    originalTier,
    isStaffAccount: isStaffAccount(u.email, staff),
  };
}

export function requireCurrentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw unauthorized();
  return request.currentUser;
}

/** The client's view of a user (doc 1 §3). */
export const toUserView = (u: CurrentUser): User => ({
  id: u.id,
  email: u.email,
  displayName: u.name || null,
  photoURL: u.image,
  firstName: u.firstName,
  lastName: u.lastName,
  emailVerified: u.emailVerified,
  isPilot: u.isPilot,
  administratorBusinessId: u.administratorBusinessId,
  isStaffAccount: u.isStaffAccount,
  createdAt: u.createdAt.toISOString(),
});
