/**
 * @module
 * Network values in PostgreSQL's own types, so that containment (`<<=`, `>>`), ordering and
 * `family()` are the database's: `inet` (an address with its mask, NetBox's IPAddressField),
 * `cidr` (a network, NetBox's IPNetworkField) and `mac` (`macaddr`, shown upper-case as NetBox does).
 */
import { column, nullability } from '../columns.ts';
import * as v from '../validation/index.ts';
import { ownFilter, storedKind } from './stored.ts';

export const inet = storedKind({
  name: 'inet',
  optionsType: 'string',
  column: (field) => column('inet', field.column!, null, nullability(field.nullable)),
  validator: (field) => v.ipAddress({ nullable: field.nullable }),
  schema: () => ({ type: 'string', description: 'An IPv4 or IPv6 address with its mask, e.g. `192.0.2.1/24`' }),
  // PostgreSQL prints a host address without `/32`; NetBox always shows the mask.
  select: (field, resource, alias, ctx) => {
    const value = ctx.value(resource, field, alias);
    return `(host(${value}) || '/' || masklen(${value}))`;
  },
});

export const cidr = storedKind({
  name: 'cidr',
  optionsType: 'string',
  column: (field) => column('cidr', field.column!, null, nullability(field.nullable)),
  validator: (field) => v.ipNetwork({ nullable: field.nullable }),
  schema: () => ({ type: 'string', description: 'An IPv4 or IPv6 network, e.g. `192.0.2.0/24`' }),
  select: (field, resource, alias, ctx) => `${ctx.value(resource, field, alias)}::text`,
});

export const mac = storedKind({
  name: 'mac',
  optionsType: 'string',
  column: (field) => column('macaddr', field.column!, null, nullability(field.nullable)),
  validator: (field) => v.macAddress({ nullable: field.nullable }),
  schema: () => ({ type: 'string', description: 'A MAC address, e.g. `00:1A:2B:3C:4D:5E`' }),
  filters: (field) => [ownFilter(field, 'mac')],
  select: (field, resource, alias, ctx) => `upper(${ctx.value(resource, field, alias)}::text)`,
});
