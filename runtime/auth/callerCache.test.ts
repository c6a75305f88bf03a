import { describe, expect, it } from 'vitest';
import { CallerCache } from './callerCache.ts';

describe('CallerCache', () => {
  it('keeps an entry while the change count is the one it was filled at', () => {
    const cache = new CallerCache<string>();
    cache.set('Token a', 'alice', 3, 1000);
    expect(cache.get('Token a', 3, 1001)).toBe('alice');
    expect(cache.get('Token b', 3, 1001)).toBeUndefined();
    expect(cache.get('Token a', 4, 1002)).toBeUndefined();
    // Gone for good once seen stale, even if asked again at the old count.
    expect(cache.get('Token a', 3, 1003)).toBeUndefined();
  });

  it('trusts an entry a minute at most', () => {
    const cache = new CallerCache<string>();
    cache.set('Token a', 'alice', 0, 0);
    expect(cache.get('Token a', 0, 59_999)).toBe('alice');
    expect(cache.get('Token a', 0, 60_000)).toBeUndefined();
  });

  it('starts again past its size', () => {
    const cache = new CallerCache<number>();
    for (let i = 0; i < 10_000; i++) cache.set(`Token ${i}`, i, 0, 0);
    expect(cache.size).toBe(10_000);
    cache.set('Token more', 1, 0, 0);
    expect(cache.size).toBe(1);
  });
});
