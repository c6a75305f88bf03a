/**
 * @module
 * Booleans, dates and times, JSON values and passwords: each stored in one column as it is.
 * Times are rendered by PostgreSQL in NetBox's format (UTC, microseconds, `Z`).
 */
import { column, nullability, timestampColumn } from '../columns.ts';
import * as v from '../validation/index.ts';
import { ownFilter, storedKind } from './stored.ts';
import type { FieldKind } from './types.ts';

/** SQL rendering of a timestamp in NetBox's format: `2026-05-01T17:42:11.123456Z`. */
export const isoTimestamp = (expr: string) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const boolean = storedKind({
  name: 'boolean',
  optionsType: 'boolean',
  cast: 'boolean',
  column: (field) => column('boolean', field.column!, null, nullability(field.nullable)),
  validator: (field) => v.boolean({ nullable: field.nullable }),
  schema: () => ({ type: 'boolean' }),
  filters: (field) => [ownFilter(field, 'boolean')],
});

export const datetime = storedKind({
  name: 'datetime',
  optionsType: 'datetime',
  cast: 'timestamptz',
  // NetBox filters the change stamps (`created`, `last_updated`), which are read-only.
  filteredWhenReadOnly: true,
  displayText: isoTimestamp,
  column: (field) => timestampColumn(field.column!, field.nullable),
  validator: (field) => v.datetime({ nullable: field.nullable }),
  schema: () => ({ type: 'string', format: 'date-time' }),
  filters: (field) => [ownFilter(field, 'datetime')],
  select: (field, resource, alias, ctx) => isoTimestamp(ctx.value(resource, field, alias)),
});

export const date = storedKind({
  name: 'date',
  optionsType: 'date',
  cast: 'date',
  column: (field) => column('date', field.column!, null, nullability(field.nullable)),
  validator: (field) => v.date({ nullable: field.nullable }),
  schema: () => ({ type: 'string', format: 'date' }),
  filters: (field) => [ownFilter(field, 'date')],
  select: (field, resource, alias, ctx) => `to_char(${ctx.value(resource, field, alias)}, 'YYYY-MM-DD')`,
});

export const json = storedKind({
  name: 'json',
  optionsType: 'json',
  orderable: false,
  column: (field) => column('jsonb', field.column!, null, nullability(field.nullable)),
  validator: (field) => v.json({ nullable: field.nullable }),
  schema: () => ({}),
});

/** A secret stored hashed, never shown (`write_only` by default). */
export const password: FieldKind = {
  ...storedKind({
    name: 'password',
    keys: ['max_length'],
    optionsType: 'string',
    orderable: false,
    modelDefault: () => '',
    // A secret: never recorded, not even hashed.
    snapshot: false,
    column: (field) => column('varchar', field.column!, field.maxLength ? { length: field.maxLength } : null, nullability(field.nullable)),
    validator: (field) => v.string({ maxLength: field.maxLength, nullable: field.nullable, required: field.required }),
    schema: () => ({ type: 'string' }),
  }),
  async stage(field, _input, value, item, ctx) {
    item.columns[field.column!] = value === null ? null : await ctx.hashPassword(String(value));
  },
};
