/**
 * @module
 * References to other objects: `fk` (one, NetBox's WritableNestedSerializer: an id or a dict of
 * attributes in, the target's nested form out), `m2m` (a list of them, kept in a link table),
 * `reverse` (another resource's fk seen from its target: never shown, a hop for filter paths) and
 * `related_list` (the same, shown as a list, and written where NetBox writes it).
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { Field, FilterEntry, Resource } from '../../contract/index.ts';
import { column, nullability } from '../columns.ts';
import * as v from '../validation/index.ts';
import { sqlIdentifier as ident } from '../sqlText.ts';
import { columnHop, linkHop, reverseHop } from './relationHops.ts';
import { flags } from './stored.ts';
import type { Catalog, FieldKind, LinkRows, Resolved, SelectContext, StageContext, StagedItem } from './types.ts';

/** What a relation filter without `_id` matches on the target: its slug, else its name, else its id. */
export function relationAttribute(target: Resource): string {
  if (target.fields.some((f) => f.name === 'slug')) return 'slug';
  if (target.fields.some((f) => f.name === 'name')) return 'name';
  return 'id';
}

/** A related object on write: its numeric id, or a dictionary of attributes that finds exactly one. */
export function relatedOnWrite(target: Resource): OpenAPIV3.SchemaObject {
  return {
    oneOf: [
      { type: 'integer', description: `ID of the ${target.verboseName}` },
      { type: 'object', additionalProperties: {}, description: `Attributes that identify exactly one ${target.verboseName}` },
    ],
  };
}

/** The `<fk>_id` and `<fk>` filters NetBox declares for a foreign key (tree-aware for nested groups). */
export function relationFilters(field: Field, resource: Resource, catalog: Catalog): FilterEntry[] {
  const target = catalog.resource(field.target!);
  const tree = target.tree && target.key !== resource.key;
  const attribute = relationAttribute(target);
  const byAttribute: FilterEntry = attribute === 'id' ? { name: field.name, kind: 'fk_id', path: field.name } : { name: field.name, kind: tree ? 'tree_slug' : attribute === 'slug' ? 'fk_slug' : 'fk_other', path: field.name, to: attribute };
  return [{ name: `${field.name}_id`, kind: tree ? 'tree_id' : 'fk_id', path: field.name }, byAttribute];
}

function resolvedId(item: StagedItem, field: Field, resolved: Resolved): number | null {
  if ('id' in resolved) return resolved.id;
  item.error(field.name, resolved.error);
  return null;
}

/**
 * `fk` with `bare: true` shows the target's id alone, as DRF's PrimaryKeyRelatedField does where
 * NetBox's serializer declares nothing for the relation (a cable termination's `cable`).
 */
export const fk: FieldKind = {
  name: 'fk',
  keys: ['target', 'on_delete', 'shows', 'bare'],
  optionsType: 'nested object',
  orderable: true,
  relation: {
    many: false,
    target: 'definition',
    foreignKeyColumn: true,
    countable: true,
    filterKinds: { id: 'fk_id', slug: 'fk_slug', other: 'fk_other' },
    held: (field) => ({ id: field.name }),
    hop: columnHop,
    // A reference computed by an expression holds nothing a delete could reach.
    deleteEdge: (field) => (field.expression ? null : { kind: 'fk', targets: [field.target!], onDelete: field.onDelete ?? 'cascade' }),
  },
  cast: 'integer',
  djangoForeignKey: true,
  // A hidden reference (a token's user) is model data all the same, not a secret.
  snapshot: { evenHidden: true },
  defaultColumn: (name) => `${name}_id`,
  column: (field) => column('integer', field.column!, null, nullability(field.nullable)),
  filters: relationFilters,
  response: (field, ctx) => {
    if (field.bare) return { type: 'integer', ...(field.nullable ? { nullable: true } : {}), ...flags(field) };
    const embedded = ctx.embedded(field.target!, field.shows);
    const extra = flags(field);
    return Object.keys(extra).length ? { allOf: [embedded], ...extra } : embedded;
  },
  request: (field, ctx) => ({ ...relatedOnWrite(ctx.resource(field.target!)), ...flags(field, true) }),
  validators: (field) => ({ [field.name]: v.relation({ nullable: field.nullable }) }),
  references: (field, _input, value) => ({ target: field.target!, refs: value === null ? [] : [value as v.RelationRef] }),
  stage(field, _input, value, item, ctx) {
    item.columns[field.column!] = value === null ? null : resolvedId(item, field, ctx.resolved(field.target!, value as v.RelationRef));
  },
  select: (field, resource, alias, ctx) => (field.bare ? ctx.value(resource, field, alias) : ctx.reference(field.target!, ctx.value(resource, field, alias), field.shows)),
  serialize: (field, _resource, row, ctx) => {
    if (field.bare) return row[field.name] === null || row[field.name] === undefined ? null : Number(row[field.name]);
    return ctx.nested(field.target!, row[field.name] as Record<string, unknown> | null, field.shows);
  },
  // While rendering, the nested object select() builds is already the final one.
  json: (field, resource, alias, ctx) => fk.select(field, resource, alias, ctx)!,
};

/** The linked objects of the row `alias` as a JSON list (`shows` their fields, else their nested form). */
function m2mList(field: Field, alias: string, ctx: SelectContext, shows?: string[]): string {
  const n = ctx.alias();
  const l = ctx.alias();
  const link = field.link!;
  return ctx.nestedList(field.target!, n, `JOIN "${link.table}" ${l} ON ${l}."${link.target}" = ${n}.id WHERE ${l}."${link.source}" = ${alias}.id`, shows);
}

/** A many-to-many field's link table (a mirrored field's is its forward field's, source and target swapped). */
const m2mLinks = (field: Field): LinkRows | null => (field.link ? { table: field.link.table, source: field.link.source, target: field.link.target } : null);

/** Many-to-many filters: by id, by slug, and by another attribute as a foreign key's. */
const manyFilterKinds = { id: 'm2m_id', slug: 'm2m_slug', other: 'fk_other' };

export const m2m: FieldKind = {
  name: 'm2m',
  keys: ['target', 'reverse_of', 'shows', 'slug_field'],
  optionsType: 'field',
  relation: {
    many: true,
    target: 'definition',
    countable: true,
    filterKinds: manyFilterKinds,
    hop: (field, _resource, alias, target, n, inner, ctx) => linkHop(m2mLinks(field)!, alias, target, n, inner, ctx),
    links: m2mLinks,
    staged: (field, item) => (item.links.has(field.name) ? { set: item.links.get(field.name) } : undefined),
    // A mirrored field's links are its forward field's, reached through that field's edge.
    deleteEdge: (field) => (field.reverseOf ? null : { kind: 'm2m', targets: [field.target!], onDelete: 'cascade' }),
  },
  cast: 'integer',
  snapshot: {
    linked: true,
    // A mirror is recorded only by a model recorded for its audit trail, where it is writable (a permission's groups).
    recorded: (field, resource) => !field.reverseOf || (!!resource.changeRecords && !field.readOnly),
    // The sorted ids it links.
    value(field, _resource, alias) {
      const { table, source, target } = field.link!;
      return `(SELECT coalesce(jsonb_agg(l.${ident(target)} ORDER BY l.${ident(target)}), '[]'::jsonb) FROM ${ident(table)} l WHERE l.${ident(source)} = ${alias}.id)`;
    },
  },
  defaultColumn: () => null,
  column: () => null,
  response: (field, ctx) =>
    field.slugField ? { type: 'array', items: { type: 'string' } } : { type: 'array', items: ctx.embedded(field.target!, field.shows), ...(field.readOnly ? { readOnly: true } : {}) },
  request: (field, ctx) =>
    field.slugField
      ? { type: 'array', items: { type: 'string' }, ...flags(field, true) }
      : { type: 'array', items: { type: 'integer' }, description: `IDs of ${ctx.resource(field.target!).verboseName} objects`, ...flags(field, true) },
  validators: (field) => ({ [field.name]: field.slugField ? v.slugList() : v.relationList() }),
  references: (field, _input, value) => ({
    target: field.target!,
    refs: field.slugField ? (value as string[]).map((slug) => ({ [field.slugField!]: slug })) : (value as v.RelationRef[]),
  }),
  stage(field, _input, value, item, ctx) {
    item.links.set(field.name, field.slugField ? stagedSlugs(field, value as string[], item, ctx) : stagedIds(field, value, item, ctx));
  },
  select: (field, _resource, alias, ctx) => (field.slugField ? slugList(field, alias, ctx) : m2mList(field, alias, ctx)),
  serialize: (field, _resource, row, ctx) =>
    field.slugField ? ((row[field.name] as string[] | null) ?? []) : ((row[field.name] as Record<string, unknown>[] | null) ?? []).map((item) => ctx.nested(field.target!, item, field.shows)),
  json: (field, _resource, alias, ctx) => (field.slugField ? slugList(field, alias, ctx) : m2mList(field, alias, ctx, field.shows)),
};

/** The `slug_field` attribute of the linked objects of the row `alias`, in the target's order (DRF's SlugRelatedField). */
function slugList(field: Field, alias: string, ctx: SelectContext): string {
  const target = ctx.resource(field.target!);
  const n = ctx.alias();
  const l = ctx.alias();
  const link = field.link!;
  const attribute = ctx.value(target, target.fields.find((f) => f.name === field.slugField)!, n);
  return `(SELECT coalesce(jsonb_agg(${attribute} ORDER BY ${attribute}), '[]'::jsonb) FROM ${ident(target.table)} ${n} JOIN ${ident(link.table)} ${l} ON ${l}.${ident(link.target)} = ${n}.id WHERE ${l}.${ident(link.source)} = ${alias}.id)`;
}

/** The ids of the objects named by their `slug_field`, a missing one refused in SlugRelatedField's words. */
function stagedSlugs(field: Field, slugs: string[], item: StagedItem, ctx: StageContext): number[] {
  const ids: number[] = [];
  for (const slug of slugs) {
    const resolved = ctx.resolved(field.target!, { [field.slugField!]: slug });
    if ('id' in resolved) ids.push(resolved.id);
    else item.error(field.name, `Object with ${field.slugField}=${slug} does not exist.`);
  }
  return [...new Set(ids)];
}

/** `interfaces` on a device: the device's interfaces, for filter paths such as `interfaces__name`. Never shown. */
export const reverse: FieldKind = {
  name: 'reverse',
  keys: ['target', 'field'],
  optionsType: 'field',
  relation: { many: true, target: 'definition', reversed: true, filterKinds: manyFilterKinds, hop: reverseHop },
  cast: 'integer',
  readOnly: true,
  hidden: true,
  defaultColumn: () => null,
  column: () => null,
  response: () => ({}),
  select: () => null,
  serialize: () => undefined,
  json: () => 'NULL',
};

/** The rows of `field.target` whose fk (or generic relation) `field.field` names the row `alias`, as a JSON list. */
function relatedRows(field: Field, resource: Resource, alias: string, ctx: SelectContext, shows?: string[]): string {
  const n = ctx.alias();
  const back = ctx.heldReference(ctx.resource(field.target!), field.field!, n);
  // A generic relation names this object with its type too (an interface's MAC addresses).
  const type = back.type ? `${back.type} = '${resource.objectType}' AND ` : '';
  return ctx.nestedList(field.target!, n, `WHERE ${type}${back.id} = ${alias}.id`, shows);
}

/** The ids of the objects a list of references names, each missing one refused in DRF's words (PrimaryKeyRelatedField). */
function stagedIds(field: Field, value: unknown, item: StagedItem, ctx: StageContext): number[] {
  const ids: number[] = [];
  for (const ref of value as v.RelationRef[]) {
    const resolved = ctx.resolved(field.target!, ref);
    if ('id' in resolved) ids.push(resolved.id);
    else item.error(field.name, typeof ref === 'number' ? `Invalid pk "${ref}" - object does not exist.` : resolved.error);
  }
  return [...new Set(ids)];
}

/** The foreign key of `field.target` that a related list follows back (null for a generic relation). */
function backKey(field: Field, catalog: Catalog): { table: string; column: string; nullable: boolean } | null {
  const target = catalog.resource(field.target!);
  const back = target.fields.find((f) => f.name === field.field);
  if (!back?.column || back.kind !== fk.name || back.expression) return null;
  return { table: target.table, column: back.column, nullable: back.nullable };
}

/**
 * Another resource's rows whose fk `field` points here, shown as a list of nested objects
 * (an IP address's `nat_outside`, an interface's `bridge_interfaces`); also a hop for filter
 * paths. Read-only unless the definition says `read_only: false` (a provider's `accounts`): then
 * written as DRF writes a reverse relation, a list of ids whose objects' fk is set to the written
 * object (RelatedManager.set(): with an fk that takes no null, objects left out stay where they are).
 */
export const relatedList: FieldKind = {
  name: 'related_list',
  keys: ['target', 'field', 'shows'],
  optionsType: 'field',
  relation: {
    many: true,
    target: 'definition',
    reversed: true,
    filterKinds: manyFilterKinds,
    hop: reverseHop,
    reassigns: backKey,
  },
  cast: 'integer',
  defaultColumn: () => null,
  column: () => null,
  response: (field, ctx) => ({ type: 'array', items: ctx.embedded(field.target!, field.shows), ...(field.readOnly ? { readOnly: true } : {}) }),
  request: (field, ctx) => ({ type: 'array', items: { type: 'integer' }, description: `IDs of ${ctx.resource(field.target!).verboseName} objects`, ...flags(field, true) }),
  validators: (field) => ({ [field.name]: v.relationList() }),
  references: (field, _input, value) => ({ target: field.target!, refs: value as v.RelationRef[] }),
  stage(field, _input, value, item, ctx) {
    item.links.set(field.name, stagedIds(field, value, item, ctx));
  },
  select: (field, resource, alias, ctx) => relatedRows(field, resource, alias, ctx, field.shows),
  serialize: (field, _resource, row, ctx) => ((row[field.name] as Record<string, unknown>[] | null) ?? []).map((item) => ctx.nested(field.target!, item, field.shows)),
  json: (field, resource, alias, ctx) => relatedRows(field, resource, alias, ctx, field.shows),
};
