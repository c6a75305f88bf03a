/**
 * @module
 * The inventory's generated table (`generated/inventory/resources.json`): every resource, its
 * fields, filters, uniques and routes, as compact data. generator/ writes it and runtime/ reads it;
 * both import these types through this folder's face. Keys left out of an entry take their
 * defaults (runtime/kinds expands and compacts entries), so the file states only what differs.
 */

/** Bumped when the table's shape changes incompatibly. */
export const INVENTORY_TABLE_FORMAT = 2;

/** The one table of tag assignments every taggable model shares (NetBox's extras.TaggedItem). */
export const TAG_LINK = { table: 'extras_tagged_item', objectType: 'object_type', objectId: 'object_id', tagId: 'tag_id' } as const;

/** `do_nothing` (generic relations only) keeps the row when its object goes: a change record outlives what it records. */
export type OnDelete = 'cascade' | 'set_null' | 'protect' | 'do_nothing';

/** Which standard operations a resource has. */
export type RouteSet = 'full' | 'read-only' | 'no-bulk' | 'no-create' | 'list-only' | 'none';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A many-to-many link table and its two columns (`source` points at the owner of the field). */
/** What a field's `db_index` builds: a btree on the column, GiST `inet_ops` on it, or a btree on its host. */
export type DbIndexKind = 'btree' | 'gist' | 'host' | 'masklen';

export interface LinkEntry {
  table: string;
  source: string;
  target: string;
}

/** A generic relation (NetBox's GenericForeignKey): the fields holding `app.model` and the id, and the allowed targets. */
export interface GenericEntry {
  typeField: string;
  idField: string;
  targets: string[];
  /**
   * The targets declaring a GenericRelation back, whose deletes reach the row (`on_delete`); a delete
   * of another target's object leaves the row naming it. Every target when absent.
   */
  relations?: string[];
}

/**
 * One field. `kind` names its field kind (runtime/kinds/fields/<kind>.ts), which decides storage,
 * validation, SQL and serialisation; the other keys are the options kinds read.
 */
export interface FieldEntry {
  name: string;
  kind: string;
  /** Database column; null when the value is not stored on the row. Default: the kind's. */
  column?: string | null;
  required?: boolean;
  nullable?: boolean;
  /** Read-only and write-only together mean hidden: stored, never shown, never written by clients. */
  readOnly?: boolean;
  writeOnly?: boolean;
  /** Default on create as a JSON value (`now` and `current_user` are resolved at write time). */
  default?: unknown;
  label?: string;
  orderable?: boolean;
  /** Fixed after create: `true` ignores a new value on update; a message refuses a changed value. */
  createOnly?: boolean | string;
  /**
   * The column is indexed (Django's db_index): read by the generator only. `true` is a btree; a
   * list names the indexes: `btree`, `gist` (GiST `inet_ops`, containment of cidr/inet columns)
   * and `host` (a btree on `host(column)::inet`, an address's host in address order).
   */
  dbIndex?: boolean | DbIndexKind[];
  /** A named SQL expression (runtime/inventory) computes the value instead of a column. */
  expression?: string;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  /** For decimals: total digits and digits after the point. */
  digits?: [number, number];
  /** Choice set name (choice kinds). */
  choices?: string;
  /** For choice: false renders the raw value instead of `{value, label}`. */
  labelled?: boolean;
  /** For choice: `""` is accepted (DRF's allow_blank); it is stored as null when the field is nullable. */
  blank?: boolean;
  /** Related resource key (`dcim.sites`) for relation kinds and counts. */
  target?: string;
  onDelete?: OnDelete;
  link?: LinkEntry;
  /** For m2m: the other side of this field of the target (one link table for both). */
  reverseOf?: string;
  generic?: GenericEntry;
  /** For count: the target's fk or m2m field that points back here; `cumulative` counts a tree's subtree. */
  via?: string;
  cumulative?: boolean;
  /** For reverse relations: the field of the target pointing here. */
  field?: string;
  /** Fields of the target shown when the value is a nested object (instead of its `nested` set). */
  shows?: string[];
  /** For object_list: show the nested objects alone, not `{object_type, object_id, object}`. */
  bare?: boolean;
  /** For m2m: written and shown as this attribute of the targets, as DRF's SlugRelatedField (a config context's tag slugs). */
  slugField?: string;
  /** For position_mappings: the items' key naming the peer (`rear_port`); default: the target's model in snake case. */
  peer?: string;
  /** For position_mappings: the hidden json field keeping the mappings, `[{position, peer, peer_position}]`, on the side that stores them. */
  stored?: string;
}

/** One filter: a query parameter and, with each lookup, `<name>__<lookup>`. */
export interface FilterEntry {
  name: string;
  /** Filter kind (runtime/kinds/filters/<kind>.ts). */
  kind: string;
  /** Model field path, Django style (`site__region`); default: the name. */
  path?: string;
  /** Attribute of the target matched by slug/name/other relation filters (`slug`, `asn`). */
  to?: string;
  /** Choice set validated against. */
  choices?: string;
  /** For method filters: the handler's name (runtime/inventory registers it). */
  method?: string;
  /** For method filters: the JSON type of a value (default string), for the OpenAPI document. */
  value?: 'string' | 'integer' | 'id' | 'number' | 'boolean';
  /** Lookups accepted besides the exact match; default: the kind's. */
  lookups?: string[];
  /**
   * `false`: the bare name is no parameter, only its lookups are (an ASN range's `start`, whose
   * bare name is the paging parameter, still filters as `start__gte`…).
   */
  exact?: false;
}

export interface UniqueEntry {
  fields: string[];
  /** Only rows where all these fields are null take part. */
  whereNull?: string[];
  caseInsensitive?: boolean;
  /** NetBox's message, reported under `errorField` (`__all__` unless the constraint is one field). */
  message: string;
  errorField: string;
}

/** An operation served by a hand-written handler (runtime/inventory/<app>/<group>/). */
export interface OperationEntry {
  handler: string;
  method: HttpMethod;
  /** Path below the collection, e.g. `{id}/available-ips/`. */
  path: string;
  /** Whether the caller must be authenticated (default true). */
  auth?: boolean;
  /** Permission action checked on the resource (default: the method's). */
  action?: string;
  /** For route group operations: a NetBox permission class checked instead of `action` (`is_authenticated`, `token_write`). */
  permission?: 'is_authenticated' | 'token_write';
  /** Component schema names of the request and response bodies (OpenAPI). */
  request?: string;
  response?: string;
  /** Response status (default 200, 201 for POST). */
  status?: number;
  /** Whether the response is a list of `response`. */
  many?: boolean;
  /** One line for the OpenAPI document. */
  summary?: string;
  /** Query parameters the handler reads (for the OpenAPI document). */
  parameters?: OperationParameter[];
  /** The success response's media type when it is not JSON (`text/yaml`). */
  mediaType?: string;
  /** Error statuses answered besides 400 and 403, with what each means. */
  errors?: Record<string, string>;
}

/** A query parameter of a hand-written operation. */
export interface OperationParameter {
  name: string;
  type: 'string' | 'integer' | 'boolean';
  /** Repeatable. */
  many?: boolean;
  required?: boolean;
  enum?: (string | number)[];
  description?: string;
}

/** An action a permission may grant on a model besides view, add, change and delete (NetBox's `Meta.permissions`). */
export interface CustomActionEntry {
  name: string;
  label: string;
  helpText?: string;
}

/** `q` search: a field path and how it matches (Django lookup, default icontains). */
export interface SearchEntry {
  path: string;
  lookup?: string;
}

export interface ResourceEntry {
  /** `<app>.<path>`. */
  key: string;
  app: string;
  path: string;
  model: string;
  verboseName: string;
  objectType: string;
  table: string;
  uiPath: string;
  routes?: RouteSet;
  operations?: OperationEntry[];
  /** Registered custom actions (`sync`, `render_config`), by name: declared ones and those of operations. */
  customActions?: CustomActionEntry[];
  /** Writes are recorded in the change log though the model has no created/last_updated (`change_logged` implies both). */
  changeRecords?: true;
  /** `{field}` template or `@<expression>` (a named SQL expression). */
  display: string;
  /**
   * Fields after the four every resource starts with (id, url, display_url, display). A string
   * `<set>.<name>` is a field inherited unchanged from the field set (mixin) of that name.
   */
  fields: (FieldEntry | string)[];
  brief: string[];
  nested?: string[];
  ordering: string[];
  unique?: UniqueEntry[];
  /** Filters; a string `@<set>` includes a shared filter set. */
  filters: (FilterEntry | string)[];
  search?: SearchEntry[];
  /** Set on nested-group models (a tree of `parent`). */
  tree?: boolean;
  changeLogged?: boolean;
  /** False for the few models NetBox's serializer shows without `display_url` (no UI view of their own). */
  displayUrl?: false;
  /**
   * Pre-rename field names by old name (`{device_role: 'role'}`), served with LEGACY_FIELD_NAMES=true;
   * or an entry of a list (`rear_ports[position=1].rear_port`), or one type of a generic relation
   * (`termination:dcim.sites`): runtime/contract/legacyNames.ts.
   */
  legacyNames?: Record<string, string>;
  /** Fields left out of representations with LEGACY_FIELD_NAMES=true (added after the clients it serves). */
  legacyHidden?: string[];
  /** The fk or generic relation naming the object a change record relates to (a component's `device`); of several fks, the first set. */
  changeRelated?: string | string[];
  /** A template's instantiation: the component resource it creates and the fields that carry over. */
  instantiates?: InstantiationEntry;
  /**
   * The mixins the resource is built on, directly or through another, in merge order: what NetBox's
   * model features are computed from (runtime/inventory/core/objectTypes/features.ts).
   */
  mixins?: string[];
}

/**
 * How a template (NetBox's component templates) becomes a component of a device: the `target`
 * resource, the fields whose `{module}`/`{vc_position}` placeholders are resolved (`resolve`), those
 * copied as they are (`copy`), and the references to other templates that become references to the
 * components instantiated from them on the same device (`link`: an interface template's bridge).
 */
export interface InstantiationEntry {
  target: string;
  resolve: string[];
  copy: string[];
  link: string[];
}

/** An edge of the relation graph: what deleting a `target` object does to `resource` rows. */
export interface RelationEntry {
  /** The resource holding the reference. */
  resource: string;
  field: string;
  kind: 'fk' | 'generic' | 'm2m' | 'tags';
  /** Resource keys the reference may point at. */
  targets: string[];
  onDelete: OnDelete;
}

export interface InventoryTable {
  format: number;
  apps: { name: string; resources: string[] }[];
  /** Choice sets by name: `[value, label]` pairs in NetBox's order. */
  choiceSets: Record<string, [string | number, string][]>;
  /** Fields shared by reference (a mixin's fields), by set name and field name. */
  fieldSets: Record<string, Record<string, FieldEntry>>;
  /** Filters shared by reference, by set name. */
  filterSets: Record<string, FilterEntry[]>;
  resources: ResourceEntry[];
  /** Every reference between resources, with what a delete does (the delete collector's graph). */
  relations: RelationEntry[];
}

/** What a constraint or unique index protects (`generated/inventory/constraints.json`): the runtime never parses names. */
export type ConstraintMeaning =
  | { kind: 'unique'; table: string; columns: string[]; resource: string | null; unique: number | null }
  | { kind: 'foreign_key'; table: string; column: string; references: string; resource: string | null; field: string | null };
