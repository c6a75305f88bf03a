/**
 * @module
 * IP address arithmetic for the ipam rules and the available-* operations: addresses as BigInts
 * (IPv6 needs 128 bits), parsed as strictly as netaddr parses them (four-part IPv4 only, no zone
 * ids), intervals of addresses, their difference, and the minimal CIDR blocks covering an interval
 * (netaddr's `IPSet.iter_cidrs()`). ipaddr.js parses and prints; this module only counts.
 */
import ipaddr from 'ipaddr.js';
import { v } from '../../../kinds/index.ts';

export type Family = 4 | 6;

export interface Address {
  family: Family;
  value: bigint;
}

/** An address with a mask length: an interface address (`10.0.0.5/24`) or, host bits cleared, a network. */
export interface Network extends Address {
  length: number;
}

/** An inclusive interval of addresses of one family. */
export interface Interval {
  first: bigint;
  last: bigint;
}

export const bitsOf = (family: Family) => (family === 4 ? 32 : 128);

/** A bare address (`10.0.0.1`, `2001:db8::1`), or null when netaddr would refuse it. */
export function parseAddress(text: string): Address | null {
  const address = v.parseIp(text.trim());
  return address ? { family: address.kind() === 'ipv4' ? 4 : 6, value: toBigInt(address.toByteArray()) } : null;
}

/** `10.0.0.5/24` (host bits kept, a netmask read as its length) or a bare address (its full length), as netaddr's IPNetwork takes it. */
export function parseNetwork(text: string): Network | null {
  const parsed = v.parseIpWithLength(text);
  return parsed ? { family: parsed.address.kind() === 'ipv4' ? 4 : 6, value: toBigInt(parsed.address.toByteArray()), length: parsed.bits } : null;
}

/** The network the address lies in (netaddr's `.cidr`): host bits cleared. */
export function networkOf(network: Network): Network {
  const hostBits = BigInt(bitsOf(network.family) - network.length);
  return { ...network, value: (network.value >> hostBits) << hostBits };
}

/** The first and last address of a network. */
export function intervalOf(network: Network): Interval {
  const hostBits = BigInt(bitsOf(network.family) - network.length);
  const first = (network.value >> hostBits) << hostBits;
  return { first, last: first + (1n << hostBits) - 1n };
}

function toBigInt(bytes: number[]): bigint {
  return bytes.reduce((value, byte) => (value << 8n) | BigInt(byte), 0n);
}

/** The address as netaddr prints it (`10.0.0.1`, `2001:db8::1`). */
export function formatAddress(family: Family, value: bigint): string {
  const bytes: number[] = [];
  for (let i = bitsOf(family) / 8 - 1; i >= 0; i--) bytes.push(Number((value >> BigInt(i * 8)) & 0xffn));
  const address = ipaddr.fromByteArray(bytes);
  return address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString();
}

export const formatNetwork = (network: Network) => `${formatAddress(network.family, network.value)}/${network.length}`;

/**
 * The first and last address of a network, bare (`10.0.0.0`, `10.0.255.255`): bounds a btree range
 * over hosts or networks can use. PostgreSQL turns `<<=` of a constant into such a range itself, but
 * not in a generic plan, where the network is a parameter.
 */
export function boundsOf(network: Network): [string, string] {
  const { first, last } = intervalOf(network);
  return [formatAddress(network.family, first), formatAddress(network.family, last)];
}

/** Sorted, merged intervals (adjacent ones joined). */
export function merge(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out[out.length - 1];
    if (last && interval.first <= last.last + 1n) {
      if (interval.last > last.last) last.last = interval.last;
    } else out.push({ ...interval });
  }
  return out;
}

/** `whole` minus every interval of `taken`: what is left, in ascending order. */
export function subtract(whole: Interval, taken: Interval[]): Interval[] {
  const out: Interval[] = [];
  let next = whole.first;
  for (const t of merge(taken)) {
    if (t.last < next || t.first > whole.last) continue;
    if (t.first > next) out.push({ first: next, last: t.first - 1n });
    next = t.last + 1n;
    if (next > whole.last) return out;
  }
  if (next <= whole.last) out.push({ first: next, last: whole.last });
  return out;
}

/** The fewest CIDR blocks covering an interval, in ascending order (netaddr's `iter_cidrs`). */
export function cidrsOf(interval: Interval, family: Family): Network[] {
  const bits = bitsOf(family);
  const out: Network[] = [];
  let start = interval.first;
  while (start <= interval.last) {
    // The largest block aligned at `start` that does not run past the interval's end.
    let hostBits = 0;
    while (hostBits < bits && (start & ((1n << BigInt(hostBits + 1)) - 1n)) === 0n && start + (1n << BigInt(hostBits + 1)) - 1n <= interval.last) hostBits++;
    out.push({ family, value: start, length: bits - hostBits });
    start += 1n << BigInt(hostBits);
  }
  return out;
}
