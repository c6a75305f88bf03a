/**
 * @module
 * A resource's filters: those NetBox's filtersets derive from its fields (each field kind says
 * which), its mixins' declared filters, and its own `filters:` entries, whose kind, path and choice
 * set are inferred from the field path when the definition leaves them out. Every path is checked
 * against the resources it walks through.
 */
import type { Field, Filter, FilterEntry, Resource } from '../../../runtime/contract/index.ts';
import { expandFilter, fieldKind, type Catalog } from '../../../runtime/kinds/index.ts';
import type { FilterDefinition } from '../../validate/definitionSchema.ts';
import { didYouMean } from '../../suggest.ts';

/** Whether a filter path may step through `field` (its kind hops: RelationCapabilities.hop). */
const isHop = (field: Field) => !!fieldKind(field.kind).relation?.hop;

/** The field at the end of a Django-style path, or an error message. `id` ends on no field. */
export function walkPath(resource: Resource, path: string, catalog: Catalog): { field: Field | null; holder: Resource } | { error: string } {
  let current = resource;
  const segments = path.split('__');
  for (const [index, segment] of segments.entries()) {
    if (segment === 'id') {
      if (index !== segments.length - 1) return { error: `\`id\` must end the path \`${path}\`` };
      return { field: null, holder: current };
    }
    const field = current.fields.find((f) => f.name === segment);
    if (!field) return { error: `${current.key} has no field \`${segment}\` (in \`${path}\`)${didYouMean(segment, current.fields.map((f) => f.name))}` };
    if (index === segments.length - 1) return { field, holder: current };
    if (!isHop(field) || !field.target) return { error: `\`${segment}\` of ${current.key} is not a relation (in \`${path}\`)` };
    current = catalog.resource(field.target);
  }
  return { error: `empty path` };
}

/** The kind a filter on `field` gets when the definition does not name one. */
function inferKind(field: Field | null, to: string | undefined, holder: Resource, catalog: Catalog): string {
  if (!field) return 'number';
  const kinds = fieldKind(field.kind).relation?.filterKinds;
  if (kinds) {
    const target = catalog.resource(field.target!);
    const tree = target.tree && target.key !== holder.key;
    if (to && to !== 'id') return tree ? 'tree_slug' : to !== 'slug' ? kinds.other : kinds.slug;
    return tree ? 'tree_id' : kinds.id;
  }
  // Else the first filter the kind derives (an object type's is `content_type`).
  const derived = fieldKind(field.kind).filters?.(field, holder, catalog) ?? [];
  return derived[0]?.kind ?? 'char';
}

/** The filter a `filters:` entry describes, or an error message about it. */
export function resolveFilter(name: string, spec: FilterDefinition, resource: Resource, catalog: Catalog): Filter | { error: string } {
  if (spec.method || spec.kind === 'method') {
    if (!spec.method) return { error: `filter \`${name}\` of kind method needs \`method\`` };
    return expandFilter({ name, kind: 'method', method: spec.method, ...(spec.value ? { value: spec.value } : {}), ...(spec.lookups ? { lookups: spec.lookups } : {}) });
  }
  const own = (candidate: string) => resource.fields.some((f) => f.name === candidate);
  const path = spec.path ?? (own(name) ? name : name.endsWith('_id') && own(name.slice(0, -3)) ? name.slice(0, -3) : name);
  const walked = walkPath(resource, path, catalog);
  if ('error' in walked) return { error: `filter \`${name}\`: ${walked.error}` };
  // A content type is stored as `app.model`: a filter by its id maps ids to types.
  const idFilter = walked.field ? fieldKind(walked.field.kind).idFilter : undefined;
  const onType = !!idFilter && (spec.kind === 'fk_id' || (!spec.kind && name.endsWith('_id')));
  const kind = onType ? idFilter! : (spec.kind ?? inferKind(walked.field, spec.to, walked.holder, catalog));
  const choices = spec.choices ?? (kind === 'choice' || kind === 'multichoice' ? walked.field?.choices : undefined);
  const mismatch = kindMismatch(kind, walked.field, choices, catalog);
  if (mismatch) return { error: `filter \`${name}\`: ${mismatch}` };
  const entry: FilterEntry = { name, kind, path };
  if (spec.to) entry.to = spec.to;
  else if (['fk_slug', 'tree_slug', 'm2m_slug', 'tag'].includes(kind)) entry.to = 'slug';
  if (choices) entry.choices = choices;
  if (spec.lookups) entry.lookups = spec.lookups;
  if (spec.value) entry.value = spec.value;
  if (kind.endsWith('_slug') || kind === 'fk_other' || kind === 'tag') {
    const target = walked.field?.target ? catalog.resource(walked.field.target) : null;
    if (target && entry.to && entry.to !== 'id' && !target.fields.some((f) => f.name === entry.to)) return { error: `filter \`${name}\`: ${target.key} has no field \`${entry.to}\`${didYouMean(entry.to, target.fields.map((f) => f.name))}` };
  }
  return expandFilter(entry);
}

const relationFilterKinds = new Set(['fk_id', 'fk_slug', 'fk_other', 'm2m_id', 'm2m_slug', 'tree_id', 'tree_slug', 'tag', 'tag_id']);

/** Why `kind` cannot filter `field` (the field at the path's end), or null. */
function kindMismatch(kind: string, field: Field | null, choices: string | undefined, catalog: Catalog): string | null {
  if (relationFilterKinds.has(kind)) {
    if (!field || !isHop(field)) return `a ${kind} filter needs a path ending at a relation`;
    if (kind.startsWith('tree_') && !catalog.resource(field.target!).tree) return `a ${kind} filter needs a relation to a tree (nested groups)`;
  }
  if (kind === 'choice' || kind === 'multichoice') {
    if (!choices) return `a ${kind} filter needs \`choices\``;
    try {
      catalog.choiceSet(choices);
    } catch {
      return `unknown choice set "${choices}"`;
    }
  }
  return null;
}

/** Filters NetBox derives from the fields themselves (Meta.fields); `unfiltered` fields derive none. */
export function derivedFilters(resource: Resource, catalog: Catalog, unfiltered: ReadonlySet<string>): Filter[] {
  return resource.fields
    .filter((f) => !unfiltered.has(f.name) && !(f.readOnly && f.writeOnly))
    .filter((f) => !f.readOnly || fieldKind(f.kind).filteredWhenReadOnly)
    .flatMap((f) => fieldKind(f.kind).filters?.(f, resource, catalog) ?? [])
    .map(expandFilter);
}
