/**
 * Unit tests of the ipam arithmetic: parsing as netaddr parses, interval difference, CIDR
 * decomposition, NetBox's compressed range names, prefix allocation, free VIDs and VID ranges.
 */
import { describe, expect, it } from 'vitest';
import { allocatePrefixes, freeBlocks } from '../addressing/availablePrefixes.ts';
import { usableSpan } from '../addressing/availableIps.ts';
import { availableVids } from '../vlans/availableVlans.ts';
import { ipRangeName } from '../addressing/ipRangeRules.ts';
import { cidrsOf, formatNetwork, intervalOf, networkOf, parseAddress, parseNetwork, subtract } from './ipSpace.ts';
import { rangesText, vidRangesError } from '../vlans/vlanGroupRules.ts';

const net = (text: string) => parseNetwork(text)!;

describe('parsing', () => {
  it('takes four-part IPv4 and IPv6 addresses, with a length or a netmask, and refuses the rest', () => {
    expect(parseAddress('10.0.0.1')).toEqual({ family: 4, value: 0x0a000001n });
    expect(parseAddress('2001:db8::1')?.family).toBe(6);
    for (const bad of ['10', '10.0.1', '010.0.0.1', '10.0.0.256', 'fe80::1%eth0', 'x', '']) expect(parseAddress(bad)).toBeNull();
    expect(net('10.0.0.5/24')).toMatchObject({ family: 4, length: 24 });
    expect(net('10.0.0.0/255.255.0.0').length).toBe(16);
    expect(net('10.0.0.1').length).toBe(32);
    expect(net('::1').length).toBe(128);
    for (const bad of ['10.0.0.0/33', '10.0.0.0/255.0.255.0', '10.0.0.0/8/8', '2001:db8::/129']) expect(parseNetwork(bad)).toBeNull();
  });

  it('clears host bits and prints as netaddr does', () => {
    expect(formatNetwork(networkOf(net('10.1.2.3/8')))).toBe('10.0.0.0/8');
    expect(formatNetwork(networkOf(net('2001:DB8:0:0::1/32')))).toBe('2001:db8::/32');
  });
});

describe('intervals', () => {
  it('subtracts overlapping and adjacent intervals', () => {
    expect(subtract({ first: 0n, last: 99n }, [{ first: 10n, last: 19n }, { first: 15n, last: 29n }, { first: 90n, last: 120n }])).toEqual([
      { first: 0n, last: 9n },
      { first: 30n, last: 89n },
    ]);
    expect(subtract({ first: 0n, last: 9n }, [{ first: 0n, last: 9n }])).toEqual([]);
  });

  it('covers an interval with the fewest aligned CIDR blocks', () => {
    const blocks = cidrsOf({ first: intervalOf(net('10.0.0.1')).first, last: intervalOf(net('10.0.0.6')).first }, 4).map(formatNetwork);
    expect(blocks).toEqual(['10.0.0.1/32', '10.0.0.2/31', '10.0.0.4/31', '10.0.0.6/32']);
    expect(cidrsOf(intervalOf(net('::/0')), 6).map(formatNetwork)).toEqual(['::/0']);
  });
});

describe('available prefixes', () => {
  it('lists a prefix minus its children', () => {
    expect(freeBlocks(net('10.0.0.0/22'), [net('10.0.1.0/24')]).map(formatNetwork)).toEqual(['10.0.0.0/24', '10.0.2.0/23']);
  });

  it('allocates from the first block large enough, without overlaps, and null when nothing fits', () => {
    const parent = net('10.0.0.0/22');
    const free = freeBlocks(parent, [net('10.0.0.0/25')]);
    const allocated = allocatePrefixes(parent, free, [24, 25, 26, 21]);
    expect(allocated.map((n) => n && formatNetwork(n))).toEqual(['10.0.1.0/24', '10.0.0.128/25', '10.0.2.0/26', null]);
  });
});

describe('available addresses', () => {
  it('leaves out the network and broadcast addresses unless the prefix is a pool or a point-to-point', () => {
    const span = (text: string, pool = false) => {
      const s = usableSpan(net(text), pool);
      return [s.first, s.last].map((v) => formatNetwork({ family: net(text).family, value: v, length: 32 }).replace('/32', ''));
    };
    expect(span('10.0.0.0/24')).toEqual(['10.0.0.1', '10.0.0.254']);
    expect(span('10.0.0.0/24', true)).toEqual(['10.0.0.0', '10.0.0.255']);
    expect(span('10.0.0.0/31')).toEqual(['10.0.0.0', '10.0.0.1']);
    const v6 = usableSpan(net('2001:db8::/64'), false);
    expect(v6.first).toBe(intervalOf(net('2001:db8::/64')).first + 1n);
    expect(v6.last).toBe(intervalOf(net('2001:db8::/64')).last);
  });
});

describe('IP range names', () => {
  it('compress the common chunks as NetBox does', () => {
    expect(ipRangeName(net('10.0.0.1/24'), net('10.0.0.100/24'))).toBe('10.0.0.1-100/24');
    expect(ipRangeName(net('10.0.0.1/16'), net('10.0.1.1/16'))).toBe('10.0.1.1-1/16');
    expect(ipRangeName(net('2001:db8::1/64'), net('2001:db8::ff/64'))).toBe('2001:db8::1-ff/64');
    expect(ipRangeName(net('192.0.2.10/24'), net('192.0.2.10/24'))).toBe('192.0.2.10-192.0.2.10/24');
    expect(ipRangeName(net('2001:db8::10/64'), net('2001:db8::10/64'))).toBe('2001:db8::10-2001:db8::10/64');
  });
});

describe('VLAN IDs', () => {
  it('lists free VIDs of the ranges', () => {
    expect(availableVids([[1, 5], [10, 11]], [2, 10])).toEqual([1, 3, 4, 5, 11]);
  });

  it('checks VID ranges with NetBox messages and prints them as NetBox does', () => {
    expect(vidRangesError([[1, 4094]])).toBeNull();
    expect(vidRangesError([[0, 10]])).toBe('Starting VLAN ID in range (0) cannot be less than 1');
    expect(vidRangesError([[1, 4095]])).toBe('Ending VLAN ID in range (4095) cannot exceed 4094');
    expect(vidRangesError([[10, 20], [1, 10]])).toBe('Ranges cannot overlap.');
    expect(rangesText([[1, 100], [200, 200]])).toBe('1-100,200');
  });
});
