import { describe, expect, it } from 'vitest';
import { firstFree, freeSpans } from './freeNumbers.ts';

async function* stream(numbers: number[]) {
  yield* numbers;
}

describe('free numbers of a span', () => {
  it('lists the first free numbers around the taken ones', async () => {
    expect(await firstFree({ first: 10, last: 20 }, stream([10, 11, 13, 20]), 5)).toEqual([12, 14, 15, 16, 17]);
    expect(await firstFree({ first: 10, last: 20 }, stream([10, 11, 13, 20]), 50)).toEqual([12, 14, 15, 16, 17, 18, 19]);
  });
  it('ignores repeats and numbers outside the span, and never lists a four-billion span', async () => {
    expect(await firstFree({ first: 1, last: 4294967295 }, stream([0, 1, 1, 2, 5]), 3)).toEqual([3, 4, 6]);
    expect(await firstFree({ first: 4294967290, last: 4294967295 }, stream([4294967290, 4294967291, 4294967292, 4294967293, 4294967294, 4294967295]), 3)).toEqual([]);
    expect(await firstFree({ first: 1, last: 5 }, stream([]), 0)).toEqual([]);
  });
  it('gives the free intervals', () => {
    expect(freeSpans({ first: 1, last: 10 }, [1, 4, 5, 10])).toEqual([{ first: 2, last: 3 }, { first: 6, last: 9 }]);
    expect(freeSpans({ first: 1, last: 4294967295 }, [])).toEqual([{ first: 1, last: 4294967295 }]);
  });
});
