/**
 * @module
 * The compact form of the generated table. The generator writes only what differs from a default
 * (`compactField`) and the runtime fills the defaults back in (`expandTable`); the defaults come
 * from the field and filter kinds, so both sides agree by construction.
 */
import type { Field, FieldEntry, Filter, FilterEntry, InventoryTable, Resource } from '../contract/index.ts';
import { fieldKind } from './fields/index.ts';
import { filterKind } from './filters/index.ts';

/** `physical_address` → `Physical address`, `_depth` → `Depth`: Django's default verbose name, capitalised. */
export function labelOf(name: string): string {
  const words = name.replace(/^_+/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The four fields every resource starts with. */
export const HEAD_FIELDS: readonly FieldEntry[] = [
  { name: 'id', kind: 'id' },
  { name: 'url', kind: 'url' },
  { name: 'display_url', kind: 'display_url' },
  { name: 'display', kind: 'display' },
];

/** The head fields of a resource: all four, or without `display_url` where NetBox shows none. */
export const headFields = (resource: { displayUrl?: false }): readonly FieldEntry[] => (resource.displayUrl === false ? HEAD_FIELDS.filter((f) => f.kind !== 'display_url') : HEAD_FIELDS);

/**
 * What a field's entry may leave out. It depends only on what every entry states (name, kind,
 * expression), so compacting and expanding agree.
 */
function fieldDefaults(entry: Pick<FieldEntry, 'name' | 'kind' | 'expression'>): Field {
  const kind = fieldKind(entry.kind);
  const writeOnly = entry.kind === 'password' || !!kind.hidden;
  const computed = entry.expression !== undefined;
  return {
    name: entry.name,
    kind: entry.kind,
    column: computed ? null : kind.defaultColumn(entry.name),
    required: false,
    nullable: false,
    readOnly: computed || !!kind.readOnly,
    writeOnly,
    default: null,
    label: labelOf(entry.name),
    orderable: !writeOnly && !!kind.orderable,
    createOnly: false,
  };
}

export function expandField(entry: FieldEntry): Field {
  const defaults = fieldDefaults(entry);
  const field = { ...defaults, ...entry } as Field;
  // A hidden field never orders a list, whatever the definition says.
  if (field.writeOnly) field.orderable = false;
  return field;
}

/** The entry of a field: only the keys that differ from what `expandField` would fill in. */
export function compactField(field: Field): FieldEntry {
  const defaults = fieldDefaults({ name: field.name, kind: field.kind, expression: field.expression }) as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(field)) {
    if (value === undefined) continue;
    if (key !== 'name' && key !== 'kind' && JSON.stringify(defaults[key]) === JSON.stringify(value)) continue;
    out[key] = value;
  }
  return out as unknown as FieldEntry;
}

export function expandFilter(entry: FilterEntry): Filter {
  return { ...entry, path: entry.path ?? entry.name, lookups: entry.lookups ?? [...filterKind(entry.kind).lookups] };
}

export function compactFilter(filter: Filter): FilterEntry {
  const out: FilterEntry = { name: filter.name, kind: filter.kind };
  if (filter.path !== filter.name) out.path = filter.path;
  for (const key of ['to', 'choices', 'method', 'value', 'exact'] as const) if (filter[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = filter[key];
  if (JSON.stringify(filter.lookups) !== JSON.stringify(filterKind(filter.kind).lookups)) out.lookups = filter.lookups;
  return out;
}

/** Every resource of the table, with references resolved and defaults filled in. */
export function expandTable(table: InventoryTable): Resource[] {
  return table.resources.map((entry) => {
    const fields = [...headFields(entry), ...entry.fields].map((f) => {
      if (typeof f !== 'string') return expandField(f);
      const [set, name] = f.split('.');
      const shared = table.fieldSets[set]?.[name];
      if (!shared) throw new Error(`${entry.key}: unknown shared field ${f}`);
      return expandField(shared.target === 'self' ? { ...shared, target: entry.key } : shared);
    });
    const filters = entry.filters.flatMap((f) => {
      if (typeof f !== 'string') return [expandFilter(f)];
      const shared = table.filterSets[f.slice(1)];
      if (!shared) throw new Error(`${entry.key}: unknown filter set ${f}`);
      return shared.map(expandFilter);
    });
    return {
      ...entry,
      fields,
      filters,
      nested: entry.nested ?? entry.brief,
      unique: entry.unique ?? [],
      search: entry.search ?? [],
      tree: entry.tree ?? false,
      changeLogged: entry.changeLogged ?? false,
      routes: entry.routes ?? 'full',
      operations: entry.operations ?? [],
    };
  });
}
