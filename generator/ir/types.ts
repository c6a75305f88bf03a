/**
 * @module
 * The intermediate representation every emitter reads. Plain data only: no functions, no classes,
 * no Maps, so that `JSON.stringify(ir)` is the whole truth and two runs over the same definitions
 * give byte-identical output. Every list is sorted by the stage that builds it.
 *
 * Resources, fields and filters are the contract's expanded shapes (runtime/contract): what the
 * runtime will see once it expands the compact table, plus what only the generator needs (where
 * each field came from, to write inherited fields by reference).
 */
import type { Field, Filter, LinkEntry, OperationEntry, RelationEntry, Resource } from '../../runtime/contract/index.ts';

/** Where a value came from in a definitions file, for diagnostics raised after loading. */
export interface SourceRef {
  file: string;
  line: number;
  col: number;
}

export interface InventoryIR {
  /** Apps in alphabetical order, each with the resource keys it routes (for `/api/<app>/`). */
  apps: AppIR[];
  /** Every resource, sorted by `key`. */
  resources: ResourceIR[];
  /** Only the choice sets some field or filter uses, sorted by name. */
  choiceSets: ChoiceSetIR[];
  /** Tables that hold many-to-many links, sorted by name. */
  linkTables: LinkTableIR[];
  /** Every reference between resources and what deleting its target does, sorted. */
  relations: RelationEntry[];
  /** The fields each mixin gives, as resources inherit them unchanged (by mixin, then field name). */
  fieldSets: Record<string, Record<string, Field>>;
  /** The filters each mixin declares (by mixin). */
  filterSets: Record<string, Filter[]>;
  /** Component schemas of hand-written operations' bodies (definitions/schemas.yaml), by name. */
  schemas: Record<string, unknown>;
  /** Route groups (operations under a base path that is no resource), sorted by name. */
  routeGroups: RouteGroupIR[];
}

/** Operations served by hand-written handlers under one base path (a plugin's API). */
export interface RouteGroupIR {
  name: string;
  /** Full path with slashes: `/api/plugins/permissions-matrix/`. */
  basePath: string;
  /** The resource whose permissions guard the routes (with each operation's action) and which handlers receive. */
  resource: string;
  description?: string;
  /** Whether the base path is listed in its app's root (`users/config/`). */
  listed?: boolean;
  /** In the definitions' order. */
  operations: OperationEntry[];
  /** The group's own tables (state its handlers keep, with no API), by name. */
  tables: GroupTableIR[];
}

/** A route group's own table: an identity `id`, then these columns. */
export interface GroupTableIR {
  name: string;
  columns: { name: string; type: 'varchar' | 'text' | 'text_array' | 'integer' | 'boolean' | 'timestamp' | 'jsonb'; length?: number; nullable: boolean; unique: boolean; index?: 'btree' | 'gin' }[];
}

export interface AppIR {
  name: string;
  resources: string[];
}

export interface ChoiceSetIR {
  name: string;
  choices: { value: string | number; label: string }[];
}

export interface ResourceIR extends Resource {
  /** Fields inherited unchanged from a mixin: field name → mixin name (written by reference). */
  inherited: Record<string, string>;
  /** Mixins whose whole filter set this resource has (written by reference). */
  filterSetsUsed: string[];
}

export interface LinkTableIR {
  name: string;
  source: { column: string; table: string };
  target: { column: string; table: string };
}

export type { Field as FieldIR, Filter as FilterIR, LinkEntry, RelationEntry };
