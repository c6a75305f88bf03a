/**
 * @module
 * What a field kind is: one module (fields/<kind>.ts) that owns everything about a kind of value —
 * the keys its definitions take, its column, its request validator, its OpenAPI schemas, how it is
 * selected in SQL and serialised, how a written value is staged, and the filters NetBox derives
 * from it. The generator and the runtime both read the same module, so they cannot disagree.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { ZodType } from 'zod';
import type { Field, FilterEntry, OnDelete, RelationEntry, Resource } from '../../contract/index.ts';
import type { ColumnSpec } from '../columns.ts';
import type { CustomFieldSet } from '../customFields/definition.ts';
import type { Cast } from '../filters/cast.ts';
import type { RelationRef } from '../validation/index.ts';

export type Schema = OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject;
type Row = Record<string, unknown>;

/** Lookups every kind may need: resources by key and choice sets by name. */
export interface Catalog {
  resource(key: string): Resource;
  choiceSet(name: string): readonly [string | number, string][];
}

/** The generator's side, while it builds the OpenAPI document. */
export interface OpenApiContext extends Catalog {
  /** The schema of `target` embedded in another object (its nested shape, or `shows`). */
  embedded(target: string, shows?: string[]): Schema;
  /** The schema of a choice set's raw values: a shared component (`#/components/schemas/<set>`). */
  choiceValues(set: string): Schema;
}

/** The runtime's SQL builder, while it builds one SELECT. */
export interface SelectContext extends Catalog {
  /** How deep the object being built is nested (0: the listed object itself). */
  readonly depth: number;
  /** A fresh table alias. */
  alias(): string;
  /** SQL of the field's value on the row `alias`: its column, or its named expression. */
  value(resource: Resource, field: Field, alias: string): string;
  /**
   * SQL of the reference the field `name` of `resource` holds on the row `alias` (RelationCapabilities.held):
   * the referenced id and, for a generic relation, the referenced object type.
   */
  heldReference(resource: Resource, name: string, alias: string): { id: string; type?: string };
  /** SQL of `target`'s nested JSON object for the id `idSql` (null when there is none). */
  nested(target: string, idSql: string, shows?: string[]): string;
  /**
   * As `nested`, for an object the row references by a value of its own (`idSql` reads only the
   * row's alias): on the listed row itself it is joined laterally, so PostgreSQL may build the
   * object once per distinct target (a type shared by a thousand devices, with its counts, once).
   */
  reference(target: string, idSql: string, shows?: string[]): string;
  /** SQL of a JSON array of `target`'s nested objects (or `shows`): rows `n` of `target` joined by `join` (`FROM … WHERE …` after the target). */
  nestedList(target: string, n: string, join: string, shows?: string[]): string;
  /** SQL of the resource's `display` string on the row `alias`. */
  display(resource: Resource, alias: string): string;
  /** SQL of a named expression (runtime/inventory registers them). */
  expression(name: string, resource: Resource, alias: string): string;
  /** The custom fields of the listed resource, when they were loaded for this statement. */
  customFields?(resource: Resource): CustomFieldSet | null;
  /** The table of tag assignments (`extras_tagged_item`) and its columns. */
  readonly tagLink: TagLink;
  /**
   * True while a statement that renders the response itself is built (FieldKind.json): nested
   * objects (`nested`, `reference`, `nestedList`) then come back in their final form, url included.
   */
  readonly rendering?: boolean;
  /**
   * While rendering the listed rows themselves (depth 0): SQL of a JSON list of `target`'s nested
   * objects for the row, each object built once for the whole page however many rows list it
   * (a device's tags). `candidates(rowIds)` selects the ids of every object the page's rows list
   * (`rowIds` selects the rows' ids); `join(c)` follows `FROM <the objects> c` and keeps those of
   * the row. Undefined or null otherwise: build the list with nestedList.
   */
  sharedList?(target: string, candidates: (rowIds: string) => string, join: (c: string) => string): string | null;
  /** While rendering: SQL of the object's API URL (`<origin>/api/dcim/sites/7/`), the origin a parameter of the statement. */
  url?(resource: Resource, idSql: string): string;
  /** While rendering: SQL of the object's UI URL (`<origin>/dcim/sites/7/`). */
  uiUrl?(resource: Resource, idSql: string): string;
  /** While rendering: SQL of the URL of a stored file (`<origin>/media/<path>`), given its path's SQL. */
  mediaUrl?(pathSql: string): string;
}

/** The runtime's serialiser, turning a selected row into NetBox's JSON. */
export interface SerializeContext extends Catalog {
  url(resource: Resource, id: unknown): string;
  uiUrl(resource: Resource, id: unknown): string;
  /** The URL of a stored file (`<origin>/media/image-attachments/x.png`), as Django's MEDIA_URL serves it. */
  mediaUrl(path: string): string;
  choiceLabel(set: string, value: unknown): string;
  /** A nested object of `target` (selected as JSON by `SelectContext.nested`), serialised. */
  nested(target: string, row: Row | null, shows?: string[]): Row | null;
  /** The resource whose object type (`dcim.site`) is given, if any. */
  byObjectType(objectType: string): Resource | undefined;
  /** The custom fields of a shown resource, when they were loaded for this response. */
  customFields?(resource: Resource): CustomFieldSet | null;
}

export type { RelationRef };

/** The outcome of resolving one reference: the id, or NetBox's message. */
export type Resolved = { id: number } | { error: string };

/** One object of a write, while it is being assembled. */
export interface StagedItem {
  /** Column values to write. */
  columns: Record<string, unknown>;
  /** Many-to-many links to set, by field name. */
  links: Map<string, number[]>;
  /** Tag changes: replace all, or add and remove some. */
  tags: { set?: number[]; add?: number[]; remove?: number[] };
  /** Inputs the model's own rules write (a cable's terminations), by field name. */
  extras: Map<string, unknown>;
  /** Whether the object is being created (not updated). */
  creating: boolean;
  /** The stored row of an updated object (column → value), null on create. */
  readonly existing?: Record<string, unknown> | null;
  error(field: string, message: string): void;
  /** A message under `key` of the field's own dict of messages (`{"custom_fields": {"x": "…"}}`). */
  errorDetail(field: string, key: string, message: string): void;
  /** A message about one item of a list field, under its index (`{"rear_ports": {"0": ["…"]}}`), as a validator's item issues are. */
  errorItem?(field: string, index: number, message: string): void;
}

/** What staging needs from the writer. */
export interface StageContext extends Catalog {
  /** The resolution of one reference found by `references`. */
  resolved(target: string, ref: RelationRef): Resolved;
  /** The stored form of a password (computed off the event loop). */
  hashPassword(password: string): Promise<string>;
  /** The custom fields of the written resource (loaded when it has a `custom_fields` field). */
  customFields?(): CustomFieldSet | null;
}

/** What a snapshot's SQL needs: resources by key and the tag assignments' table. */
export interface SnapshotContext extends Pick<Catalog, 'resource'> {
  readonly tagLink: TagLink;
}

/** How a kind appears in change-log snapshots (FieldKind.snapshot). */
export interface SnapshotCapabilities {
  /** Recorded even when hidden (read- and write-only): a reference is model data, not a secret. */
  readonly evenHidden?: boolean;
  /** Its value is read from link rows (tags, many-to-many links): a row just inserted without any holds `[]`. */
  readonly linked?: boolean;
  /** Whether a field of this kind is recorded (default: when it has a column). */
  recorded?(field: Field, resource: Resource): boolean;
  /** SQL of its jsonb value on the row `alias` (default: its column's value, as Django's JSON encoder writes it). */
  value?(field: Field, resource: Resource, alias: string, ctx: SnapshotContext): string;
}

/** The table of tag assignments (`extras_tagged_item`) and its columns. */
export interface TagLink {
  readonly table: string;
  readonly objectType: string;
  readonly objectId: string;
  readonly tagId: string;
}

/** What a filter path's hop needs from the path compiler's SQL builder (runtime/rest/query/compiler.ts). */
export type HopContext = Pick<SelectContext, 'alias' | 'value' | 'heldReference' | 'tagLink'>;

/** The rows of a link table that tie a holder's row to the objects it lists. */
export interface LinkRows {
  readonly table: string;
  /** The column holding the holder row's id. */
  readonly source: string;
  /** The column holding the linked object's id. */
  readonly target: string;
  /** For a table every resource shares (tag assignments): the column naming the holder's object type, and that type. */
  readonly holderType?: { readonly column: string; readonly value: string };
}

/** The link changes a write staged for one object: replace them all, or add and remove some. */
export interface LinkChanges {
  set?: number[];
  add?: number[];
  remove?: number[];
}

/** A relation's edge of the delete graph (generated relations table; RelationEntry without its holder). */
export type DeleteEdge = Pick<RelationEntry, 'kind' | 'targets'> & { onDelete: OnDelete };

/**
 * FieldKind.relation: what the engine asks of a reference to other objects. A relation is held
 * on the row (fk: a column; generic_fk: a type and an id), kept in a link table (m2m, tags), or
 * another resource's reference seen from its target (reverse, related_list).
 */
export interface RelationCapabilities {
  /**
   * Reaches a list of objects (Django's many_to_many and one_to_many: m2m, tags, reverse lists),
   * not one object the row holds: a lookup at the path's end compares the ids it reaches, and
   * `isnull` asks whether it reaches any.
   */
  readonly many: boolean;
  /**
   * Where the target comes from: the definition's `target:` (`definition`), the kind itself
   * (`{ fixed }`: tags are always extras.tags), or each row among the definition's `targets`
   * (`row`: a generic relation's type column).
   */
  readonly target: 'definition' | 'row' | { readonly fixed: string };
  /**
   * The row holds the target's id in a column of its own, under a PostgreSQL foreign key (fk):
   * compared, ordered and displayed through that column; its rows go before their targets';
   * `on_delete: set_null` needs it nullable, and `do_nothing` (no constraint) is refused.
   */
  readonly foreignKeyColumn?: boolean;
  /** Another resource's reference seen from its target: `field` names that resource's fk or generic relation. */
  readonly reversed?: boolean;
  /** A count field may count the rows pointing through it (`via`). */
  readonly countable?: boolean;
  /**
   * The filter kinds NetBox derives for a filter whose path ends here: by id, by slug, and by
   * another attribute (`to:`). A relation to a tree filters with `tree_id`/`tree_slug` instead.
   */
  readonly filterKinds?: { readonly id: string; readonly slug: string; readonly other: string };
  /** For a relation held on the row: the field holding the referenced id (an fk's own) and, when the row chooses the target, the one holding its type. */
  held?(field: Field): { id: string; type?: string };
  /**
   * Present when a filter path may step through the field: SQL of the condition that the row
   * `alias` of `resource` reaches a row `n` of `target` satisfying `inner`, as an `IN (SELECT …)`
   * so that to-one and to-many hops compose alike and a negation is Django's exclude().
   */
  hop?(field: Field, resource: Resource, alias: string, target: Resource, n: string, inner: string, ctx: HopContext): string;
  /** The link table the relation is kept in (null when the field has none). */
  links?(field: Field, resource: Resource, tagLink: TagLink): LinkRows | null;
  /** The link changes a write staged for `item` (undefined: the write leaves its links alone). */
  staged?(field: Field, item: StagedItem): LinkChanges | undefined;
  /** The field's edge of the delete graph, or null when deleting its targets does not reach the row (a mirrored m2m, `do_nothing`). */
  deleteEdge?(field: Field): DeleteEdge | null;
  /**
   * For another resource's foreign key seen from its target and written as a list (DRF writes a
   * reverse relation with Django's RelatedManager.set()): that resource's table, the column of its
   * fk, and whether the fk may be null. The listed objects' fk is set to the written object; with a
   * nullable fk the objects no longer listed are cleared, else set() only adds. Null when the
   * relation is not held by a foreign key.
   */
  reassigns?(field: Field, catalog: Catalog): { table: string; column: string; nullable: boolean } | null;
}

export interface FieldKind {
  /** The definitions' `type:` (and the table's `kind`). */
  readonly name: string;
  /** Keys a definition of this kind may carry besides the common ones (definitions/README.md). */
  readonly keys?: readonly string[];
  /** Column of a field named `name` when the definition gives none (null: not stored on the row). */
  defaultColumn(name: string): string | null;
  /** Whether a stored value of this kind can order a list. */
  readonly orderable?: boolean;
  /** Always read-only (counts, urls, computed values). */
  readonly readOnly?: boolean;
  /** Never shown nor written (a filter path's hop): read-only and write-only. */
  readonly hidden?: boolean;
  /** DRF's field type in OPTIONS metadata (`string`, `nested object`…). */
  readonly optionsType: string;

  /**
   * How a reference to other objects behaves (fk, m2m, tags, generic_fk, reverse, related_list):
   * how a filter path hops through it, how its links are written and removed, what a delete of
   * its targets does. The engine asks these instead of testing kind names. Absent: not a relation.
   */
  readonly relation?: RelationCapabilities;
  /** The type filter and permission-constraint values are compared as, at a path's end (default `text`). */
  readonly cast?: Cast;
  /**
   * A Django ForeignKey (fk, and an object type, a key to ContentType): a path segment may name it
   * by its attname `<name>_id`, as NetBox's stored permission constraints do (`{"site_id__in": [5]}`).
   */
  readonly djangoForeignKey?: boolean;
  /**
   * Bookkeeping the database keeps (the identity, a tree node's depth, placed by the tree's
   * statements): the writer never gives it a value nor a default.
   */
  readonly computedByDatabase?: boolean;
  /**
   * The value on create when the definition gives no default and the field is neither required,
   * nullable nor read-only: what NetBox's model field defaults to (`''`, `[]`, `{}`). Absent: null.
   */
  modelDefault?(): unknown;
  /** NetBox's filtersets derive filters from the field even when it is read-only (the id, the change stamps). */
  readonly filteredWhenReadOnly?: boolean;
  /**
   * The filter kind a `<name>_id` filter gets when its path ends at this (non-relation) field: an
   * object type is stored as `app.model`, and filtered by id through `content_type_id`.
   */
  readonly idFilter?: string;
  /** SQL of the value as Python's `str()` formats it in a display string (`{created}`), given the value's SQL. Default: `::text`. */
  displayText?(value: string): string;
  /**
   * Whether and how the field appears in change-log snapshots (NetBox's `serialize_object`):
   * false for bookkeeping and secrets (the id, a tree node's depth, a password). By default a
   * field is recorded when it has a column and is not hidden, as its column's value.
   */
  readonly snapshot?: false | SnapshotCapabilities;

  /** The column, or null when the value lives elsewhere. `choiceSet` gives a choice field's values. */
  column(field: Field, catalog: Catalog): ColumnSpec | null;
  /** The filters NetBox's filtersets derive from a model field of this kind (Meta.fields). */
  filters?(field: Field, resource: Resource, catalog: Catalog): FilterEntry[];
  /** OpenAPI schema of the value in responses. */
  response(field: Field, ctx: OpenApiContext): Schema;
  /** OpenAPI schema of the value in request bodies (writable kinds). */
  request?(field: Field, ctx: OpenApiContext): Schema;

  /** Validators of the request keys this field takes (usually just its name), for writable fields. */
  validators?(field: Field, catalog: Catalog): Record<string, ZodType>;
  /** Related objects a parsed input names, to be resolved for the whole batch before staging. */
  references?(field: Field, input: string, value: unknown): { target: string; refs: RelationRef[] } | null;
  /**
   * Puts a parsed input (`input` is the request key) into the item being written. A kind whose
   * staging waits (a password's hash) returns a promise; the writer awaits a batch's together.
   */
  stage?(field: Field, input: string, value: unknown, item: StagedItem, ctx: StageContext): void | Promise<void>;

  /** SQL of the value selected for the row `alias`, or null when nothing is selected. */
  select(field: Field, resource: Resource, alias: string, ctx: SelectContext): string | null;
  /** The JSON value from what `select` produced (`row` holds the object's selected values). */
  serialize(field: Field, resource: Resource, row: Row, ctx: SerializeContext): unknown;
  /**
   * SQL of the value exactly as `serialize` would show it, for a statement that renders whole
   * responses in PostgreSQL (`ctx.rendering`; runtime/rest/query/render.ts): a JSON value, or a
   * scalar whose JSON form is the value (text, integer, boolean, float8). Lists and reads of one
   * object are rendered so, with no JavaScript per row; the e2e test of runtime/rest
   * (rendering.e2e.test.ts) pins it to `serialize` for every served resource.
   */
  json(field: Field, resource: Resource, alias: string, ctx: SelectContext): string;
}
