/**
 * @module
 * Builds the inventory IR from loaded definitions: merges mixins, builds fields, uniques and
 * filters, then checks every cross-reference (relation targets, choice sets, and the field names
 * used by brief, ordering, search, unique and filters). All problems are reported together.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { LoadedDefinitions } from '../../load/readDefinitions.ts';
import type { PathKey, YamlSource } from '../../load/yamlSource.ts';
import type { ResourceDefinition } from '../../validate/definitionSchema.ts';
import type { ChoiceSetIR, InventoryIR, LinkTableIR, ResourceIR } from '../types.ts';
import { snakeCase, verboseName } from '../naming.ts';
import { buildField, buildGenericFields, headFields, TAGGED_ITEM_TABLE } from './fields.ts';
import { buildFilters } from './filters.ts';
import { checkMixinReferences, mergeMixins, type MergedModel } from './mergeMixins.ts';
import { buildUniques } from './uniques.ts';

interface Pending {
  ir: ResourceIR;
  definition: ResourceDefinition;
  merged: MergedModel;
  source: YamlSource;
  at: PathKey[];
}

export function buildInventory(loaded: LoadedDefinitions): { ir: InventoryIR; diagnostics: Diagnostic[] } {
  // Cross-references are checked over a complete set only: with a file left out for its own errors,
  // they would mostly echo them (every use of a mixin from a broken mixins.yaml becomes "unknown").
  if (loaded.invalidFiles.length) return { ir: { apps: [], resources: [], choiceSets: [], linkTables: [] }, diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const pending: Pending[] = [];
  const seen = new Map<string, Pending>();
  checkMixinReferences(loaded.mixins, loaded.mixinSource, diagnostics);

  for (const { source, definition: file } of loaded.apps) {
    for (const [path, definition] of Object.entries(file.resources)) {
      const at: PathKey[] = ['resources', path];
      const key = `${file.app}.${path}`;
      const previous = seen.get(key);
      if (previous) {
        diagnostics.push(source.diagnostic(at, 'E_DUPLICATE_PATH', `/api/${file.app}/${path}/ is already defined at ${previous.source.file}:${previous.source.locateKey(previous.at).line}`, true));
        continue;
      }
      const merged = mergeMixins(definition, loaded.mixins, source, at, diagnostics);
      const table = definition.table ?? `${file.app}_${snakeCase(definition.model)}`;
      const verbose = definition.verbose_name ?? verboseName(definition.model);
      const fields = [...headFields(), ...merged.fields.flatMap(([name, def]) => (def.type === 'generic_fk' ? buildGenericFields(name, def) : [buildField(name, def, table, definition.model)]))];
      const ir: ResourceIR = {
        key,
        app: file.app,
        path,
        model: definition.model,
        verboseName: verbose,
        objectType: `${file.app}.${definition.model.toLowerCase()}`,
        table,
        uiPath: definition.ui_path ?? `${file.app}/${path}`,
        routes: definition.routes ?? 'full',
        operations: (definition.operations ?? []).map((o) => ({ handler: o.handler, method: o.method, path: o.path, auth: o.auth ?? true })),
        display: merged.display ?? '{name}',
        fields,
        brief: merged.brief ?? ['id', 'url', 'display'],
        nested: merged.nested ?? merged.brief ?? ['id', 'url', 'display'],
        ordering: merged.ordering ?? ['id'],
        unique: buildUniques(merged.fields, fields, merged.unique, verbose),
        filters: [],
        search: merged.search,
        tree: merged.tree ? { parent: 'parent' } : null,
        changeLogged: merged.changeLogged,
      };
      for (const f of ir.fields) if (f.target === 'self') f.target = key;
      for (const f of ir.fields) if (f.count?.target === 'self') f.count.target = key;
      const entry = { ir, definition, merged, source, at };
      seen.set(key, entry);
      pending.push(entry);
    }
  }

  const byKey = new Map(pending.map((p) => [p.ir.key, p.ir]));
  linkReverseRelations(pending, byKey, diagnostics);
  for (const p of pending) {
    const unfiltered = new Set(p.merged.fields.filter(([, def]) => def.filter === false).map(([name]) => name));
    p.ir.filters = buildFilters(p.ir, p.definition, byKey, unfiltered);
    const derived = new Set(buildFilters(p.ir, { ...p.definition, filters: { extra: p.definition.filters?.extra } }, byKey, unfiltered).map((f) => f.name));
    (p.definition.filters?.exclude ?? []).forEach((name, index) => {
      if (!derived.has(name)) diagnostics.push(p.source.diagnostic([...p.at, 'filters', 'exclude', index], 'E_UNKNOWN_FIELD', `${p.ir.key} filters.exclude: there is no filter "${name}" to exclude`));
    });
    checkReferences(p, byKey, loaded.choices, diagnostics);
  }

  const resources = pending.map((p) => p.ir).sort((a, b) => a.key.localeCompare(b.key));
  const usedChoices = [...new Set(resources.flatMap((r) => r.fields.map((f) => f.choiceSet).filter((c): c is string => !!c)))].sort();
  const choiceSets: ChoiceSetIR[] = usedChoices
    .filter((name) => loaded.choices[name])
    .map((name) => ({ name, choices: loaded.choices[name].map(([value, label]) => ({ value, label })) }));
  const appNames = [...new Set(resources.map((r) => r.app))].sort();
  const apps = appNames.map((name) => ({ name, resources: resources.filter((r) => r.app === name).map((r) => r.key) }));
  return { ir: { apps, resources, choiceSets, linkTables: linkTables(resources) }, diagnostics };
}

function linkTables(resources: ResourceIR[]): LinkTableIR[] {
  const byKey = new Map(resources.map((r) => [r.key, r]));
  const tables: LinkTableIR[] = [];
  for (const r of resources) {
    for (const f of r.fields) {
      if (f.kind !== 'm2m' || !f.link || !f.target || f.reverseOf) continue;
      const target = byKey.get(f.target);
      if (target) tables.push({ name: f.link.table, source: { column: f.link.source, table: r.table }, target: { column: f.link.target, table: target.table } });
    }
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

/** Whether any resource carries tags, so the shared tag link table must exist. */
export function usesTags(ir: InventoryIR): boolean {
  return ir.resources.some((r) => r.fields.some((f) => f.kind === 'tags'));
}
export { TAGGED_ITEM_TABLE };

function checkReferences(p: Pending, byKey: Map<string, ResourceIR>, choices: LoadedDefinitions['choices'], out: Diagnostic[]): void {
  const { ir, source, at, definition } = p;
  const fieldAt = (name: string): PathKey[] => (definition.fields && name in definition.fields ? [...at, 'fields', name] : [...at, 'mixins']);
  const names = new Set(ir.fields.map((f) => f.name));
  for (const f of ir.fields) {
    if ((f.kind === 'fk' || f.kind === 'm2m') && !f.target) {
      out.push(source.diagnostic(fieldAt(f.name), 'E_MISSING_KEY', `${ir.key}.${f.name}: an ${f.kind} field needs "target"`));
    } else if ((f.kind === 'fk' || f.kind === 'm2m') && !byKey.has(f.target!)) {
      out.push(source.diagnostic([...fieldAt(f.name), 'target'], 'E_UNKNOWN_TARGET', `${ir.key}.${f.name}: unknown ${f.kind} target "${f.target ?? ''}"`));
    }
    if (f.kind === 'generic_fk') {
      // The three fields of a generic relation come from one definition entry, named like the object field.
      if (!f.generic!.targets.length) out.push(source.diagnostic(fieldAt(f.name), 'E_MISSING_KEY', `${ir.key}.${f.name}: a generic_fk field needs "targets"`));
      f.generic!.targets.forEach((target, index) => {
        if (!byKey.has(target)) out.push(source.diagnostic([...fieldAt(f.name), 'targets', index], 'E_UNKNOWN_TARGET', `${ir.key}.${f.name}: unknown generic_fk target "${target}"`));
      });
    }
    if (f.kind === 'choice' && !f.choiceSet) {
      out.push(source.diagnostic(fieldAt(f.name), 'E_MISSING_KEY', `${ir.key}.${f.name}: a choice field needs "choices"`));
    } else if (f.kind === 'choice' && !choices[f.choiceSet!]) {
      out.push(source.diagnostic([...fieldAt(f.name), 'choices'], 'E_UNKNOWN_CHOICES', `${ir.key}.${f.name}: unknown choice set "${f.choiceSet ?? ''}"`));
    }
    const choiceSet = f.kind === 'choice' && f.choiceSet ? choices[f.choiceSet] : undefined;
    if (choiceSet && f.default !== null && !choiceSet.some(([value]) => value === f.default)) {
      out.push(source.diagnostic([...fieldAt(f.name), 'default'], 'E_INVALID_VALUE', `${ir.key}.${f.name}: default ${JSON.stringify(f.default)} is not a value of ${f.choiceSet}`));
    }
    if (f.kind === 'count' && f.count && !(f.count.target === '' && f.count.via === 'tags')) {
      const target = byKey.get(f.count.target);
      if (!target) out.push(source.diagnostic([...fieldAt(f.name), 'target'], 'E_UNKNOWN_TARGET', `${ir.key}.${f.name}: unknown count target "${f.count.target}"`));
      else if (!target.fields.some((t) => t.name === f.count!.via && (t.kind === 'fk' || t.kind === 'm2m'))) {
        out.push(source.diagnostic([...fieldAt(f.name), 'via'], 'E_UNKNOWN_FIELD', `${ir.key}.${f.name}: ${target.key} has no relation field "${f.count.via}"`));
      }
    }
  }
  const check = (list: readonly string[] | undefined, key: string, strip = (s: string) => s) =>
    (list ?? []).forEach((name, index) => {
      if (!names.has(strip(name))) out.push(source.diagnostic([...at, key, index], 'E_UNKNOWN_FIELD', `${ir.key} ${key}: unknown field "${strip(name)}"`));
    });
  check(definition.brief, 'brief');
  check(definition.nested, 'nested');
  check(definition.ordering, 'ordering', (s) => s.replace(/^-/, ''));
  check(definition.search, 'search');
  (definition.unique ?? []).forEach((u, i) =>
    (['fields', 'where_null'] as const).forEach((list) =>
      (u[list] ?? []).forEach((name, j) => {
        if (!names.has(name)) out.push(source.diagnostic([...at, 'unique', i, list, j], 'E_UNKNOWN_FIELD', `${ir.key} unique: unknown field "${name}"`));
      }),
    ),
  );
  for (const [name, extra] of Object.entries(definition.filters?.extra ?? {})) {
    if (!names.has(extra.field)) out.push(source.diagnostic([...at, 'filters', 'extra', name, 'field'], 'E_UNKNOWN_FIELD', `${ir.key} filter ${name}: unknown field "${extra.field}"`));
  }
  checkDisplay(p, byKey, out);
  const parent = ir.fields.find((f) => f.name === 'parent');
  if (ir.tree && (parent?.kind !== 'fk' || parent.target !== ir.key)) {
    out.push(source.diagnostic(definition.tree ? [...at, 'tree'] : [...at, 'mixins'], 'E_UNKNOWN_FIELD', `${ir.key}: a tree needs a field "parent" of type fk with target self`));
  }
  // Inherited names (from mixins) are checked once the mixin is applied to a real resource.
  const inherited = [...(definition.brief ? [] : (p.merged.brief ?? [])), ...p.merged.search.filter((s) => !definition.search?.includes(s)), ...(definition.ordering ? [] : (p.merged.ordering ?? []).map((s) => s.replace(/^-/, '')))];
  for (const name of inherited) {
    if (!names.has(name)) out.push(source.diagnostic([...at, 'mixins'], 'E_UNKNOWN_FIELD', `${ir.key}: a mixin names unknown field "${name}"`));
  }
}

/** `{field}` and `{field.subfield}` placeholders of `display` must name real fields; `@name` is a runtime handler. */
function checkDisplay({ ir, source, at, definition }: Pending, byKey: Map<string, ResourceIR>, out: Diagnostic[]): void {
  if (ir.display.startsWith('@')) return;
  const where = definition.display ? [...at, 'display'] : [...at, 'model'];
  for (const [, name, sub] of ir.display.matchAll(/\{([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?\}/g)) {
    const field = ir.fields.find((f) => f.name === name);
    const target = field?.target ? byKey.get(field.target) : undefined;
    if (!field) out.push(source.diagnostic(where, 'E_UNKNOWN_FIELD', `${ir.key} display "${ir.display}": unknown field "${name}"${definition.display ? '' : ' (set `display`)'}`));
    else if (sub && target && !target.fields.some((f) => f.name === sub)) out.push(source.diagnostic(where, 'E_UNKNOWN_FIELD', `${ir.key} display "${ir.display}": ${target.key} has no field "${sub}"`));
  }
}

/** Points each `reverse_of` m2m field at the link table of the field it mirrors, source and target swapped. */
function linkReverseRelations(pending: Pending[], byKey: Map<string, ResourceIR>, out: Diagnostic[]): void {
  for (const p of pending) {
    for (const [name, def] of Object.entries(p.definition.fields ?? {})) {
      if (!def?.reverse_of) continue;
      const field = p.ir.fields.find((f) => f.name === name);
      const forward = field?.target ? byKey.get(field.target)?.fields.find((f) => f.name === def.reverse_of) : undefined;
      if (!field || !forward?.link || forward.kind !== 'm2m') {
        out.push(p.source.diagnostic([...p.at, 'fields', name, 'reverse_of'], 'E_UNKNOWN_FIELD', `${p.ir.key}.${name}: ${field?.target ?? '?'} has no m2m field "${def.reverse_of}"`));
        continue;
      }
      field.link = { table: forward.link.table, source: forward.link.target, target: forward.link.source };
      field.reverseOf = def.reverse_of;
    }
  }
}
