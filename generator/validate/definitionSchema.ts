/**
 * @module
 * The shape of definition files, as zod schemas. Objects are strict so that a misspelt key is an
 * error pointed at the key itself. definitions/README.md documents every key shown here.
 */
import { z } from 'zod';
import { isLegacyTarget } from '../../runtime/contract/index.ts';
import { fieldKinds, filterKinds } from '../../runtime/kinds/index.ts';
import { didYouMean } from '../suggest.ts';

/**
 * Field types: the field kinds (runtime/kinds/fields), plus `generic_fk`, which a definition writes
 * as one entry and the generator expands into its three API fields.
 */
export const fieldTypes = [...fieldKinds.keys()].filter((k) => !['id', 'url', 'display_url', 'display', 'object_type'].includes(k));

const name = z.string().regex(/^[a-z_][a-z0-9_]*$/, 'must be a snake_case name');
const resourceRef = z.string().regex(/^([a-z]+\.[a-z0-9-]+|self)$/, 'must be `<app>.<resource-path>` or `self`');

/** Keys every field may carry; the kind's own keys (FieldKind.keys) are allowed on top, per type. */
export const commonFieldKeys = ['type', 'required', 'nullable', 'read_only', 'write_only', 'default', 'unique', 'label', 'column', 'filter', 'orderable', 'create_only', 'expression', 'db_index'] as const;

export const fieldSchema = z.strictObject({
  type: z.string().refine((t) => fieldTypes.includes(t), { error: (issue) => `must be one of ${fieldTypes.join(', ')}${didYouMean(String(issue.input), fieldTypes)}` }),
  required: z.boolean().optional(),
  nullable: z.boolean().optional(),
  read_only: z.boolean().optional(),
  write_only: z.boolean().optional(),
  default: z.unknown().optional(),
  max_length: z.number().int().positive().optional(),
  min_value: z.number().optional(),
  max_value: z.number().optional(),
  digits: z.tuple([z.number().int().positive(), z.number().int().nonnegative()]).optional(),
  choices: z.string().optional(),
  target: resourceRef.optional(),
  /**
   * For generic_fk (and a written object_list): the resources the `<name>_type`/`<name>_id` pair
   * may point at, listed, or `{ feature: <mixin> }`, every resource built on that mixin (NetBox's
   * `ObjectType.objects.with_feature(…)`: `journaling`, `taggable`, `contacts`), or `any`, every
   * served resource (a ContentTypeField over `ContentType.objects.all()`: a tunnel termination's).
   */
  targets: z.union([z.array(resourceRef).min(1), z.strictObject({ feature: z.string().min(1) }), z.literal('any')]).optional(),
  /**
   * For generic_fk: the targets that declare a GenericRelation back (NetBox's `tunnel_terminations`
   * of interfaces): only their deletes reach the row, with `on_delete`; deleting an object of
   * another target leaves the row naming it, as Django does. Every target when left out.
   */
  generic_relations: z.array(resourceRef).min(1).optional(),
  /**
   * For generic_fk: the id may be left out or null (NetBox's `PositiveBigIntegerField(blank=True,
   * null=True)` beside a required type), and a type without it is refused by BaseModel.clean()
   * (`This field cannot be null.` under the id), not by the serializer.
   */
  optional_id: z.boolean().optional(),
  /**
   * For generic_fk: the prefix of the written pair when NetBox names it apart from the object: a
   * service's `parent_object_type`/`parent_object_id` (`pair: parent_object`) show `parent`.
   */
  pair: name.optional(),
  on_delete: z.enum(['cascade', 'set_null', 'protect', 'do_nothing']).optional(),
  unique: z.boolean().optional(),
  /** An index on the column, as Django's `db_index` (a list's ordering or a frequent filter). */
  db_index: z.union([z.boolean(), z.array(z.enum(['btree', 'gist', 'host', 'masklen'])).min(1)]).optional(),
  label: z.string().optional(),
  /** For count: the field of the counted resource that points back here. */
  via: name.optional(),
  cumulative: z.boolean().optional(),
  column: name.optional(),
  /** `false` to derive no filter from this field; `lookups` to derive only its lookups (`start__gte`, not `start`). */
  filter: z.union([z.boolean(), z.literal('lookups')]).optional(),
  orderable: z.boolean().optional(),
  /** For m2m: this is the other side of `<field>` on the target (one link table for both). */
  reverse_of: name.optional(),
  /**
   * Fixed once the object exists (NetBox makes it read-only after creation): `true` ignores a new
   * value on update, as DRF ignores read-only fields; a message refuses a different value with a 400.
   */
  create_only: z.union([z.boolean(), z.string().min(1)]).optional(),
  /** For choice: `false` renders the raw value (a plain model choice) instead of NetBox's `{value, label}`. */
  labelled: z.boolean().optional(),
  /** For choice: `""` is accepted (DRF's allow_blank). */
  blank: z.boolean().optional(),
  /** A named SQL expression (registered in runtime/inventory) computes the value: a read-only computed field. */
  expression: name.optional(),
  /** For fk and m2m: the target's fields shown when embedded here (instead of its `nested` set). */
  shows: z.array(name).optional(),
  /** For reverse and related_list: the target's fk (or generic relation) that points here. */
  field: name.optional(),
  /** For object_list: the nested objects alone, without `object_type`/`object_id`. */
  bare: z.boolean().optional(),
  /** For m2m: written and shown as this attribute of the targets (DRF's SlugRelatedField: a config context's tag slugs). */
  slug_field: name.optional(),
  /** For position_mappings: the items' key naming the peer (`rear_port`), when it is not the target's model in snake case. */
  peer: name.optional(),
  /** For position_mappings: the hidden json field of this resource that keeps the mappings (on the side that stores them). */
  stored: name.optional(),
});
export type FieldDefinition = z.infer<typeof fieldSchema>;

export const uniqueSchema = z.strictObject({
  fields: z.array(name).min(1),
  where_null: z.array(name).optional(),
  case_insensitive: z.boolean().optional(),
  message: z.string().optional(),
});
export type UniqueDefinition = z.infer<typeof uniqueSchema>;

/** A filter of `filters:`; its name is the map key. Left-out keys are inferred from the path (definitions/README.md). */
export const filterSchema = z.strictObject({
  kind: z.string().refine((k) => filterKinds.has(k), { error: (issue) => `must be one of ${[...filterKinds.keys()].join(', ')}${didYouMean(String(issue.input), filterKinds.keys())}` }).optional(),
  /** Model field path, Django style: `site__region`. */
  path: z.string().regex(/^[a-z_][a-z0-9_]*(__[a-z_][a-z0-9_]*)*$/, 'must be a field path such as `site__region`').optional(),
  to: name.optional(),
  choices: z.string().optional(),
  method: name.optional(),
  lookups: z.array(z.string()).optional(),
  value: z.enum(['string', 'integer', 'id', 'number', 'boolean']).optional(),
});
export type FilterDefinition = z.infer<typeof filterSchema>;

/** A query parameter an operation reads (documented in the OpenAPI document; the handler parses it). */
export const operationParameterSchema = z.strictObject({
  name: name,
  type: z.enum(['string', 'integer', 'boolean']),
  /** Repeatable (`?group_id=1&group_id=2`). */
  many: z.boolean().optional(),
  required: z.boolean().optional(),
  enum: z.array(z.union([z.string(), z.number()])).min(1).optional(),
  description: z.string().optional(),
});

export const operationSchema = z.strictObject({
  handler: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a kebab-case handler name'),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().regex(/^([a-z0-9{}_-]+\/)+$/, 'must be a relative path ending in `/`'),
  auth: z.boolean().optional(),
  /** The permission action checked on the resource (default: the method's: view, add, change, delete). */
  action: name.optional(),
  /**
   * Whether the model registers `action` (NetBox's Meta.permissions), so that the permissions
   * matrix lists it as the model's custom action; default true. False for an action NetBox checks
   * without registering it (a config template's `render`): a permission names it freely.
   */
  action_registered: z.boolean().optional(),
  /** Component schemas (of schemas.yaml, or a resource's `<Model>`/`<Model>Request`) of the bodies. */
  request: z.string().optional(),
  response: z.string().optional(),
  many: z.boolean().optional(),
  status: z.number().int().optional(),
  summary: z.string().optional(),
  /** Query parameters the handler reads. */
  parameters: z.array(operationParameterSchema).optional(),
  /** The success response's media type when it is not JSON (`text/yaml`); its body is then a string. */
  media_type: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/, 'must be a media type such as `text/yaml`').optional(),
  /** Error statuses the operation answers besides 400 and 403, with what each means (`409: the plan is stale`). */
  errors: z.record(z.string().regex(/^[45]\d\d$/, 'must be a 4xx or 5xx status'), z.string()).optional(),
});

/** An action NetBox registers on a model (its `Meta.permissions`): a permission may grant it on this model's type. */
export const customActionSchema = z.strictObject({
  label: z.string().min(1),
  help_text: z.string().optional(),
});

const searchEntry = z.string().regex(/^[=^]?[a-z_][a-z0-9_]*(__[a-z_][a-z0-9_]*)*$/, 'must be a field path, optionally prefixed with = or ^');

/**
 * A resource's `search`: a list adds to the inherited entries; `{ replace: [...] }` is the whole
 * search (NetBox's PowerPanel searches only name and description); `{ drop: [...], add: [...] }`
 * removes inherited entries and adds others.
 */
const resourceSearchSchema = z.union(
  [
    z.array(searchEntry),
    z
      .strictObject({ replace: z.array(searchEntry).min(1).optional(), drop: z.array(searchEntry).min(1).optional(), add: z.array(searchEntry).min(1).optional() })
      .refine((s) => (s.replace ? !s.drop && !s.add : !!s.drop), { error: 'takes either `replace`, or `drop` (with `add` if needed)' }),
  ],
  { error: 'must be a list of field paths, `{ replace: [...] }` or `{ drop: [...], add: [...] }`' },
);

const commonModelKeys = {
  mixins: z.array(z.string()).optional(),
  /** A null value places an inherited field at this position. */
  fields: z.record(name, fieldSchema.nullable()).optional(),
  brief: z.array(name).optional(),
  /** Fields shown when another object embeds this one; defaults to `brief`. */
  nested: z.array(name).optional(),
  ordering: z.array(z.string().regex(/^-?[a-z_][a-z0-9_]*$/)).optional(),
  unique: z.array(uniqueSchema).optional(),
  /** `q` search: field paths, icontains unless prefixed `=` (iexact) or `^` (istartswith), or with a `__<op>` suffix; added to the inherited ones. */
  search: z.array(searchEntry).optional(),
  display: z.string().optional(),
  tree: z.boolean().optional(),
  change_logged: z.boolean().optional(),
  /** Filters by name; `null` drops one derived from a field. */
  filters: z.record(name, filterSchema.nullable()).optional(),
};

export const mixinSchema = z.strictObject(commonModelKeys);
export type MixinDefinition = z.infer<typeof mixinSchema>;

export const resourceSchema = z.strictObject({
  ...commonModelKeys,
  search: resourceSearchSchema.optional(),
  model: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a PascalCase model name'),
  verbose_name: z.string().optional(),
  table: name.optional(),
  ui_path: z.string().optional(),
  routes: z.enum(['full', 'read-only', 'no-bulk', 'no-create', 'list-only', 'none']).optional(),
  /** `false` where NetBox's serializer has no `display_url` (a model without a UI view of its own). */
  display_url: z.literal(false).optional(),
  /**
   * Names a field had before NetBox renamed it (`device_role: role`), accepted and shown beside
   * the new name, as NetBox did for a deprecation period, when LEGACY_FIELD_NAMES=true. A field
   * NetBox folded into a generic relation is `<generic field>:<target>` (a circuit termination's
   * `site: termination:dcim.sites`): the old name writes the pair with that type and shows the
   * related object when the pair is of that type.
   */
  /**
   * Fields NetBox added after the clients LEGACY_FIELD_NAMES serves, left out of representations
   * when it is on (a front port's `rear_ports`, whose entries pynetbox 7.0 cannot read).
   */
  legacy_hidden: z.array(name).optional(),
  legacy_names: z.record(name, z.string().refine(isLegacyTarget, 'must be a snake_case name or an entry of a list field (`rear_ports[position=1].rear_port`)')).optional(),
  /**
   * The field naming the object a change record relates to (a component's `device`), as NetBox's
   * `to_objectchange`; a list of fks names the first that is set (a template's device type, else its module type).
   */
  change_related: z.union([name, z.array(name).min(2)]).optional(),
  operations: z.array(operationSchema).optional(),
  /**
   * Actions a permission may grant on this model besides view, add, change and delete (NetBox's
   * `Meta.permissions`: a data source's `sync`), by name. An operation's own `action:` registers
   * its action too; this key names those whose operation is not served yet.
   */
  custom_actions: z.record(name, customActionSchema).optional(),
  /**
   * Writes are recorded in the change log although the model has no `created`/`last_updated`
   * (NetBox's ObjectPermission is not change-logged; recording it gives the permissions matrix
   * an audit trail to revert from). `change_logged` is for models with the stamps.
   */
  change_records: z.literal(true).optional(),
  /**
   * A template's component (NetBox's `component_model` and `instantiate()`): the resource it
   * creates on a device, the fields whose placeholders are resolved, copied as they are, and the
   * references to other templates that become references to their components.
   */
  instantiates: z
    .strictObject({
      target: z.string().regex(/^[a-z]+\.[a-z0-9-]+$/, 'must be a resource key <app>.<path>'),
      resolve: z.array(name).optional(),
      copy: z.array(name).optional(),
      link: z.array(name).optional(),
    })
    .optional(),
});
export type ResourceDefinition = z.infer<typeof resourceSchema>;

export const appFileSchema = z.strictObject({
  app: z.string().regex(/^[a-z]+$/),
  resources: z.record(z.string().regex(/^[a-z0-9-]+$/, 'must be a kebab-case path segment'), resourceSchema),
});
export type AppFile = z.infer<typeof appFileSchema>;

/** A column of a route group's own table. */
const groupColumnSchema = z.strictObject({
  type: z.enum(['varchar', 'text', 'text_array', 'integer', 'boolean', 'timestamp', 'jsonb']),
  /** An index on the column: `btree`, or `gin` for containment of an array (`@>`, `&&`). */
  index: z.enum(['btree', 'gin']).optional(),
  /** varchar only: the maximum length. */
  length: z.number().int().positive().optional(),
  nullable: z.boolean().optional(),
  unique: z.boolean().optional(),
  description: z.string().optional(),
}).refine((c) => (c.type === 'varchar') === (c.length !== undefined), { message: 'a varchar column needs a length, and only a varchar column has one' });

const groupTableSchema = z.strictObject({
  description: z.string(),
  columns: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a snake_case column name'), groupColumnSchema),
});

/**
 * A route group: operations served by hand-written handlers under one base path that is no
 * resource (a plugin's API: `/api/plugins/permissions-matrix/`). Its routes check the caller's
 * permission on `resource` with each operation's action, and its handlers receive that resource.
 */
export const routeGroupFileSchema = z.strictObject({
  group: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be a kebab-case name'),
  /** Below `/api/`, ending in `/`: `plugins/permissions-matrix/`. */
  base_path: z.string().regex(/^([a-z0-9_-]+\/)+$/, 'must be a relative path ending in `/`'),
  resource: z.string().regex(/^[a-z]+\.[a-z0-9-]+$/, 'must be `<app>.<resource-path>`'),
  description: z.string().optional(),
  /**
   * `true`: the base path, one segment under an app's, is listed in that app's root as a viewset
   * NetBox's router registers is (`users/config/`); a path NetBox adds by hand is not (`extras/dashboard/`).
   */
  listed: z.boolean().optional(),
  /**
   * An operation's `path` may be empty: the base path itself (`/api/dcim/connected-device/`), which
   * is then no index of the group's operations.
   */
  operations: z
    .array(
      operationSchema.extend({
        path: z.string().regex(/^([a-z0-9{}_-]+\/)*$/, 'must be empty or a relative path ending in `/`'),
        /**
         * Instead of the resource's permission, one of NetBox's permission classes:
         * `is_authenticated` (IsAuthenticated: any authenticated caller, a read-only token too) or
         * `token_write` (an authenticated caller whose token, for a write, is write-enabled); the
         * handler limits what the caller reaches (their own preferences, their own dashboard).
         */
        permission: z.enum(['is_authenticated', 'token_write']).optional(),
      }),
    )
    .min(1),
  /**
   * Tables the group's handlers keep their own state in, with no API of their own (the permissions
   * matrix's plan-token secret): by table name, an identity `id` and these columns.
   */
  tables: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'must be a snake_case table name'), groupTableSchema).optional(),
  /** The group's own component schemas, as schemas.yaml's (names must not repeat another component's). */
  schemas: z.record(z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a PascalCase schema name'), z.record(z.string(), z.unknown())).optional(),
});
export type RouteGroupFile = z.infer<typeof routeGroupFileSchema>;

export const mixinFileSchema = z.strictObject({ mixins: z.record(z.string(), mixinSchema) });

const choiceValue = z.union([z.string(), z.number()]);
export const choicesFileSchema = z.strictObject({
  choice_sets: z.record(z.string(), z.array(z.tuple([choiceValue, z.string()]))),
});
export type ChoicesFile = z.infer<typeof choicesFileSchema>;

/** `schemas.yaml`: OpenAPI schemas of hand-written operations' bodies; `$ref: Name` names a component. */
export const schemasFileSchema = z.strictObject({ schemas: z.record(z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'must be a PascalCase schema name'), z.record(z.string(), z.unknown())) });
