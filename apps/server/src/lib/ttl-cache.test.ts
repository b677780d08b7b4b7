import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('forgets entries after their time to live and when told to', () => {
    let now = 1_000;
    const cache = new TtlCache<string, number>(100, 10, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    now += 99;
    expect(cache.get('a')).toBe(1);
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', 3);
    cache.deleteWhere((v) => v === 3);
    expect(cache.get('c')).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest', () => {
    const cache = new TtlCache<number, number>(1_000, 2, () => 0);
    cache.set(1, 1);
    cache.set(2, 2);
    cache.set(3, 3);
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(3)).toBe(3);
  });
});
