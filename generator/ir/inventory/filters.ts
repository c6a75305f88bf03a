/**
 * @module
 * Derives a resource's filters from its fields, the way NetBox's filtersets do, and adds the
 * definition's extra filters. Lookup suffixes follow `BaseFilterSet.get_additional_lookups`.
 */
import type { ResourceDefinition } from '../../validate/definitionSchema.ts';
import type { FieldIR, FilterIR, ResourceIR } from '../types.ts';

export const CHAR_LOOKUPS = ['n', 'ic', 'nic', 'isw', 'nisw', 'iew', 'niew', 'ie', 'nie', 'empty', 'regex', 'iregex'];
export const NUMBER_LOOKUPS = ['n', 'lt', 'lte', 'gt', 'gte', 'empty'];
const RELATION_LOOKUPS = ['n'];

const stringKinds = new Set(['string', 'slug', 'email', 'color', 'timezone']);
const numberKinds = new Set(['integer', 'decimal']);

function filter(name: string, kind: FilterIR['kind'], field: string, extra: Partial<FilterIR> = {}): FilterIR {
  return { name, kind, field, attribute: null, choiceSet: null, lookups: [], ...extra };
}

/** Attribute a relation filter without `_id` matches: the target's slug if it has one, else its name. */
export function relationAttribute(target: Pick<ResourceIR, 'fields'> | undefined): string {
  if (!target) return 'name';
  if (target.fields.some((f) => f.name === 'slug')) return 'slug';
  if (target.fields.some((f) => f.name === 'name')) return 'name';
  return 'id';
}

function fromField(field: FieldIR, self: string, targets: Map<string, ResourceIR>): FilterIR[] {
  if (field.kind === 'id') return [filter('id', 'id', 'id', { lookups: NUMBER_LOOKUPS })];
  if (field.readOnly && field.kind !== 'datetime') return [];
  if (stringKinds.has(field.kind)) return [filter(field.name, 'string', field.name, { lookups: CHAR_LOOKUPS })];
  if (numberKinds.has(field.kind)) return [filter(field.name, 'number', field.name, { lookups: NUMBER_LOOKUPS })];
  if (field.kind === 'datetime' || field.kind === 'date') return [filter(field.name, 'datetime', field.name, { lookups: NUMBER_LOOKUPS })];
  if (field.kind === 'boolean') return [filter(field.name, 'boolean', field.name)];
  if (field.kind === 'object_type') return [filter(field.name, 'string', field.name, { lookups: RELATION_LOOKUPS })];
  if (field.kind === 'choice') return [filter(field.name, 'choice', field.name, { choiceSet: field.choiceSet, lookups: CHAR_LOOKUPS })];
  if (field.kind === 'tags') {
    return [
      filter('tag', 'tag', field.name, { attribute: 'slug', lookups: RELATION_LOOKUPS }),
      filter('tag_id', 'tag', field.name, { attribute: 'id', lookups: RELATION_LOOKUPS }),
    ];
  }
  if (field.kind === 'fk' && field.target) {
    const target = targets.get(field.target);
    const tree = target?.tree && field.target !== self;
    return [
      filter(`${field.name}_id`, tree ? 'tree_id' : 'fk_id', field.name, { attribute: 'id', lookups: RELATION_LOOKUPS }),
      filter(field.name, tree ? 'tree_attr' : 'fk_attr', field.name, { attribute: relationAttribute(target), lookups: RELATION_LOOKUPS }),
    ];
  }
  return [];
}

/** `unfiltered` names the fields marked `filter: false`: they derive no filter (extras may still use them). */
export function buildFilters(resource: ResourceIR, definition: ResourceDefinition, targets: Map<string, ResourceIR>, unfiltered: ReadonlySet<string> = new Set()): FilterIR[] {
  const excluded = new Set(definition.filters?.exclude ?? []);
  const byName = new Map<string, FilterIR>();
  for (const field of resource.fields) {
    if (unfiltered.has(field.name)) continue;
    for (const f of fromField(field, resource.key, targets)) byName.set(f.name, f);
  }
  for (const [name, extra] of Object.entries(definition.filters?.extra ?? {})) {
    const field = resource.fields.find((f) => f.name === extra.field);
    const relation = field?.kind === 'm2m' ? 'm2m' : 'fk';
    const kind = extra.kind ?? (field?.kind === 'm2m' || field?.kind === 'fk' ? (extra.attribute && extra.attribute !== 'id' ? `${relation}_attr` : `${relation}_id`) : 'string');
    const lookups = extra.lookups ?? (kind === 'string' || kind === 'choice' ? CHAR_LOOKUPS : kind === 'number' || kind === 'datetime' ? NUMBER_LOOKUPS : RELATION_LOOKUPS);
    byName.set(name, filter(name, kind as FilterIR['kind'], extra.field, { attribute: extra.attribute ?? (kind.endsWith('_id') ? 'id' : null), choiceSet: field?.choiceSet ?? null, lookups }));
  }
  return [...byName.values()].filter((f) => !excluded.has(f.name)).sort((a, b) => a.name.localeCompare(b.name));
}
