/**
 * The free-space arithmetic a prefix write applies to its containers: outside the positions it
 * wrote a container keeps what it had, inside them it takes what is covered now.
 */
import { describe, expect, it } from 'vitest';
import { intervalOf, parseNetwork } from '../shared/ipSpace.ts';
import { blocksOf, replaceRegions, storedFree } from './freeSpace.ts';

const interval = (cidr: string) => intervalOf(parseNetwork(cidr)!);

describe('the stored free space', () => {
  it('is the fewest CIDR blocks, ascending, and reads back as merged intervals', () => {
    const free = [interval('10.0.0.128/25'), interval('10.0.0.0/25'), interval('10.0.2.0/24')];
    expect(blocksOf(free, 4)).toEqual(['10.0.0.0/24', '10.0.2.0/24']);
    expect(storedFree(['10.0.0.0/25', '10.0.0.128/25'])).toEqual([interval('10.0.0.0/24')]);
    expect(storedFree(['2001:db8::/33'])).toEqual([interval('2001:db8::/33')]);
    expect(storedFree(null)).toBeNull();
    expect(blocksOf([], 6)).toEqual([]);
  });

  it('takes a created child out, and gives a deleted one back less what still covers it', () => {
    const whole = [interval('10.0.0.0/16')];
    const taken = replaceRegions(whole, [{ region: interval('10.0.1.0/24'), covered: [interval('10.0.1.0/24')] }]);
    expect(blocksOf(taken, 4)).toEqual(['10.0.0.0/24', '10.0.2.0/23', '10.0.4.0/22', '10.0.8.0/21', '10.0.16.0/20', '10.0.32.0/19', '10.0.64.0/18', '10.0.128.0/17']);
    // The /24 goes, but a /26 inside it stays: the rest of the /24 is free again.
    const back = replaceRegions(taken, [{ region: interval('10.0.1.0/24'), covered: [interval('10.0.1.64/26')] }]);
    expect(blocksOf(back, 4)).toEqual(['10.0.0.0/24', '10.0.1.0/26', '10.0.1.128/25', '10.0.2.0/23', '10.0.4.0/22', '10.0.8.0/21', '10.0.16.0/20', '10.0.32.0/19', '10.0.64.0/18', '10.0.128.0/17']);
    expect(blocksOf(replaceRegions(back, [{ region: interval('10.0.1.0/24'), covered: [] }]), 4)).toEqual(['10.0.0.0/16']);
  });

  it('leaves the space outside the regions as it was, even where it looks covered', () => {
    // A region only says what is true inside it: a block outside keeps its state.
    const free = [interval('10.0.0.0/24'), interval('10.0.3.0/24')];
    const after = replaceRegions(free, [{ region: interval('10.0.1.0/24'), covered: [] }, { region: interval('10.0.3.0/25'), covered: [interval('10.0.3.0/25')] }]);
    expect(blocksOf(after, 4)).toEqual(['10.0.0.0/23', '10.0.3.128/25']);
  });
});

describe('replaceRegions', () => {
  it('takes regions out of many free intervals at once, at their edges and inside them', () => {
    const free = [interval('10.0.0.0/24'), interval('10.0.2.0/24'), interval('10.0.4.0/22')];
    const regions = ['10.0.0.0/26', '10.0.2.128/25', '10.0.4.0/24', '10.0.6.64/26', '10.0.9.0/24'].map((cidr) => ({ region: interval(cidr), covered: [interval(cidr)] }));
    expect(blocksOf(replaceRegions(free, regions), 4)).toEqual(['10.0.0.64/26', '10.0.0.128/25', '10.0.2.0/25', '10.0.5.0/24', '10.0.6.0/26', '10.0.6.128/25', '10.0.7.0/24']);
  });
});
