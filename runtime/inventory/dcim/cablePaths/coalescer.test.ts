import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.ts';

describe('Coalescer', () => {
  it('fetches the keys asked for in one turn together, once each, and remembers the answers', async () => {
    const batches: string[][] = [];
    const squares = new Coalescer<number>(async (keys) => (batches.push(keys), new Map(keys.map((k) => [k, Number(k) ** 2]))));
    // Three "paths" each asking for two values, one after the other.
    const walk = async (start: number) => [await squares.load(String(start)), await squares.load(String(start + 10))];
    expect(await Promise.all([walk(1), walk(2), walk(1)])).toEqual([[1, 121], [4, 144], [1, 121]]);
    expect(batches).toEqual([['1', '2'], ['11', '12']]);
    expect(await squares.load('2')).toBe(4);
    expect(batches).toHaveLength(2);
  });

  it('answers undefined for what the fetch did not find, and passes a failed fetch to every waiter', async () => {
    const none = new Coalescer<number>(async () => new Map());
    expect(await none.loadMany(['a', 'b'])).toEqual([undefined, undefined]);
    const broken = new Coalescer<number>(async () => { throw new Error('down'); });
    await expect(Promise.all([broken.load('a'), broken.load('b')])).rejects.toThrow('down');
  });
});
