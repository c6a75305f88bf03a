/**
 * @module
 * What a filter kind is: one module (filters/<kind>.ts) that owns a kind of NetBox filter — the
 * lookups it expands to (`name__ic`, `name__n`…), the OpenAPI schema of its values, how values are
 * checked (with NetBox's messages) and the condition they become. Conditions are built through
 * the path compiler (`FilterQuery.where`), the one place field paths become SQL.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { Field, Filter, Resource } from '../../contract/index.ts';
import type { OpenApiContext } from '../fields/types.ts';
import type { Catalog } from '../fields/types.ts';
import type { Cast } from './cast.ts';

/**
 * Django lookups the path compiler understands at the end of a path. `tree` matches a node and its
 * descendants (`values` are the nodes' ids); the `net_*` ones are PostgreSQL's inet operators.
 */
export type Op =
  | 'exact' | 'iexact' | 'in' | 'contains' | 'icontains' | 'startswith' | 'istartswith' | 'endswith' | 'iendswith' | 'regex' | 'iregex'
  | 'lt' | 'lte' | 'gt' | 'gte' | 'isnull' | 'empty' | 'tree'
  | 'net_contained' | 'net_contained_or_equal' | 'net_contains' | 'net_contains_or_equals' | 'net_host';

export type { Cast } from './cast.ts';

/** One value of a method filter, parsed by the type its definition declares (filters/method.ts). */
export type MethodValue = string | number | boolean;

export interface WhereOptions {
  cast?: Cast;
  /** For `tree`: the values are this attribute of the nodes (`slug`) instead of their ids. */
  attribute?: string;
  /** Django's exclude(): objects matching the condition are left out, rows with nulls kept. */
  negate?: boolean;
}

/** The list request's side of filtering, given to a filter kind for one query parameter. */
export interface FilterQuery extends Catalog {
  /** The resource being listed. */
  readonly listed: Resource;
  /** The parameter as the client wrote it (`site_id__n`), for messages. */
  readonly parameter: string;
  /** Reports a 400 under the parameter (`{"site_id": ["…"]}`); returns null for `return q.error(…)`. */
  error(message: string): null;
  /** The condition `path <op> values` on the listed object (`site__region__slug`, `tags__slug`). */
  where(path: string, op: Op, values: unknown[], options?: WhereOptions): string;
  /** The field at the end of `path` (or null for `id`), and the resource holding it. */
  fieldAt(path: string): { resource: Resource; field: Field | null };
  /**
   * Values that must exist on the target of `path` (`site__region__slug`): missing ones are a 400
   * `Select a valid choice. x is not one of the available choices.` (checked for the whole request at once).
   * `from` starts the path at another resource than the listed one (`id` of `dcim.devices`), for a
   * filter naming an object the listed one has no relation to.
   */
  mustExist(path: string, values: string[], from?: string): void;
  /** The object type (`dcim.site`) an object type id names, if any. */
  objectTypeById(id: number): string | undefined;
  /** The requesting user's id, for the filters NetBox computes from `request.user` (a saved filter's `usable`); null when anonymous. */
  readonly callerId?: number | null;
  /** The SQL of a method filter registered by name (runtime/inventory): `parsed` are the values parsed by its declared type. */
  method(name: string, lookup: string, values: string[], parsed: MethodValue[]): string | null;
}

export interface FilterKind {
  readonly name: string;
  /** Lookups NetBox's get_filters expands this kind to (default for a filter of the kind). */
  readonly lookups: readonly string[];
  /** OpenAPI schema of one value of the exact filter. */
  valueSchema(filter: Filter, resource: Resource, ctx: OpenApiContext): OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;
  /** Lookups whose values are text whatever the field (`ic`, `regex`…): they take a string schema. */
  readonly textLookups?: readonly string[];
  /** The SQL condition, or null after reporting an error. `values` are never empty. */
  condition(filter: Filter, lookup: string, values: string[], q: FilterQuery): string | null;
}
