/**
 * @module
 * The common shape of most kinds: a value stored in a column of its own, validated, written and
 * read back as it is. A kind module states only what is its own (column type, validator, schema,
 * filters); this fills in the rest.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { ZodType } from 'zod';
import type { Field, FilterEntry, Resource } from '../../contract/index.ts';
import type { ColumnSpec } from '../columns.ts';
import type { Catalog, FieldKind, SelectContext, SerializeContext } from './types.ts';

/** Capabilities a stored kind states as they are (FieldKind documents each). */
const PASSED = ['cast', 'djangoForeignKey', 'modelDefault', 'filteredWhenReadOnly', 'idFilter', 'displayText', 'snapshot'] as const;

export interface StoredKindSpec extends Pick<FieldKind, (typeof PASSED)[number]> {
  name: string;
  keys?: readonly string[];
  optionsType: string;
  orderable?: boolean;
  column(field: Field, catalog: Catalog): ColumnSpec;
  validator(field: Field, catalog: Catalog): ZodType;
  /** The value's schema, shared by responses and requests. */
  schema(field: Field, catalog: Catalog): OpenAPIV3.SchemaObject;
  /** Extra request-only constraints (a required string's minLength). */
  requestExtra?(field: Field): OpenAPIV3.SchemaObject;
  filters?(field: Field, resource: Resource, catalog: Catalog): FilterEntry[];
  select?(field: Field, resource: Resource, alias: string, ctx: SelectContext): string;
  serialize?(raw: unknown, field: Field, ctx: SerializeContext): unknown;
  /** SQL of the value as `serialize` shows it (FieldKind.json), given `value`, the SQL `select` gives. Required with `serialize`. */
  json?(value: string, field: Field): string;
}

/** `readOnly`/`writeOnly`/`nullable` as OpenAPI flags. */
export function flags(field: Field, request = false): OpenAPIV3.SchemaObject {
  return {
    ...(!request && field.readOnly ? { readOnly: true } : {}),
    ...(field.writeOnly ? { writeOnly: true } : {}),
    ...(field.nullable ? { nullable: true } : {}),
  };
}

export function storedKind(spec: StoredKindSpec): FieldKind {
  // A value JavaScript reshapes must be reshaped alike by PostgreSQL when it renders responses.
  if (spec.serialize && !spec.json) throw new Error(`field kind ${spec.name} serialises its values: give json() too`);
  const select = spec.select ?? ((field: Field, resource: Resource, alias: string, ctx: SelectContext) => ctx.value(resource, field, alias));
  return {
    ...Object.fromEntries(PASSED.filter((key) => spec[key] !== undefined).map((key) => [key, spec[key]])),
    name: spec.name,
    keys: spec.keys,
    optionsType: spec.optionsType,
    orderable: spec.orderable ?? true,
    defaultColumn: (name) => name,
    column: spec.column,
    filters: spec.filters,
    response: (field, ctx) => ({ ...spec.schema(field, ctx), ...flags(field) }),
    request: (field, ctx) => ({ ...spec.schema(field, ctx), ...(spec.requestExtra?.(field) ?? {}), ...flags(field, true) }),
    validators: (field, catalog) => ({ [field.name]: spec.validator(field, catalog) }),
    stage(field, _input, value, item) {
      item.columns[field.column!] = value;
    },
    select,
    json: (field, resource, alias, ctx) => (spec.json ? spec.json(select(field, resource, alias, ctx), field) : select(field, resource, alias, ctx)),
    serialize: (field, _resource, row, ctx) => {
      const raw = row[field.name];
      return spec.serialize ? spec.serialize(raw, field, ctx) : (raw ?? null);
    },
  };
}

/** A filter over a field of this resource, named like it. */
export const ownFilter = (field: Field, kind: string, extra: Partial<FilterEntry> = {}): FilterEntry => ({ name: field.name, kind, ...extra });
