/**
 * @module
 * What the generic engine takes from outside it, by name: SQL expressions (computed fields and
 * `display` formats), method filters, model rules (lifecycle hooks) and the handlers of extra
 * operations. Their behaviour lives in runtime/inventory/<app>/, registered under the names the
 * definitions use; the engine never knows which resource it is serving.
 */
import type { Context } from 'hono';
import type { Field, Resource } from '../contract/index.ts';
import type { Database, Queryable } from '../db/index.ts';
import type { TaskHandler } from '../jobs/index.ts';
import type { CustomFieldSet, FilterQuery, MethodValue } from '../kinds/index.ts';
import type { ConstraintSet, RequestContext } from './context.ts';
import type { Registry } from './registry.ts';
import type { WriteBatch, WriteItem } from './write/batch.ts';
import type { DeletePlan } from './write/deletePlan.ts';

/** What an SQL expression may use while the SELECT is built. */
export interface SqlScope {
  /** A fresh table alias. */
  alias(): string;
  /** The quoted table of a resource. */
  table(key: string): string;
  /** The SQL of a field's value on the row `alias`. */
  column(resourceKey: string, fieldName: string, alias: string): string;
  /** The resource's display string on the row `alias`. */
  display(resource: Resource, alias: string): string;
  /** Builds a self-contained piece of a per-request statement with stable aliases (SelectBuilder.fragment). */
  fragment<T>(build: () => T): T;
  /** A choice value's label. */
  choiceLabel(set: string, valueSql: string): string;
  /** The nested JSON object of `target` whose id is `idSql` (as fk fields embed it). */
  nested(target: string, idSql: string, shows?: string[]): string;
  resource(key: string): Resource;
}

/** A named SQL expression over the row `alias` (`family(ip.address)`, a device's display). No parameters: select lists are cached. */
export type SqlExpression = (alias: string, sql: SqlScope) => string;

/**
 * What a method filter gets: its values, given and parsed, the listed row's alias, a way to bind
 * values, and the path compiler. `V` is what the filter's declared `value` type parses to
 * (runtime/kinds/filters/method.ts): `boolean` for `boolean` (and the `empty` lookup), `number`
 * for `integer` and `number`, `string` by default.
 */
export interface MethodFilterArgs<V extends MethodValue = MethodValue> {
  lookup: string;
  /** The values as the client wrote them (never empty). */
  values: string[];
  /** The values parsed by the declared type; a boolean filter reads one, the last given. */
  parsed: V[];
  /** The last of `parsed`: what NetBox's single-value filters (BooleanFilter, NumberFilter, CharFilter) act on. */
  value: V;
  alias: string;
  param(value: unknown): string;
  query: FilterQuery;
  sql: SqlScope;
}

/** NetBox's `method=` filters: the condition, or null after `query.error(…)`. */
export type MethodFilter<V extends MethodValue = MethodValue> = (args: MethodFilterArgs<V>) => string | null;

/**
 * A model's rules, NetBox's `clean()` and signal handlers. Each hook sees the whole batch of a
 * request (one object or a bulk list), so it can check with one query per table, not per object.
 */
export interface ModelRules {
  /** Validation after fields are parsed and references resolved: add errors to items. */
  clean?(batch: WriteBatch): Promise<void>;
  /** Just before rows are written (errors are no longer possible): fill derived columns. */
  beforeSave?(batch: WriteBatch): Promise<void>;
  /** After rows, links and tags are written, inside the same transaction. */
  afterSave?(batch: WriteBatch): Promise<void>;
  /** Before a delete plan runs; may refuse it with an ApiError. `registry` finds other resources' tables. */
  beforeDelete?(plan: DeletePlan, tx: Queryable, ctx: RequestContext, registry: Registry): Promise<void>;
  /**
   * A generic relation naming no object, where the model's serializer refuses it in its own words
   * before the model's clean() (`target` is the resource the type names); without it the engine
   * answers BaseModel.clean()'s `Related object not found using the provided value: 7.`, as it
   * does when this returns false.
   */
  genericObjectMissing?(item: WriteItem, target: Resource, id: unknown): boolean;
  /**
   * Half of a generic relation's pair (`missing` names the half not given), where the model's
   * clean() answers it in its own words before BaseModel.clean() (a circuit termination's
   * `Please select a Site.`, CachedScopeMixin's `Please select a site.`); `target` is the resource
   * the given type names, when it is one of the relation's. Without it, or when this returns
   * false, the engine answers `This field cannot be null.` under the missing half.
   */
  genericHalfPair?(item: WriteItem, field: Field, missing: 'type' | 'id', target?: Resource): boolean;
  /**
   * A generic relation to an existing object of a served type that is not one of its targets,
   * where NetBox's serializer takes any type and the model's clean() refuses it (a journal entry
   * on an object without journaling); without it the engine answers `Invalid content type: x`
   * under the type field, as a ContentTypeField limited to the targets does.
   */
  genericTypeRefused?(item: WriteItem, target: Resource): void;
  /**
   * A tree model's words for a parent that is the object itself or one of its descendants;
   * without it the engine answers NestedGroupModel's `Cannot assign self or child <model> as parent.`
   */
  cyclicParent?(item: WriteItem): string;
  /** After the plan ran, inside the same transaction. */
  afterDelete?(plan: DeletePlan, tx: Queryable, ctx: RequestContext, registry: Registry): Promise<void>;
}

/** The engine's services a handler may use (RestEngine provides them). */
export interface RestServices {
  readonly registry: Registry;
  /** Objects by id as a response shows them: one query. */
  render(db: Queryable, resource: Resource, ids: number[], ctx: RequestContext, query?: URLSearchParams, method?: string): Promise<{ bodies: Record<string, unknown>[]; etags: (string | null)[] }>;
  /**
   * Creates objects of `resource` as a bulk POST of the bodies `prepare` returns would (fields,
   * model rules, uniques; errors as a list per object), in one transaction that `prepare` opens:
   * it may lock a parent and choose values first (the available-* operations). Returns the
   * objects as a response shows them.
   */
  createWithin(resource: Resource, ctx: RequestContext, prepare: (tx: Queryable) => Promise<unknown[]>): Promise<Record<string, unknown>[]>;
  /** The ids of every object the list request `url` selects (filters, search, `view` constraints), in list order, unpaginated: one query. */
  matchingIds(db: Queryable, resource: Resource, url: URL, ctx: RequestContext): Promise<number[]>;
  /** Why permission `constraints` cannot apply to objects of `objectType` (a missing field, a bad value), or null when they can. */
  constraintError(objectType: string, constraints: unknown): string | null;
  /** The ids among `ids` that the caller's `action` permission (with its constraints) reaches: one query, none when unrestricted. */
  permitted(db: Queryable, resource: Resource, ids: readonly number[], ctx: RequestContext, action: string): Promise<Set<number>>;
  /** The ids among `ids` whose rows match Django-style lookups (`[{"role__slug": "core"}]`, ORed): one query; none when a lookup cannot apply. */
  matching(db: Queryable, resource: Resource, ids: readonly number[], sets: ConstraintSet[]): Promise<Set<number>>;
  /**
   * Runs `fn` in one transaction with an ObjectWriter: creates, updates and deletes of any
   * resource as the REST endpoints make them (fields, model rules, change log), all or nothing.
   * Unlike a bulk request, an object the caller may not change or delete is a 403, not skipped.
   */
  writeWithin<T>(ctx: RequestContext, fn: (tx: Queryable, objects: ObjectWriter) => Promise<T>): Promise<T>;
}

/** Writes inside `writeWithin`'s transaction; a validation failure is a 400 and ends it. */
export interface ObjectWriter {
  /** Creates objects from request bodies (a body's `changelog_message` is recorded, as in a request); returns their ids in order. 403 when one falls outside the caller's `add` constraints. */
  create(resource: Resource, bodies: Record<string, unknown>[]): Promise<number[]>;
  /** Partial updates by id (locked in id order). 403 unless every object is within the caller's `change` constraints, before and after. */
  update(resource: Resource, items: { id: number; body: Record<string, unknown> }[]): Promise<void>;
  /** Deletes by id with everything the delete reaches, recording `message` with each. 403 unless every object is within the caller's `delete` constraints. */
  remove(resource: Resource, ids: number[], message?: string): Promise<void>;
}

/** What an extra operation's handler gets. */
export interface OperationArgs {
  resource: Resource;
  ctx: RequestContext;
  db: Database;
  rest: RestServices;
}

export type OperationHandler = (c: Context, args: OperationArgs) => Promise<Response>;

/**
 * Where custom field definitions come from (the extras app keeps them in its tables). They are
 * data, changed at any time by any server sharing the database, so they are loaded per request
 * (one query) for the resources that have a `custom_fields` field.
 */
export interface CustomFieldSource {
  load(db: Queryable, resource: Resource, registry: Registry): Promise<CustomFieldSet>;
  /**
   * SQL of a value that changes whenever any definition is added, changed or removed: a list then
   * renders with the definitions it loaded before and reads this in the same statement, loading
   * them again only when it changed (runtime/rest/read.ts), instead of one more statement each time.
   */
  readonly version?: string;
}

export interface Extensions {
  /** Custom field definitions; without a source no custom field exists. */
  customFields?: CustomFieldSource;
  expressions: Record<string, SqlExpression>;
  /** By the name a filter's `method:` uses; each handler takes the value type its filters declare. */
  methods: Record<string, MethodFilter<any>>;
  /** By resource key (`dcim.devices`). */
  rules: Record<string, ModelRules>;
  /**
   * By handler name (`provision-token`). The one named LIST_EXPORT, when registered, answers every
   * list request with `?export=` (NetBox's ExportTemplatesMixin): the engine knows no export format.
   */
  operations: Record<string, OperationHandler>;
  /** The job queue's task handlers by kind (`core.sync-data-source`): they get the engine's services. */
  tasks?: Record<string, TaskHandler<RestServices>>;
  /** Told of the change records a write makes, in its transaction (event rules); registered once. */
  changeEvents?: ChangeEvents;
}

/** A change record's action. */
export type ChangeAction = 'create' | 'update' | 'delete';

/**
 * What the change log tells of the records it writes (NetBox's enqueue_event). `watching` is an
 * SQL condition evaluated inside the record statement itself, so that a write nobody watches
 * costs no statement more; the records it selects are passed to `recorded`, still inside the
 * write's transaction (a delete's: before its rows go).
 */
export interface ChangeEvents {
  /** An SQL boolean, without parameters: whether changes of `objectType` with `action` may interest anyone. */
  watching(registry: Registry, objectType: string, action: ChangeAction): string;
  /** The ids of the change records just written for `objectIds` of `resource`, selected by `watching`. */
  recorded(tx: Queryable, event: { resource: Resource; action: ChangeAction; changeIds: number[]; objectIds: number[] }, ctx: RequestContext, rest: RestServices): Promise<void>;
}

/** The operation handler that answers a list request with `?export=<name>`. */
export const LIST_EXPORT = 'list-export';

export const noExtensions: Extensions = { expressions: {}, methods: {}, rules: {}, operations: {} };
