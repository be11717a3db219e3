import { describe, expect, it } from 'vitest';
import { createTtlCache } from './cache.ts';

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('TTL cache', () => {
  it('serves a value until it expires, then loads again', async () => {
    const c = clock();
    const cache = createTtlCache<number>({ ttlMs: 300_000, maxEntries: 10, now: c.now });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    c.advance(299_999);
    expect(await cache.get('a', load)).toBe(1);
    c.advance(1);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const load = async () => {
      loads++;
      await gate;
      return 'v';
    };
    const all = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    release();
    expect(await all).toEqual(['v', 'v', 'v']);
    expect(loads).toBe(1);
  });

  it('does not cache a failure', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'up')).toBe('up');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const cache = createTtlCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await cache.get('a', async () => 'a');
    await cache.get('b', async () => 'b');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'reloaded')).toBe('a');
    expect(await cache.get('b', async () => 'reloaded')).toBe('reloaded');
  });
});
