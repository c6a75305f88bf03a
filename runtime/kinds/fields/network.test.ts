/**
 * Network kinds in PostgreSQL's own types: `inet` (address with mask), `cidr` (network, host bits
 * cleared) and `mac` (any of netaddr's spellings, shown upper-case) — normalisation, NetBox's
 * messages, columns and the SQL that renders them as NetBox does.
 */
import { describe, expect, it } from 'vitest';
import { fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fieldOf, parse } from '../../testing/kinds.ts';
import { cidr, inet, mac } from './network.ts';

const ip = fakeResource('ipam.ip-addresses', [
  { name: 'address', kind: 'inet', required: true },
  { name: 'prefix', kind: 'cidr', required: true },
  { name: 'mac_address', kind: 'mac', nullable: true },
]);
const catalog = fakeCatalog([ip]);
const api = fakeOpenApiContext(catalog);
const validate = (kind: typeof inet, name: string, value: unknown) => parse(kind.validators!(fieldOf(ip, name), catalog)[name], value);

describe('inet', () => {
  it('keeps the host bits and gives a bare address its full mask', () => {
    expect(validate(inet, 'address', '192.0.2.17/24')).toEqual({ value: '192.0.2.17/24' });
    expect(validate(inet, 'address', '192.0.2.17')).toEqual({ value: '192.0.2.17/32' });
    expect(validate(inet, 'address', ' 192.0.2.17/24 ')).toEqual({ value: '192.0.2.17/24' });
    expect(validate(inet, 'address', '2001:DB8:0:0::1/64')).toEqual({ value: '2001:db8::1/64' });
    expect(validate(inet, 'address', '2001:db8::1')).toEqual({ value: '2001:db8::1/128' });
  });

  it("refuses anything else with NetBox's message (NUL characters dropped from the echo)", () => {
    expect(validate(inet, 'address', '192.0.2.300')).toEqual({ errors: ['Invalid IP address format: 192.0.2.300'] });
    expect(validate(inet, 'address', '192.0.2.1/33')).toEqual({ errors: ['Invalid IP address format: 192.0.2.1/33'] });
    expect(validate(inet, 'address', 'host')).toEqual({ errors: ['Invalid IP address format: host'] });
    expect(validate(inet, 'address', '10.0.0.1\u0000')).toEqual({ errors: ['Invalid IP address format: 10.0.0.1'] });
    expect(validate(inet, 'address', 17)).toEqual({ errors: ['Invalid IP address format: 17'] });
    expect(validate(inet, 'address', null)).toEqual({ errors: ['This field may not be null.'] });
  });

  it('refuses the legacy inet_aton spellings instead of reinterpreting them', () => {
    for (const legacy of ['10.1', '167772161', '0x0a000001', '010.0.0.1']) {
      expect(validate(inet, 'address', legacy), legacy).toEqual({ errors: [`Invalid IP address format: ${legacy}`] });
      expect(validate(cidr, 'prefix', `${legacy}/32`), legacy).toEqual({ errors: [`Invalid IP prefix format: ${legacy}/32`] });
    }
  });

  it('reads a netmask as its length, and refuses what netaddr refuses', () => {
    expect(validate(inet, 'address', '10.1.2.3/255.255.255.0')).toEqual({ value: '10.1.2.3/24' });
    expect(validate(cidr, 'prefix', '10.1.2.3/255.255.0.0')).toEqual({ value: '10.1.0.0/16' });
    for (const bad of ['10.1.2.3/255.0.255.0', '10.1.2.3/33', '2001:db8::/129', 'fe80::1%eth0', '10.1.2.3/24/1', '256.0.0.1']) {
      expect(validate(inet, 'address', bad), bad).toEqual({ errors: [`Invalid IP address format: ${bad}`] });
    }
  });

  it('is an inet column, rendered with its mask even for a host address', () => {
    expect(inet.column(fieldOf(ip, 'address'), catalog)).toEqual({ builder: 'inet', name: 'address', args: null, modifiers: [{ kind: 'notNull' }], sqlType: 'inet' });
    expect(inet.select(fieldOf(ip, 'address'), ip, 't', fakeSelectContext(catalog))).toBe(`(host(t."address") || '/' || masklen(t."address"))`);
    expect(inet.response(fieldOf(ip, 'address'), api)).toMatchObject({ type: 'string' });
    expect(inet.filters).toBeUndefined();
  });
});

describe('cidr', () => {
  it('clears host bits as Prefix.save does', () => {
    expect(validate(cidr, 'prefix', '10.1.2.3/8')).toEqual({ value: '10.0.0.0/8' });
    expect(validate(cidr, 'prefix', '10.1.2.3')).toEqual({ value: '10.1.2.3/32' });
    expect(validate(cidr, 'prefix', '2001:db8::1/32')).toEqual({ value: '2001:db8::/32' });
    expect(validate(cidr, 'prefix', '0.0.0.0/0')).toEqual({ value: '0.0.0.0/0' });
  });

  it("refuses anything else with NetBox's prefix message", () => {
    expect(validate(cidr, 'prefix', '10.0.0.0/40')).toEqual({ errors: ['Invalid IP prefix format: 10.0.0.0/40'] });
    expect(validate(cidr, 'prefix', 'net')).toEqual({ errors: ['Invalid IP prefix format: net'] });
    expect(validate(cidr, 'prefix', '10.0.0.0/8\u0000')).toEqual({ errors: ['Invalid IP prefix format: 10.0.0.0/8'] });
    expect(validate(cidr, 'prefix', [])).toEqual({ errors: ['Invalid IP prefix format: '] });
  });

  it('is a cidr column selected as text', () => {
    expect(cidr.column(fieldOf(ip, 'prefix'), catalog)).toMatchObject({ builder: 'cidr', sqlType: 'cidr' });
    expect(cidr.select(fieldOf(ip, 'prefix'), ip, 't', fakeSelectContext(catalog))).toBe('t."prefix"::text');
  });
});

describe('mac', () => {
  it("takes netaddr's spellings and stores the colon form upper-case", () => {
    for (const spelling of ['00:1a:2b:3c:4d:5e', '00-1A-2B-3C-4D-5E', '001a.2b3c.4d5e', '001A2B3C4D5E', ' 00:1a:2b:3c:4d:5e ']) {
      expect(validate(mac, 'mac_address', spelling), spelling).toEqual({ value: '00:1A:2B:3C:4D:5E' });
    }
    expect(validate(mac, 'mac_address', null)).toEqual({ value: null });
  });

  it('refuses anything else', () => {
    for (const bad of ['00:1a:2b:3c:4d', '00:1a:2b:3c:4d:5e:6f', 'zz:1a:2b:3c:4d:5e', '', 1]) expect(validate(mac, 'mac_address', bad), String(bad)).toEqual({ errors: ['Enter a valid MAC address.'] });
  });

  it('is a macaddr column shown upper-case, with the mac filter', () => {
    expect(mac.column(fieldOf(ip, 'mac_address'), catalog)).toEqual({ builder: 'macaddr', name: 'mac_address', args: null, modifiers: [], sqlType: 'macaddr' });
    expect(mac.select(fieldOf(ip, 'mac_address'), ip, 't', fakeSelectContext(catalog))).toBe('upper(t."mac_address"::text)');
    expect(mac.filters!(fieldOf(ip, 'mac_address'), ip, catalog)).toEqual([{ name: 'mac_address', kind: 'mac' }]);
    expect(mac.response(fieldOf(ip, 'mac_address'), api)).toMatchObject({ type: 'string', nullable: true });
  });
});
