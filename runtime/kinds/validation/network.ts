/**
 * @module
 * IP addresses, networks and MAC addresses as NetBox's fields take them (netaddr 1.x). IPv4 is
 * accepted in dotted four-part decimal only: ipaddr.js's `parse` also takes the legacy inet_aton
 * forms (`10.1`, `167772161`, octal `010.0.0.1`) and reinterprets them, where netaddr refuses them.
 */
import ipaddr from 'ipaddr.js';
import { fail, field, hasNul, list, ok } from './field.ts';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const FOUR_PART = /^(0|[1-9]\d{0,2})(\.(0|[1-9]\d{0,2})){3}$/;

/** An IP address in netaddr's strict spellings (no IPv6 zone id either), or null. */
export function parseIp(text: string): Address | null {
  if (FOUR_PART.test(text)) return text.split('.').every((part) => Number(part) <= 255) ? ipaddr.IPv4.parse(text) : null;
  if (text.includes(':') && !text.includes('%') && ipaddr.IPv6.isValid(text)) return ipaddr.IPv6.parse(text);
  return null;
}

/**
 * An address with a prefix length (`10.1.2.3/24`; a netmask `10.1.2.3/255.255.255.0` is read as
 * netaddr reads it), or a bare address with its full length. Null when any part is malformed.
 */
export function parseIpWithLength(text: string): { address: Address; bits: number } | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const address = parseIp(slash < 0 ? trimmed : trimmed.slice(0, slash));
  if (!address) return null;
  const max = address.kind() === 'ipv4' ? 32 : 128;
  if (slash < 0) return { address, bits: max };
  const length = trimmed.slice(slash + 1);
  if (/^\d{1,3}$/.test(length)) return Number(length) <= max ? { address, bits: Number(length) } : null;
  const mask = address.kind() === 'ipv4' ? parseIp(length) : null;
  const bits = mask?.kind() === 'ipv4' ? mask.prefixLengthFromSubnetMask() : null;
  return bits === null ? null : { address, bits };
}

/** Whether a text is an IP address or network netaddr would take (filter values). */
export const isIpNetwork = (text: string) => parseIpWithLength(text) !== null;

/** `10.0.0.0/8` stays as given; `10.1.2.3` becomes `10.1.2.3/32`; anything else is null. */
export function normaliseNetwork(text: string): string | null {
  const parsed = parseIpWithLength(text);
  return parsed ? `${parsed.address.toString()}/${parsed.bits}` : null;
}

const shown = (value: unknown) => (typeof value === 'string' ? value.replace(/\u0000/g, '') : String(value));

/**
 * A list of IP networks (NetBox's `ArrayField(IPNetworkField())`, a token's allowed IPs), stored as
 * text in netaddr's form: a bare address gets its full-length mask; a bad entry is reported under
 * its index.
 */
export const ipNetworkList = (o: { nullable?: boolean } = {}) =>
  list(o.nullable ?? false, (item) => {
    if (typeof item !== 'string') return fail('Not a valid string.');
    const network = hasNul(item) ? null : normaliseNetwork(item);
    return network ? ok(network) : fail(`Invalid IP address format: ${shown(item)}`);
  });

/**
 * An IP address with its mask, as NetBox's IPAddressField takes it (netaddr's IPNetwork): a bare
 * address gets its full-length mask. Stored as PostgreSQL `inet`, which keeps the host bits.
 */
export const ipAddress = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    const network = typeof value === 'string' && !hasNul(value) ? normaliseNetwork(value) : null;
    return network ? ok(network) : fail(`Invalid IP address format: ${shown(value)}`);
  });

/** An IP network (NetBox's IPNetworkField): host bits are cleared, as Prefix.save does (`10.1.2.3/8` → `10.0.0.0/8`). */
export const ipNetwork = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    const parsed = typeof value === 'string' && !hasNul(value) ? parseIpWithLength(value) : null;
    if (!parsed) return fail(`Invalid IP prefix format: ${shown(value)}`);
    const cidr = `${parsed.address.toString()}/${parsed.bits}`;
    const network = parsed.address.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
    return ok(`${network.toString()}/${parsed.bits}`);
  });

const MAC = /^([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})$/i;

/** A MAC address spelt as PostgreSQL prints `macaddr` (`00:11:22:aa:bb:cc`), or null when it is none. */
export function canonicalMac(value: string): string | null {
  const m = MAC.exec(value.trim());
  return m ? m.slice(1).join(':').toLowerCase() : null;
}

/** A MAC address in any of netaddr's common spellings, stored as PostgreSQL `macaddr`. */
export const macAddress = (o: { nullable?: boolean } = {}) =>
  field(o.nullable ?? false, (value) => {
    const m = typeof value === 'string' ? MAC.exec(value.trim()) : null;
    return m ? ok(m.slice(1).join(':').toUpperCase()) : fail('Enter a valid MAC address.');
  });
