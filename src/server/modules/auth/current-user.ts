import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Tier } from '../../../shared/tiers.ts';
import type { User } from '../../../shared/account.ts';
import { unauthorized } from '../../errors.ts';
import type { AccessCache, SessionAccess } from '../account/access-cache.ts';
import { effectiveTier, isStaffAccount, type StaffLists } from '../account/policy.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, type Auth } from './auth.ts';
import { sessionTokenOf } from './session-token.ts';
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

/** How better-auth decides a session is due to be extended (its getSession's rule). */
function refreshDue(expiresAt: Date, now: number): boolean {
  return expiresAt.getTime() - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
}

function toCurrentUser({ user, access }: SessionAccess, staff: StaffLists): CurrentUser {
  const originalTier: Tier = access.tier ?? 'basic';
  return {
    ...user,
    isPilot: access.isPilot,
    administratorBusinessId: access.administratorBusinessId,
    businessProfileId: access.businessProfileId,
    tier: effectiveTier(originalTier, access.isPilot, access.administratorBusinessId),
    originalTier,
    isStaffAccount: isStaffAccount(user.email, staff),
  };
}

export type CurrentUserResolver = (request: FastifyRequest, reply?: FastifyReply) => Promise<CurrentUser | null>;

/**
 * Reads the session (cookie or `Authorization: Bearer`) and what its user may do; null when signed out
 * (ADR 0016). The token's signature is checked here and the session, user and tier come from the
 * per-process access cache: no database round trip while the entry is fresh. better-auth itself is
 * asked only when its own rules have work to do: a session due to be extended (its cookie is renewed on
 * the reply), one that is gone or expired (it clears the cookies), or a token form this reader leaves to it.
 */
export function createCurrentUserResolver(auth: Auth, access: AccessCache, staff: StaffLists): CurrentUserResolver {
  const cookie = auth.$context.then((ctx) => ({ name: ctx.authCookies.sessionToken.name, secret: ctx.secret }));
  /** Sessions better-auth was just asked about and did not extend (it never extends some): not asked again while cached. */
  const leftAsIs = new WeakSet<SessionAccess>();

  async function askBetterAuth(request: FastifyRequest, reply?: FastifyReply): Promise<CurrentUser | null> {
    const { headers, response } = await auth.api.getSession({ headers: toHeaders(request), query: { disableCookieCache: true }, returnHeaders: true });
    const setCookies = headers.getSetCookie();
    if (reply && setCookies.length > 0) {
      const existing = reply.getHeader('set-cookie');
      reply.header('set-cookie', [...(existing === undefined ? [] : [existing].flat().map(String)), ...setCookies]);
    }
    if (!response) return null;
    access.forget(response.session.token);
    const entry = await access.get(response.session.token);
    if (!entry) return null;
    leftAsIs.add(entry);
    return toCurrentUser(entry, staff);
  }

  return async (request, reply) => {
    const { name, secret } = await cookie;
    const found = sessionTokenOf(request.headers, name, secret);
    if (found === null) return null;
    if (found === 'ask-better-auth') return askBetterAuth(request, reply);
    const entry = await access.get(found.token);
    const now = Date.now();
    if (!entry || entry.session.expiresAt.getTime() <= now || (refreshDue(entry.session.expiresAt, now) && !leftAsIs.has(entry))) {
      return askBetterAuth(request, reply);
    }
    return toCurrentUser(entry, staff);
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
