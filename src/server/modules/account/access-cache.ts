import { ALL_KEYS, type ChangeBus } from '../../db/change-bus.ts';
import type { Tier } from '../../../shared/tiers.ts';

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
  user: {
    id: string;
    email: string;
    name: string;
    image: string | null;
    emailVerified: boolean;
    firstName: string | null;
    lastName: string | null;
    createdAt: Date;
  };
  /** The stored tier (null without a tier row), pilot membership and business, as the database holds them. */
  access: { tier: Tier | null; isPilot: boolean; administratorBusinessId: string | null; businessProfileId: string | null };
}

export interface AccessCache {
  /** The session of `token` with its user and access: from this process's cache, else one query; null if there is none. */
  get(token: string): Promise<SessionAccess | null>;
  /** Drops one session (better-auth just extended or ended it here). */
  forget(token: string): void;
  /** Stops listening for changes (the app is closing). */
  close(): void;
  readonly size: number;
}

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

interface Entry {
  value: SessionAccess;
  loadedAt: number;
}

/**
 * `read` is the one query behind a miss (repo.findSessionAccess in the app). Concurrent misses of one
 * token share a single read.
 */
export function createAccessCache(
  read: (token: string) => Promise<SessionAccess | null>,
  changes: ChangeBus,
  opts: { now?: () => number; maxEntries?: number } = {},
): AccessCache {
  const now = opts.now ?? Date.now;
  const maxEntries = opts.maxEntries ?? MAX_ENTRIES;
  const ttl = ACCESS_CACHE_SECONDS * 1000;
  const entries = new Map<string, Entry>();
  const tokensOf = new Map<string, Set<string>>();
  const loading = new Map<string, Promise<SessionAccess | null>>();
  /** Bumped by every change heard: a read that began before it is answered but never stored. */
  let generation = 0;

  function remove(token: string) {
    const entry = entries.get(token);
    if (!entry) return;
    entries.delete(token);
    const tokens = tokensOf.get(entry.value.session.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOf.delete(entry.value.session.userId);
  }

  function store(token: string, value: SessionAccess) {
    remove(token);
    entries.set(token, { value, loadedAt: now() });
    let tokens = tokensOf.get(value.session.userId);
    if (!tokens) tokensOf.set(value.session.userId, (tokens = new Set()));
    tokens.add(token);
    // Maps iterate in insertion order: the first key is the oldest entry.
    while (entries.size > maxEntries) remove(entries.keys().next().value!);
  }

  const unsubscribe = changes.subscribe(USER_ACCESS_TOPIC, (userId) => {
    generation += 1;
    // A read in flight may have seen the database before the change: later callers must not join it.
    loading.clear();
    if (userId === ALL_KEYS) {
      entries.clear();
      tokensOf.clear();
      return;
    }
    for (const token of tokensOf.get(userId) ?? []) entries.delete(token);
    tokensOf.delete(userId);
  });

  function load(token: string): Promise<SessionAccess | null> {
    const startedAt = generation;
    const reading = read(token).then(
      (value) => {
        if (loading.get(token) === reading) loading.delete(token);
        if (value && startedAt === generation) store(token, value);
        return value;
      },
      (error: unknown) => {
        if (loading.get(token) === reading) loading.delete(token);
        throw error;
      },
    );
    loading.set(token, reading);
    return reading;
  }

  return {
    async get(token) {
      const entry = entries.get(token);
      if (entry && now() - entry.loadedAt < ttl) return entry.value;
      if (entry) remove(token);
      return loading.get(token) ?? load(token);
    },
    forget: remove,
    close: unsubscribe,
    get size() {
      return entries.size;
    },
  };
}
