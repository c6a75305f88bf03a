/**
 * @module
 * Builds the inventory IR from loaded definitions: merges mixins, builds fields through their
 * kinds, uniques, filters and search, then checks every cross-reference (relation targets, choice
 * sets, and the field names and paths used by brief, ordering, search, unique and filters). All
 * problems are reported together.
 */
import type { Field } from '../../../runtime/contract/index.ts';
import { expandField, headFields } from '../../../runtime/kinds/index.ts';
import type { Diagnostic } from '../../diagnostics.ts';
import type { LoadedDefinitions } from '../../load/readDefinitions.ts';
import type { PathKey, YamlSource } from '../../load/yamlSource.ts';
import type { ResourceDefinition } from '../../validate/definitionSchema.ts';
import type { ChoiceSetIR, InventoryIR, ResourceIR } from '../types.ts';
import { snakeCase, verboseName } from '../naming.ts';
import { irCatalog } from './catalog.ts';
import { checkNames } from './checkNames.ts';
import { checkParameters } from './checkParameters.ts';
import { checkReferences } from './checkReferences.ts';
import { checkInstantiation, instantiationEntry } from './instantiates.ts';
import { checkRoutes } from './checkRoutes.ts';
import { resolveFeatureTargets, type MergedResource } from './features.ts';
import { buildField, buildGenericFields } from './fields.ts';
import { derivedFilters, resolveFilter, walkPath } from './filters.ts';
import { checkMixinReferences, mergeMixins, type MergedModel } from './mergeMixins.ts';
import type { Pending } from './pending.ts';
import { customActions, operationEntry, STANDARD_ACTIONS } from './operationEntries.ts';
import { buildRelations, linkReverseRelations, linkTables } from './relations.ts';
import { buildRouteGroups } from './routeGroups.ts';
import { buildUniques } from './uniques.ts';
import { ownSearchAt, searchEntry } from './search.ts';
import { didYouMean } from '../../suggest.ts';


const emptyIR = (): InventoryIR => ({ apps: [], resources: [], choiceSets: [], linkTables: [], relations: [], fieldSets: {}, filterSets: {}, schemas: {}, routeGroups: [] });

export function buildInventory(loaded: LoadedDefinitions): { ir: InventoryIR; diagnostics: Diagnostic[] } {
  // Cross-references are checked over a complete set only: with a file left out for its own errors,
  // they would mostly echo them (every use of a mixin from a broken mixins.yaml becomes "unknown").
  if (loaded.invalidFiles.length) return { ir: emptyIR(), diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const pending: Pending[] = [];
  checkMixinReferences(loaded.mixins, loaded.mixinSource, diagnostics);

  const mergedResources: (MergedResource & { app: string; path: string })[] = [];
  const seen = new Map<string, { source: YamlSource; at: PathKey[] }>();
  for (const { source, definition: file } of loaded.apps) {
    for (const [path, definition] of Object.entries(file.resources)) {
      const at: PathKey[] = ['resources', path];
      const key = `${file.app}.${path}`;
      const previous = seen.get(key);
      if (previous) {
        diagnostics.push(source.diagnostic(at, 'E_DUPLICATE_PATH', `/api/${file.app}/${path}/ is already defined at ${previous.source.file}:${previous.source.locateKey(previous.at).line}`, true));
        continue;
      }
      seen.set(key, { source, at });
      mergedResources.push({ key, app: file.app, path, definition, merged: mergeMixins(definition, loaded.mixins, source, at, diagnostics), source, at });
    }
  }
  // `targets: { feature }` needs every resource's mixins: resolved before any field is built.
  resolveFeatureTargets(mergedResources, loaded.mixins, diagnostics);
  for (const { app, path, definition, merged, source, at } of mergedResources) {
    pending.push({ ir: resourceIR(app, path, definition, merged), definition, merged, source, at });
  }

  const byKey = new Map(pending.map((p) => [p.ir.key, p.ir]));
  checkNames(pending, loaded, diagnostics);
  for (const p of pending) checkRoutes(p, diagnostics);
  linkReverseRelations(pending, byKey, diagnostics);
  // Filters and paths walk other resources: every target must exist first (reported, not thrown, when not).
  for (const p of pending) checkReferences(p, byKey, loaded.choices, diagnostics);
  for (const p of pending) checkInstantiation(p, byKey, diagnostics);
  const catalog = irCatalog(byKey, loaded.choices);
  const filterSets: InventoryIR['filterSets'] = {};
  if (!diagnostics.length) {
    for (const p of pending) buildFiltersAndSearch(p, catalog, filterSets, diagnostics);
    for (const p of pending) checkParameters(p, diagnostics);
  }

  const resources = pending.map((p) => p.ir).sort((a, b) => a.key.localeCompare(b.key));
  const usedChoices = [...new Set(resources.flatMap((r) => [...r.fields.map((f) => f.choices), ...r.filters.map((f) => f.choices)]).values())].filter((c): c is string => !!c).sort();
  const choiceSets: ChoiceSetIR[] = usedChoices.filter((name) => loaded.choices[name]).map((name) => ({ name, choices: loaded.choices[name].map(([value, label]) => ({ value, label })) }));
  const appNames = [...new Set(resources.map((r) => r.app))].sort();
  const apps = appNames.map((name) => ({ name, resources: resources.filter((r) => r.app === name).map((r) => r.key) }));
  // Route groups may bring their own component schemas; a name may be defined once in all.
  const allSchemas: Record<string, unknown> = { ...loaded.schemas };
  for (const g of loaded.groups) {
    for (const [name, schema] of Object.entries(g.definition.schemas ?? {})) {
      if (name in allSchemas) diagnostics.push(g.source.diagnostic(['schemas', name], 'E_DUPLICATE_PATH', `route group ${g.definition.group}: component schema "${name}" is already defined`, true));
      else allSchemas[name] = schema;
    }
  }
  const components = new Set([...Object.keys(allSchemas), ...pending.flatMap((p) => [p.ir.model, `Brief${p.ir.model}`, `${p.ir.model}Request`, `Writable${p.ir.model}Request`])]);
  for (const p of pending) checkOperationSchemas(p.definition.operations ?? [], p.ir.key, p.source, p.at, components, diagnostics);
  for (const p of pending) checkCustomActions(p, diagnostics);
  for (const g of loaded.groups) checkOperationSchemas(g.definition.operations, `route group ${g.definition.group}`, g.source, [], components, diagnostics);
  const routeGroups = buildRouteGroups(loaded.groups, new Set(byKey.keys()), new Set(appNames), diagnostics);
  const schemas = Object.fromEntries(Object.keys(allSchemas).sort().map((name) => [name, allSchemas[name]]));
  return { ir: { apps, resources, choiceSets, linkTables: linkTables(resources), relations: buildRelations(resources), fieldSets: fieldSets(pending), filterSets, schemas, routeGroups }, diagnostics };
}

/** An operation's request and response name a schema of schemas.yaml or a resource's component. */
function checkOperationSchemas(operations: NonNullable<ResourceDefinition['operations']>, owner: string, source: YamlSource, at: PathKey[], components: ReadonlySet<string>, out: Diagnostic[]): void {
  operations.forEach((op, index) => {
    for (const key of ['request', 'response'] as const) {
      if (op[key] && !components.has(op[key]!)) out.push(source.diagnostic([...at, 'operations', index, key], 'E_UNKNOWN_FIELD', `${owner} operation ${op.handler}: no schema "${op[key]}" (define it in schemas.yaml)${didYouMean(op[key]!, components)}`));
    }
  });
}

/** A custom action is none of the four every model has. */
function checkCustomActions(p: Pending, out: Diagnostic[]): void {
  for (const name of Object.keys(p.definition.custom_actions ?? {})) {
    if ((STANDARD_ACTIONS as readonly string[]).includes(name)) out.push(p.source.diagnostic([...p.at, 'custom_actions', name], 'E_INVALID_VALUE', `${p.ir.key} custom_actions: "${name}" is a standard action, not a custom one`, true));
  }
}

function resourceIR(app: string, path: string, definition: ResourceDefinition, merged: MergedModel): ResourceIR {
  const key = `${app}.${path}`;
  const table = definition.table ?? `${app}_${snakeCase(definition.model)}`;
  const verbose = definition.verbose_name ?? verboseName(definition.model);
  const own = merged.fields.flatMap(([name, def]) => (def.type === 'generic_fk' ? buildGenericFields(name, def) : [buildField(name, def, table, definition.model)]));
  const fields: Field[] = [...headFields({ displayUrl: definition.display_url }).map(expandField), ...own];
  for (const f of fields) if (f.target === 'self') f.target = key;
  const inherited = Object.fromEntries([...merged.origins].filter(([name]) => fields.some((f) => f.name === name)));
  const actions = customActions(definition);
  return {
    key,
    app,
    path,
    model: definition.model,
    verboseName: verbose,
    objectType: `${app}.${definition.model.toLowerCase()}`,
    table,
    uiPath: definition.ui_path ?? `${app}/${path}`,
    routes: definition.routes ?? 'full',
    operations: (definition.operations ?? []).map(operationEntry),
    display: merged.display ?? '{name}',
    fields,
    brief: merged.brief ?? ['id', 'url', 'display'],
    nested: merged.nested ?? merged.brief ?? ['id', 'url', 'display'],
    ordering: merged.ordering ?? ['id'],
    unique: buildUniques(merged.fields, fields, merged.unique, verbose),
    filters: [],
    search: [],
    tree: merged.tree,
    changeLogged: merged.changeLogged,
    ...(definition.display_url === false ? { displayUrl: false as const } : {}),
    ...(definition.legacy_names ? { legacyNames: definition.legacy_names } : {}),
    ...(definition.legacy_hidden ? { legacyHidden: definition.legacy_hidden } : {}),
    ...(definition.change_related ? { changeRelated: definition.change_related } : {}),
    ...(definition.change_records ? { changeRecords: true as const } : {}),
    ...(definition.instantiates ? { instantiates: instantiationEntry(definition.instantiates) } : {}),
    ...(actions.length ? { customActions: actions } : {}),
    ...(merged.mixins.length ? { mixins: [...merged.mixins] } : {}),
    inherited,
    filterSetsUsed: [],
  };
}


/** Each mixin's fields as they are inherited unchanged (the first resource that inherits one states it). */
function fieldSets(pending: Pending[]): InventoryIR['fieldSets'] {
  const sets: InventoryIR['fieldSets'] = {};
  for (const p of [...pending].sort((a, b) => a.ir.key.localeCompare(b.ir.key))) {
    for (const [name, mixin] of Object.entries(p.ir.inherited)) {
      const built = p.ir.fields.find((f) => f.name === name)!;
      // A mixin's self-reference (a tree's `parent`) is written as `self`, whichever resource inherits it.
      const field = built.target === p.ir.key ? { ...built, target: 'self' } : built;
      const known = sets[mixin]?.[name];
      if (!known) (sets[mixin] ??= {})[name] = field;
      // A mixin field that builds differently here (another table's link) is written in full.
      else if (JSON.stringify(known) !== JSON.stringify(field)) delete p.ir.inherited[name];
    }
  }
  return sets;
}

function buildFiltersAndSearch(p: Pending, catalog: ReturnType<typeof irCatalog>, filterSets: InventoryIR['filterSets'], diagnostics: Diagnostic[]): void {
  const { ir, definition, merged, source, at } = p;
  const unfiltered = new Set(merged.fields.filter(([, def]) => def.filter === false).map(([name]) => name));
  const lookupsOnly = new Set(merged.fields.filter(([, def]) => def.filter === 'lookups').map(([name]) => name));
  const derived = derivedFilters(ir, catalog, unfiltered).map((f) => (lookupsOnly.has(f.name) ? { ...f, exact: false as const } : f));
  const byName = new Map(derived.map((f) => [f.name, f]));
  const fromMixin = new Map<string, string[]>();
  for (const [name, { spec, mixin }] of merged.filters) {
    const where: PathKey[] = mixin ? [...at, 'mixins'] : [...at, 'filters', name];
    if (spec === null) {
      if (!byName.delete(name) && !mixin) diagnostics.push(source.diagnostic(where, 'E_UNKNOWN_FIELD', `${ir.key} filters: there is no filter "${name}" to drop${didYouMean(name, byName.keys())}`));
      continue;
    }
    const filter = resolveFilter(name, spec, ir, catalog);
    if ('error' in filter) {
      diagnostics.push(source.diagnostic(where, 'E_UNKNOWN_FIELD', `${ir.key} ${filter.error}${mixin ? ` (from mixin ${mixin})` : ''}`));
      continue;
    }
    byName.set(name, filter);
    if (mixin) fromMixin.set(mixin, [...(fromMixin.get(mixin) ?? []), name]);
  }
  ir.filters = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  // A mixin's filters that came through unchanged are written by reference.
  for (const [mixin, names] of fromMixin) {
    const own = names.map((n) => byName.get(n)!).filter((f) => merged.filters.get(f.name)?.mixin === mixin);
    if (own.length !== names.length) continue;
    const known = filterSets[mixin];
    if (!known) filterSets[mixin] = own;
    if (JSON.stringify(filterSets[mixin]) === JSON.stringify(own)) ir.filterSetsUsed.push(mixin);
  }
  ir.filterSetsUsed.sort();

  const search = [...merged.search];
  ir.search = search.map(searchEntry);
  search.forEach((text) => {
    const walked = walkPath(ir, searchEntry(text).path, catalog);
    const own = ownSearchAt(definition.search, text);
    if ('error' in walked) diagnostics.push(source.diagnostic(own ? [...at, ...own] : [...at, 'mixins'], 'E_UNKNOWN_FIELD', `${ir.key} search: ${walked.error}`));
  });
}
