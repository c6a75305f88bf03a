/**
 * Object type ids: stable hashes of `app.model`, positive PostgreSQL integers, distinct for the
 * repository's types.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { InventoryTable } from '../contract/index.ts';
import { objectTypeId } from './objectTypes.ts';

describe('objectTypeId', () => {
  it('is the same number for the same name, every time', () => {
    expect(objectTypeId('dcim.site')).toBe(objectTypeId('dcim.site'));
    expect(objectTypeId('dcim.site')).not.toBe(objectTypeId('dcim.region'));
  });

  it('is FNV-1a (31 bits) folded into 1…2147483646', () => {
    // FNV-1a 32 of "" is 0x811c9dc5 = 2166136261; 2166136261 % 2147483646 + 1.
    expect(objectTypeId('')).toBe((2166136261 % 2147483646) + 1);
    for (const name of ['dcim.site', 'ipam.ipaddress', 'a', 'x'.repeat(300)]) {
      const id = objectTypeId(name);
      expect(Number.isInteger(id) && id >= 1 && id <= 2147483646, name).toBe(true);
    }
  });

  it("gives the repository's object types distinct ids", () => {
    const table = JSON.parse(readFileSync(new URL('../../generated/inventory/resources.json', import.meta.url), 'utf8')) as InventoryTable;
    const types = table.resources.map((r) => r.objectType);
    expect(new Set(types.map(objectTypeId)).size).toBe(types.length);
  });
});
