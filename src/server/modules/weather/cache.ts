/**
 * A small per-process cache of public weather data (ADR 0050): entries live `ttlMs`, at most
 * `maxEntries` are kept (the least recently used go first), and concurrent misses for one key share a
 * single outside call. Failures are not cached, so the next request tries the provider again.
 */
export interface TtlCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
  clear(): void;
}

export function createTtlCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache<T> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { value: T; expires: number }>();
  const inflight = new Map<string, Promise<T>>();

  return {
    async get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      if (hit) entries.delete(key);
      const pending = inflight.get(key);
      if (pending) return pending;
      const promise = load().then(
        (value) => {
          entries.set(key, { value, expires: now() + options.ttlMs });
          while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
          return value;
        },
      );
      inflight.set(key, promise);
      try {
        return await promise;
      } finally {
        inflight.delete(key);
      }
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
