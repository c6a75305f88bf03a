/**
 * @module
 * Filters on related objects: by id (`fk_id`, `m2m_id`, `tree_id`), by an attribute of the target
 * (`fk_slug`, `fk_other`, `m2m_slug`, `tree_slug`), and tags (`tag`, `tag_id`: every tag given must
 * be present, `__any` takes any, `__n` none). Tree filters also match the node's descendants.
 * Values must name existing objects; `null` matches objects without one.
 */
import type { OpenAPIV3 } from 'openapi-types';
import type { Filter, Resource } from '../../contract/index.ts';
import type { Catalog } from '../fields/types.ts';
import type { FilterKind, FilterQuery } from './types.ts';
import { invalidChoice, isInteger } from './values.ts';

const RELATION_LOOKUPS = ['n'] as const;
const TAG_LOOKUPS = ['n', 'any'] as const;

/** The schema of the target's attribute a filter matches (an `asn` is an integer, a slug a string). */
function attributeSchema(filter: Filter, resource: Resource, catalog: Catalog): OpenAPIV3.SchemaObject {
  let current = resource;
  for (const segment of filter.path.split('__')) {
    const field = current.fields.find((f) => f.name === segment);
    if (!field?.target) break;
    current = catalog.resource(field.target);
  }
  const kind = current.fields.find((f) => f.name === filter.to)?.kind;
  return kind === 'integer' || kind === 'id' ? { type: 'integer' } : { type: 'string' };
}

/** Ids or `null`; anything else is NetBox's invalid-choice 400. */
function idsOrNull(values: string[], q: FilterQuery): { ids: string[]; wantsNull: boolean } | null {
  const bad = values.find((v) => v !== 'null' && !isInteger(v));
  if (bad !== undefined) return q.error(invalidChoice(bad));
  return { ids: values.filter((v) => v !== 'null').map((v) => v.trim()), wantsNull: values.includes('null') };
}

function anyOf(parts: string[], negate: boolean): string {
  const any = parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`;
  return negate ? `NOT coalesce(${any}, false)` : any;
}

function byId(name: string, tree: boolean): FilterKind {
  return {
    name,
    lookups: RELATION_LOOKUPS,
    valueSchema: () => ({ type: 'integer' }),
    condition(filter, lookup, values, q) {
      const parsed = idsOrNull(values, q);
      if (!parsed) return null;
      q.mustExist(`${filter.path}__id`, parsed.ids);
      const parts: string[] = [];
      if (parsed.ids.length) parts.push(q.where(filter.path, tree ? 'tree' : 'in', parsed.ids, { cast: 'integer' }));
      if (parsed.wantsNull) parts.push(q.where(filter.path, 'isnull', [true]));
      return anyOf(parts, lookup === 'n');
    },
  };
}

function byAttribute(name: string, tree: boolean): FilterKind {
  return {
    name,
    lookups: RELATION_LOOKUPS,
    valueSchema: attributeSchema,
    condition(filter, lookup, values, q) {
      const concrete = values.filter((v) => v !== 'null');
      const attribute = `${filter.path}__${filter.to ?? 'slug'}`;
      q.mustExist(attribute, concrete);
      const parts: string[] = [];
      if (concrete.length) parts.push(tree ? q.where(filter.path, 'tree', concrete, { attribute: filter.to ?? 'slug' }) : q.where(attribute, 'in', concrete, { cast: 'text' }));
      if (values.includes('null')) parts.push(q.where(filter.path, 'isnull', [true]));
      return anyOf(parts, lookup === 'n');
    },
  };
}

export const fkId = byId('fk_id', false);
export const m2mId = byId('m2m_id', false);
export const treeId = byId('tree_id', true);
export const fkSlug = byAttribute('fk_slug', false);
export const fkOther = byAttribute('fk_other', false);
export const m2mSlug = byAttribute('m2m_slug', false);
export const treeSlug = byAttribute('tree_slug', true);

function tagKind(name: string, attribute: 'slug' | 'id'): FilterKind {
  return {
    name,
    lookups: TAG_LOOKUPS,
    valueSchema: () => (attribute === 'id' ? { type: 'integer' } : { type: 'string' }),
    condition(filter, lookup, values, q) {
      if (attribute === 'id') {
        const bad = values.find((v) => !isInteger(v));
        if (bad !== undefined) return q.error(invalidChoice(bad));
      }
      const path = `${filter.path}__${attribute}`;
      q.mustExist(path, values);
      const cast = attribute === 'id' ? 'integer' : 'text';
      if (lookup === 'n') return q.where(path, 'in', values, { cast, negate: true });
      if (lookup === 'any') return q.where(path, 'in', values, { cast });
      // Every tag given must be present (NetBox ANDs tag filters).
      return `(${values.map((v) => q.where(path, 'in', [v], { cast })).join(' AND ')})`;
    },
  };
}

export const tag = tagKind('tag', 'slug');
export const tagId = tagKind('tag_id', 'id');
