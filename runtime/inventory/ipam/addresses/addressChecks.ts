/**
 * @module
 * IPAddress checks that need nothing but the address itself: the DNS name's characters (the
 * model field's validator, checked with the fields), no /0 mask, no network ID or (IPv4)
 * broadcast address on an interface unless the mask leaves no room for them (/31-/32,
 * /127-/128), and SLAAC for IPv6 only — NetBox's messages and keys.
 */
import { bitsOf, formatAddress, intervalOf, parseNetwork } from '../shared/ipSpace.ts';

/** ipam.validators.DNSValidator. */
const DNS_NAME = /^([0-9A-Za-z_-]+|\*)(\.[0-9A-Za-z_-]+)*\.?$/;

export function dnsNameError(dnsName: unknown): string | null {
  if (typeof dnsName !== 'string' || dnsName === '') return null;
  return DNS_NAME.test(dnsName) ? null : 'Only alphanumeric characters, asterisks, hyphens, periods, and underscores are allowed in DNS names';
}

/** The first of clean()'s address checks that fails: the key and the message. */
export function addressError(address: string, assigned: boolean): [string, string] | null {
  const network = parseNetwork(address);
  if (!network) return null;
  if (network.length === 0) return ['address', 'Cannot create IP address with /0 mask.'];
  if (!assigned) return null;
  const { first, last } = intervalOf(network);
  const ip = formatAddress(network.family, network.value);
  // Point-to-point and host masks have no network ID or broadcast address.
  const whole = network.length >= bitsOf(network.family) - 1;
  if (network.value === first && !whole) return ['__all__', `${ip} is a network ID, which may not be assigned to an interface.`];
  if (network.family === 4 && network.value === last && !whole) return ['__all__', `${ip} is a broadcast address, which may not be assigned to an interface.`];
  return null;
}

export function statusError(address: string, status: unknown): [string, string] | null {
  return status === 'slaac' && parseNetwork(address)?.family !== 6 ? ['status', 'Only IPv6 addresses can be assigned SLAAC status'] : null;
}
