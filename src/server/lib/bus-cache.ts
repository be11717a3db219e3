import { ALL_KEYS, type ChangeBus } from '../db/change-bus.ts';

/**
 * A per-process read cache kept honest by the change bus (ADR 0016):
 * - an entry is trusted for at most `ttlMs` after it was read, whatever happens (the bound on how late a
 *   change is seen by a process that heard nothing);
 * - a publish on `topic` with an owner's key drops every entry of that owner, in this process before
 *   `publish` resolves and in the others when the NOTIFY arrives; ALL_KEYS drops everything;
 * - concurrent misses of one key share one read, and a read that was in flight when a change was heard
 *   is answered to its callers but never stored (it may have seen the database before the change).
 * `null` (nothing found) is never cached. At most `maxEntries` are kept; the oldest go first.
 */
export interface BusCache<V> {
  get(key: string): Promise<V | null>;
  /** Drops one key (this process knows it just changed). */
  forget(key: string): void;
  /** Stops listening (the app is closing). */
  close(): void;
  readonly size: number;
}

export interface BusCacheOptions<V> {
  topic: string;
  changes: ChangeBus;
  read: (key: string) => Promise<V | null>;
  /** The bus key a change to this entry is published under (the key itself when omitted). */
  ownerOf?: (key: string, value: V) => string;
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}

export function createBusCache<V>(opts: BusCacheOptions<V>): BusCache<V> {
  const now = opts.now ?? Date.now;
  const ownerOf = opts.ownerOf ?? ((key: string) => key);
  const entries = new Map<string, { value: V; owner: string; readAt: number }>();
  const keysOf = new Map<string, Set<string>>();
  const reading = new Map<string, Promise<V | null>>();
  /** Bumped by every change heard. */
  let generation = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOf.get(entry.owner);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.owner);
  }

  function store(key: string, value: V, readAt: number) {
    remove(key);
    const owner = ownerOf(key, value);
    entries.set(key, { value, owner, readAt });
    let keys = keysOf.get(owner);
    if (!keys) keysOf.set(owner, (keys = new Set()));
    keys.add(key);
    // Maps iterate in insertion order: the first key is the oldest entry.
    while (entries.size > opts.maxEntries) remove(entries.keys().next().value!);
  }

  const unsubscribe = opts.changes.subscribe(opts.topic, (owner) => {
    generation += 1;
    // A read in flight may have seen the database before the change: later callers must not join it.
    reading.clear();
    if (owner === ALL_KEYS) {
      entries.clear();
      keysOf.clear();
      return;
    }
    for (const key of keysOf.get(owner) ?? []) entries.delete(key);
    keysOf.delete(owner);
  });

  function load(key: string): Promise<V | null> {
    const startedAt = generation;
    // The entry's age counts from before the read, so it is never trusted longer than ttlMs after the data was.
    const readAt = now();
    const read: Promise<V | null> = opts.read(key).then(
      (value) => {
        if (reading.get(key) === read) reading.delete(key);
        if (value !== null && startedAt === generation) store(key, value, readAt);
        return value;
      },
      (error: unknown) => {
        if (reading.get(key) === read) reading.delete(key);
        throw error;
      },
    );
    reading.set(key, read);
    return read;
  }

  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry && now() - entry.readAt < opts.ttlMs) return entry.value;
      if (entry) remove(key);
      return reading.get(key) ?? load(key);
    },
    forget: remove,
    close: unsubscribe,
    get size() {
      return entries.size;
    },
  };
}
