/** The filters MiniJinja lacks, as Jinja's and Ansible's give them. */
import { describe, expect, it } from 'vitest';
import { center, customFilters, format, urlencode, wordcount, wordwrap } from './filters.ts';

describe('format', () => {
  it('formats as Python printf-style does', () => {
    expect(format('%s-%03d %5.1f %-4s| %x %%', 'vlan', 7, 3.14159, 'ab', 255)).toBe('vlan-007   3.1 ab  | ff %');
    expect(format('%(name)s is %(n)d', { name: 'eth0', n: 2 })).toBe('eth0 is 2');
    expect(() => format('%s %s', 'a')).toThrow('not enough arguments');
  });
});

describe('text filters', () => {
  it('centers, wraps, counts and url-encodes', () => {
    expect(center('ab', 6)).toBe('  ab  ');
    expect(wordwrap('one two three four', 9)).toBe('one two\nthree\nfour');
    expect(wordcount('one, two three')).toBe(3);
    expect(urlencode({ a: 'x y', b: 1 })).toBe('a=x%20y&b=1');
  });
});

describe('ipaddr', () => {
  const { ipaddr, ipv4, ipv6 } = customFilters;
  it('answers the queries of Ansible ipaddr', () => {
    expect(ipaddr('10.1.2.3/24', 'address')).toBe('10.1.2.3');
    expect(ipaddr('10.1.2.3/24', 'network')).toBe('10.1.2.0');
    expect(ipaddr('10.1.2.3/24', 'netmask')).toBe('255.255.255.0');
    expect(ipaddr('10.1.2.3/24', 'hostmask')).toBe('0.0.0.255');
    expect(ipaddr('10.1.2.3/24', 'prefix')).toBe(24);
    expect(ipaddr('10.1.2.3/24', 'broadcast')).toBe('10.1.2.255');
    expect(ipaddr('10.1.2.3/24', 'cidr')).toBe('10.1.2.0/24');
    expect(ipaddr('10.1.2.3/24', 'size')).toBe(256);
    expect(ipaddr('10.1.2.3/24', 'revdns')).toBe('3.2.1.10.in-addr.arpa.');
    expect(ipaddr('2001:db8::1/64', 'network')).toBe('2001:db8::');
    expect(ipaddr('nonsense')).toBe(false);
  });
  it('filters lists by version', () => {
    expect(ipv4(['10.0.0.1/8', '2001:db8::1/64', 'x'])).toEqual(['10.0.0.1/8']);
    expect(ipv6(['10.0.0.1/8', '2001:db8::1/64'], 'address')).toEqual(['2001:db8::1']);
  });
});
