/**
 * @module
 * Query parameters of list operations: NetBox's paging and shaping parameters plus every filter
 * and each of its `__<lookup>` variants. They are written inline, never as `$ref`s, because the
 * Ansible inventory plugin and pynetbox's `strict_filters` read `parameters[*].name` unresolved;
 * to keep a 165-resource document small they carry no `style`/`explode` (OpenAPI's defaults for
 * query parameters are form and exploded) and lookup variants no description (as NetBox's own).
 */
import type { OpenAPIV3 } from 'openapi-types';
import { filterKind, labelOf } from '../../../runtime/kinds/index.ts';
import type { FilterIR, ResourceIR } from '../../ir/types.ts';
import type { OpenApiContext } from './context.ts';
import { kindContext } from './fieldSchemas.ts';

type Parameter = OpenAPIV3.ParameterObject;

function query(name: string, schema: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject, description?: string): Parameter {
  return { name, in: 'query', ...(description ? { description } : {}), schema };
}

/** The parameters every list operation takes besides filters (NetBox §2.2, §2.3). */
function pagingAndShaping(resource: ResourceIR): Parameter[] {
  const orderable = resource.fields.filter((f) => f.orderable && !f.writeOnly).map((f) => f.name);
  return [
    query('brief', { type: 'boolean' }, 'Any non-empty value returns the brief representation of each object.'),
    query('fields', { type: 'string' }, 'Comma-separated list of fields to include in each object; unknown names are ignored.'),
    query('omit', { type: 'string' }, 'Comma-separated list of fields to leave out of each object.'),
    query('limit', { type: 'integer' }, 'Number of results to return per page; 0 returns up to the maximum page size.'),
    query('offset', { type: 'integer' }, 'The initial index from which to return the results.'),
    query('start', { type: 'integer', minimum: 0 }, 'Cursor pagination: return objects whose ID is at least this value, ordered by ID. Excludes `offset` and `ordering`.'),
    query('ordering', { type: 'string' }, `Which field to use when ordering the results; prefix with \`-\` for descending, separate several with commas. One of: ${orderable.join(', ')}.`),
    query('q', { type: 'string' }, 'Free-text search.'),
  ];
}


/** What the filter matches, e.g. `Region (ID)`, `Tenant (slug)`, `Name`. */
function subject(resource: ResourceIR, filter: FilterIR): string {
  const head = filter.path.split('__')[0];
  const label = resource.fields.find((f) => f.name === head)?.label ?? filter.name;
  if (filter.kind === 'method') return labelOf(filter.name);
  if (filter.name === 'id') return 'ID';
  if (filter.kind === 'tag' || filter.kind === 'tag_id') return `Tag (${filter.kind === 'tag_id' ? 'ID' : 'slug'})`;
  if (filter.kind.endsWith('_id')) return `${label} (ID)`;
  if (filter.to) return `${label} (${filter.to})`;
  return label;
}

function exactDescription(resource: ResourceIR, filter: FilterIR): string {
  const what = subject(resource, filter);
  if (filter.kind === 'boolean') return `${what} is true or false.`;
  if (filter.kind === 'method') return `${what}.`;
  if (filter.kind === 'tag' || filter.kind === 'tag_id') return `${what}: objects carrying all of the given tags.`;
  const tree = filter.kind === 'tree_id' || filter.kind === 'tree_slug' ? ', or one of its descendants' : '';
  return `${what} equals one of the given values${tree}.`;
}

/** The exact filter and each lookup variant of one filter, as parameters. */
export function filterParameters(ctx: OpenApiContext, resource: ResourceIR, filter: FilterIR): Parameter[] {
  const kind = filterKind(filter.kind);
  const value = kind.valueSchema(filter, resource, kindContext(ctx, `${resource.key} filter \`${filter.name}\``));
  const many = (items: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject): OpenAPIV3.SchemaObject => ('type' in items && items.type === 'boolean' ? items : { type: 'array', items });
  const params = filter.exact === false ? [] : [query(filter.name, many(value), exactDescription(resource, filter))];
  for (const lookup of filter.lookups) {
    const text = kind.textLookups?.includes(lookup) ?? false;
    const schema = lookup === 'empty' ? { type: 'boolean' as const } : many(text ? { type: 'string' } : value);
    params.push(query(`${filter.name}__${lookup}`, schema));
  }
  return params;
}

/** All query parameters of the resource's list operation, sorted by name; a name defined twice is an error. */
export function listParameters(ctx: OpenApiContext, resource: ResourceIR): Parameter[] {
  const byName = new Map<string, { param: Parameter; source: string }>();
  const add = (param: Parameter, source: string) => {
    const existing = byName.get(param.name);
    if (existing) throw new Error(`openapi: ${resource.key}: query parameter \`${param.name}\` comes from both ${existing.source} and ${source}; rename one of them`);
    byName.set(param.name, { param, source });
  };
  for (const param of pagingAndShaping(resource)) add(param, 'the paging and shaping parameters');
  for (const filter of resource.filters) for (const param of filterParameters(ctx, resource, filter)) add(param, `filter \`${filter.name}\``);
  return [...byName.values()].map((e) => e.param).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The `{id}` path parameter of detail operations. */
export function idParameter(resource: ResourceIR): Parameter {
  return { name: 'id', in: 'path', required: true, description: `A unique integer value identifying this ${resource.verboseName}.`, schema: { type: 'integer' } };
}
