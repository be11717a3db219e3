import type { FastifyRequest } from 'fastify';
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

/** Reads the session (cookie or `Authorization: Bearer`) and the user's tier; null when signed out. */
export async function resolveCurrentUser(auth: Auth, db: Db, staff: StaffLists, request: FastifyRequest): Promise<CurrentUser | null> {
  const session = await auth.api.getSession({ headers: toHeaders(request) });
  if (!session) return null;
  const u = session.user;
  const tierRow = await findTierRow(db, u.id);
  const originalTier: Tier = tierRow?.tier ?? 'basic';
  const isPilot = Boolean(u.isPilot);
  const administratorBusinessId = u.administratorBusinessId ?? null;
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
