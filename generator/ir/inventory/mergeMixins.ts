/**
 * @module
 * Flattens a resource and its mixins (recursively, depth first) into one model definition.
 * Field order: the resource's own `fields` order, where a null entry places an inherited field;
 * inherited fields not placed follow, in mixin order.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { PathKey, YamlSource } from '../../load/yamlSource.ts';
import type { FieldDefinition, FilterDefinition, MixinDefinition, ResourceDefinition, UniqueDefinition } from '../../validate/definitionSchema.ts';
import { didYouMean } from '../../suggest.ts';
import { mergeSearch } from './search.ts';

export interface MergedModel {
  fields: [string, FieldDefinition][];
  /** Fields inherited unchanged: field name → the mixin that defines it. */
  origins: Map<string, string>;
  /** Mixin filters (by name, with the mixin declaring them), then the resource's own (mixin null). */
  filters: Map<string, { spec: FilterDefinition | null; mixin: string | null }>;
  brief?: string[];
  nested?: string[];
  ordering?: string[];
  unique: UniqueDefinition[];
  search: string[];
  display?: string;
  tree: boolean;
  changeLogged: boolean;
  /** Every mixin absorbed, directly or through another: the features the model has (`journaling`, `taggable`). */
  mixins: string[];
}

export function mergeMixins(
  resource: ResourceDefinition,
  mixins: Record<string, MixinDefinition>,
  source: YamlSource,
  at: PathKey[],
  diagnostics: Diagnostic[],
): MergedModel {
  const inherited = new Map<string, FieldDefinition>();
  const inheritedFrom = new Map<string, string>();
  const merged: MergedModel = { fields: [], origins: new Map(), filters: new Map(), unique: [], search: [], tree: false, changeLogged: false, mixins: [] };

  // Each mixin is absorbed once, like a base class in an MRO: a diamond (two mixins sharing
  // netbox-model) must not repeat its uniques, and a cycle ends instead of recursing forever.
  // Unknown names inside mixins.yaml are reported there, once, by checkMixinReferences.
  const absorbed = new Set<string>();
  let unknownMixin = false;
  const absorb = (mixin: MixinDefinition, mixinName: string | null) => {
    (mixin.mixins ?? []).forEach((name, index) => {
      const inner = mixins[name];
      if (!inner) {
        unknownMixin = true;
        if (mixinName === null) diagnostics.push(source.diagnostic([...at, 'mixins', index], 'E_UNKNOWN_MIXIN', `unknown mixin "${name}"${didYouMean(name, Object.keys(mixins))}`));
      } else if (!absorbed.has(name)) {
        absorbed.add(name);
        absorb(inner, name);
      }
    });
    for (const [field, def] of Object.entries(mixin.fields ?? {})) {
      if (!def) continue;
      inherited.set(field, def);
      inheritedFrom.set(field, mixinName!);
    }
    for (const [filter, spec] of Object.entries(mixin.filters ?? {})) merged.filters.set(filter, { spec, mixin: mixinName });
    merged.unique.push(...(mixin.unique ?? []));
    merged.search.push(...(mixin.search ?? []));
    if (mixin.brief) merged.brief = mixin.brief;
    if (mixin.nested) merged.nested = mixin.nested;
    if (mixin.ordering) merged.ordering = mixin.ordering;
    if (mixin.display) merged.display = mixin.display;
    if (mixin.tree) merged.tree = true;
    if (mixin.change_logged) merged.changeLogged = true;
  };
  absorb({ mixins: resource.mixins }, null);
  merged.mixins = [...absorbed].sort();

  const placed = new Set<string>();
  for (const [field, def] of Object.entries(resource.fields ?? {})) {
    const resolved = def ?? inherited.get(field);
    if (!resolved) {
      // The unknown mixin (already reported) may be the one that defines it: do not echo that error.
      if (!unknownMixin) diagnostics.push(source.diagnostic([...at, 'fields', field], 'E_UNKNOWN_FIELD', `field "${field}" has no definition here and none is inherited from a mixin${didYouMean(field, inherited.keys())}`, true));
      continue;
    }
    merged.fields.push([field, resolved]);
    if (!def) merged.origins.set(field, inheritedFrom.get(field)!);
    placed.add(field);
  }
  for (const [field, def] of inherited) {
    if (placed.has(field)) continue;
    merged.fields.push([field, def]);
    merged.origins.set(field, inheritedFrom.get(field)!);
  }
  for (const [filter, spec] of Object.entries(resource.filters ?? {})) {
    // `null` for a mixin's filter drops it here; for a derived one it is resolved later.
    if (spec === null && merged.filters.get(filter)?.mixin) merged.filters.delete(filter);
    else merged.filters.set(filter, { spec, mixin: null });
  }

  // A resource's own unique list replaces the inherited one (Location narrows the nested-group rules).
  if (resource.unique) merged.unique = [...resource.unique];
  // The drop list is checked against what is inherited: with a mixin unknown, it would echo that error.
  merged.search = mergeSearch(merged.search, resource.search, source, at, unknownMixin ? [] : diagnostics);
  if (resource.brief) merged.brief = resource.brief;
  if (resource.nested) merged.nested = resource.nested;
  if (resource.ordering) merged.ordering = resource.ordering;
  if (resource.display) merged.display = resource.display;
  if (resource.tree !== undefined) merged.tree = resource.tree;
  if (resource.change_logged !== undefined) merged.changeLogged = resource.change_logged;
  return merged;
}

/** Reports unknown mixin names used inside mixins.yaml itself, at their place in that file. */
export function checkMixinReferences(mixins: Record<string, MixinDefinition>, source: YamlSource | null, diagnostics: Diagnostic[]): void {
  if (!source) return;
  for (const [name, mixin] of Object.entries(mixins)) {
    (mixin.mixins ?? []).forEach((inner, index) => {
      if (!mixins[inner]) diagnostics.push(source.diagnostic(['mixins', name, 'mixins', index], 'E_UNKNOWN_MIXIN', `unknown mixin "${inner}" in mixin "${name}"${didYouMean(inner, Object.keys(mixins))}`));
    });
  }
}
