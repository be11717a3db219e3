import { ALL_KEYS, type ChangeBus } from '../../db/change-bus.ts';
import type { Tier } from '../../../shared/tiers.ts';
import { createBusCache, type BusCache } from '../../lib/bus-cache.ts';
import type { CurrentUser } from '../auth/current-user.ts';

/**
 * The per-process cache of signed-in sessions and what their users may do (ADR 0016).
 *
 * The contract, which other caches and multi-process deployments build on:
 * - An entry is trusted for at most ACCESS_CACHE_SECONDS (60 s) after it was read, whatever happens: that
 *   is the bound on how late any change is seen by any process, even one that heard nothing.
 * - Whoever changes a user's session, tier, pilot membership, business or profile calls `accessChanged`
 *   after the write commits. In this process the entries are dropped before it resolves (the change
 *   applies to the very next request); other processes sharing the PostgreSQL database drop theirs when
 *   the NOTIFY arrives (milliseconds), and all of them after a LISTEN gap (the bus sends ALL_KEYS).
 * - A change the product does not make (SQL typed by an operator) is seen within the 60 s.
 */
export const USER_ACCESS_TOPIC = 'user-access';
export const ACCESS_CACHE_SECONDS = 60;
/** Enough for every session active in a minute on one process; past it the oldest entries go first. */
const MAX_ENTRIES = 50_000;

/** A live session row with its user and what the user may do, as one query reads them. */
export interface SessionAccess {
  session: { token: string; userId: string; expiresAt: Date };
  user: Pick<CurrentUser, 'id' | 'email' | 'name' | 'image' | 'emailVerified' | 'firstName' | 'lastName'> & { createdAt: Date };
  /** The stored tier (null without a tier row), pilot membership and business, as the database holds them. */
  access: { tier: Tier | null; isPilot: boolean; administratorBusinessId: string | null; businessProfileId: string | null };
}

/** The session of a token with its user and access: from this process's cache, else one query; null if there is none. */
export type AccessCache = BusCache<SessionAccess>;

/** For a change that touches users nobody listed (a bulk update): every process drops every entry. */
export const accessChangedForEveryone = (changes: ChangeBus) => accessChanged(changes, ALL_KEYS);

/**
 * Tells every process that `userId`'s session, tier or membership changed. Never throws: the write it
 * follows has committed, this process's entries are dropped before the NOTIFY is sent, and a process
 * that misses it still sees the change within ACCESS_CACHE_SECONDS.
 */
export async function accessChanged(changes: ChangeBus, userId: string): Promise<void> {
  try {
    await changes.publish(USER_ACCESS_TOPIC, userId);
  } catch (error) {
    console.error(`access cache: could not tell other processes that user ${userId} changed (${error instanceof Error ? error.message : String(error)}); they see it within ${ACCESS_CACHE_SECONDS} s.`);
  }
}

/**
 * The cache of sessions by token; a change published under a user id drops all of that user's sessions.
 * `read` is the one query behind a miss (repo.findSessionAccess in the app).
 */
export function createAccessCache(
  read: (token: string) => Promise<SessionAccess | null>,
  changes: ChangeBus,
  opts: { now?: () => number; maxEntries?: number } = {},
): AccessCache {
  return createBusCache({
    topic: USER_ACCESS_TOPIC,
    changes,
    read,
    ownerOf: (_token, value) => value.session.userId,
    ttlMs: ACCESS_CACHE_SECONDS * 1000,
    maxEntries: opts.maxEntries ?? MAX_ENTRIES,
    ...(opts.now ? { now: opts.now } : {}),
  });
}
