/**
 * @module
 * The intermediate representation every emitter reads. Plain data only: no functions, no classes,
 * no Maps, so that `JSON.stringify(ir)` is the whole truth and two runs over the same definitions
 * give byte-identical output. Every list is sorted by the stage that builds it.
 */

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
  /** Only the choice sets some field uses, sorted by name. */
  choiceSets: ChoiceSetIR[];
  /** Tables that hold many-to-many links, sorted by name. */
  linkTables: LinkTableIR[];
}

export interface AppIR {
  name: string;
  resources: string[];
}

export interface ChoiceSetIR {
  name: string;
  choices: { value: string | number; label: string }[];
}

/** The route set a resource gets. */
export type RouteSet = 'full' | 'read-only' | 'no-bulk' | 'no-create';

export interface ExtraOperationIR {
  /** Handler name, resolved by the runtime's handler registry (e.g. `provision-token`). */
  handler: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the collection, e.g. `{id}/available-ips/` or `provision/`. */
  path: string;
  /** Whether the request needs an authenticated user. */
  auth: boolean;
}

export interface ResourceIR {
  /** `<app>.<path>`, e.g. `dcim.sites`: how definitions refer to a resource. */
  key: string;
  app: string;
  /** URL segment under `/api/<app>/`. */
  path: string;
  /** Model class name (`Site`), used in 404 bodies and OpenAPI component names. */
  model: string;
  /** Lower-case verbose name (`site`), used in messages such as "site with this name already exists.". */
  verboseName: string;
  /** `app.model` content type label (`dcim.site`), used for tags and object types. */
  objectType: string;
  table: string;
  /** Path of the UI page for display_url, e.g. `dcim/sites`. */
  uiPath: string;
  routes: RouteSet;
  operations: ExtraOperationIR[];
  /** Template of `display`, with `{field}` and `{field.subfield}` placeholders. */
  display: string;
  fields: FieldIR[];
  brief: string[];
  /** Fields shown when another object embeds this one. */
  nested: string[];
  /** Default ordering; a leading `-` means descending. */
  ordering: string[];
  unique: UniqueIR[];
  filters: FilterIR[];
  /** Columns matched case-insensitively by `?q=`. */
  search: string[];
  /** Set on nested-group models: the self-referencing parent field. */
  tree: { parent: string } | null;
  /** Whether the model records `created`/`last_updated` and answers with an ETag. */
  changeLogged: boolean;
}

export type FieldKind =
  | 'id'
  | 'url'
  | 'display_url'
  | 'display'
  | 'string'
  | 'text'
  | 'slug'
  | 'email'
  | 'color'
  | 'password'
  | 'timezone'
  | 'integer'
  | 'decimal'
  | 'boolean'
  | 'datetime'
  | 'date'
  | 'json'
  | 'string_list'
  | 'ip_network_list'
  | 'choice'
  | 'fk'
  | 'm2m'
  | 'object_type'
  | 'generic_fk'
  | 'tags'
  | 'custom_fields'
  | 'count'
  | 'depth';

export interface FieldIR {
  name: string;
  kind: FieldKind;
  /** Database column, or null when the value is not stored on the row (url, m2m, counts…). */
  column: string | null;
  required: boolean;
  nullable: boolean;
  /** Read-only and write-only together mean hidden: stored, never shown, never written by clients. */
  readOnly: boolean;
  writeOnly: boolean;
  /** Default on create, as a JSON value; null means none (nullable fields default to null). */
  default: unknown;
  maxLength: number | null;
  minValue: number | null;
  maxValue: number | null;
  /** For decimal fields: total digits and digits after the point. */
  digits: [number, number] | null;
  choiceSet: string | null;
  /** For fk and m2m: target resource key. */
  target: string | null;
  onDelete: 'cascade' | 'set_null' | 'protect' | null;
  /** For m2m: the link table and its two columns. */
  link: { table: string; source: string; target: string } | null;
  /** For m2m: set when this field is the other side of the named field on the target. */
  reverseOf: string | null;
  /**
   * For a generic relation (NetBox's GenericForeignKey) and its `<name>_type` field: the fields
   * holding the object type (`app.model`) and the id, and the resources they may point at.
   */
  generic: { typeField: string; idField: string; targets: string[] } | null;
  /**
   * For count: what is counted. `via` is the target's fk or m2m field pointing here; `cumulative`
   * counts the rows attached anywhere in this node's subtree. An empty target with `via: tags`
   * counts the objects tagged with this tag.
   */
  count: { target: string; via: string; cumulative: boolean } | null;
  /** A human label for OPTIONS and OpenAPI. */
  label: string;
  /** Whether `?ordering=` may name this field. */
  orderable: boolean;
  /** Fixed after create: `true` ignores a new value on update; a message refuses a changed value. */
  createOnly: boolean | string;
  /** For choice: whether the value is rendered as `{value, label}` (NetBox's ChoiceField) or raw. */
  labelled: boolean;
}

export interface UniqueIR {
  fields: string[];
  /** Only rows where all these fields are null take part (NetBox's `condition=Q(x__isnull=True)`). */
  whereNull: string[];
  /** Compare these string fields case-insensitively. */
  caseInsensitive: boolean;
  /** Error message (NetBox's); reported under the single field, or `__all__` for several. */
  message: string;
  /** Field the error is reported under. */
  errorField: string;
}

export type FilterKind = 'string' | 'number' | 'boolean' | 'choice' | 'datetime' | 'fk_id' | 'fk_attr' | 'tree_id' | 'tree_attr' | 'm2m_id' | 'm2m_attr' | 'tag' | 'id';

export interface FilterIR {
  /** Query parameter name (without lookup suffix). */
  name: string;
  kind: FilterKind;
  /** For direct filters: the field of this resource; for fk/m2m filters: the relation field. */
  field: string;
  /** For fk_attr/m2m_attr/tree_attr: the attribute of the target matched (e.g. `slug`). */
  attribute: string | null;
  /** For choice filters: the choice set validated against. */
  choiceSet: string | null;
  /** Lookup suffixes accepted besides the exact match, e.g. `n`, `ic`, `lt`. */
  lookups: string[];
}

export interface LinkTableIR {
  name: string;
  source: { column: string; table: string };
  target: { column: string; table: string };
}
