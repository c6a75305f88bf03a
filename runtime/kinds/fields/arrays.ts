/**
 * @module
 * PostgreSQL arrays: lists of strings, of integers, of IP networks (a token's allowed IPs), and
 * integer ranges (a VLAN group's VID ranges).
 */
import { column, notNull } from '../columns.ts';
import * as v from '../validation/index.ts';
import { ownFilter, storedKind } from './stored.ts';

const arrayModifiers = (nullable: boolean) => [{ kind: 'array' as const }, ...(nullable ? [] : [notNull, { kind: 'default' as const, sql: `'{}'` }])];

/** A list of strings; `max_length` bounds each item (NetBox's `ArrayField(CharField(max_length=…))`). */
export const stringList = storedKind({
  name: 'string_list',
  modelDefault: () => [],
  keys: ['max_length'],
  optionsType: 'list',
  orderable: false,
  column: (field) => (field.maxLength ? column('varchar', field.column!, { length: field.maxLength }, arrayModifiers(field.nullable)) : column('text', field.column!, null, arrayModifiers(field.nullable))),
  validator: (field) => v.stringList({ nullable: field.nullable, maxLength: field.maxLength }),
  schema: (field) => ({ type: 'array', items: { type: 'string', ...(field.maxLength ? { maxLength: field.maxLength } : {}) } }),
  serialize: (raw) => raw ?? [],
  json: (value) => `coalesce(to_json(${value}), '[]'::json)`,
});

export const integerList = storedKind({
  name: 'integer_list',
  modelDefault: () => [],
  keys: ['min_value', 'max_value'],
  optionsType: 'list',
  orderable: false,
  column: (field) => column('integer', field.column!, null, arrayModifiers(field.nullable)),
  validator: (field) => v.integerList({ nullable: field.nullable, min: field.minValue, max: field.maxValue }),
  schema: () => ({ type: 'array', items: { type: 'integer' } }),
  filters: (field) => [ownFilter(field, 'number')],
  // A nullable list keeps its null (a cable termination's `positions` without a profile).
  serialize: (raw, field) => (raw === null || raw === undefined ? (field.nullable ? null : []) : (raw as unknown[]).map(Number)),
  json: (value, field) => (field.nullable ? `to_json(${value})` : `coalesce(to_json(${value}), '[]'::json)`),
});

export const ipNetworkList = storedKind({
  name: 'ip_network_list',
  modelDefault: () => [],
  optionsType: 'list',
  orderable: false,
  column: (field) => column('text', field.column!, null, arrayModifiers(field.nullable)),
  validator: (field) => v.ipNetworkList({ nullable: field.nullable }),
  schema: () => ({ type: 'array', items: { type: 'string' } }),
  serialize: (raw) => raw ?? [],
  json: (value) => `coalesce(to_json(${value}), '[]'::json)`,
});

/**
 * Inclusive integer ranges, stored as `int4range[]`-like pairs in a jsonb column and rendered as
 * NetBox renders them: `[[1, 100], [200, 299]]`.
 */
export const integerRanges = storedKind({
  name: 'integer_ranges',
  modelDefault: () => [],
  keys: ['min_value', 'max_value'],
  optionsType: 'list',
  orderable: false,
  column: (field) => column('jsonb', field.column!, null, [notNull, { kind: 'default', sql: `'[]'::jsonb` }]),
  validator: (field) => v.integerRanges({ min: field.minValue, max: field.maxValue }),
  schema: () => ({ type: 'array', items: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 } }),
  serialize: (raw) => raw ?? [],
  json: (value) => `coalesce(${value}, '[]'::jsonb)`,
});
