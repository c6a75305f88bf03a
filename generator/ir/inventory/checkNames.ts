/**
 * @module
 * Names that must be unique across all definitions because the emitters turn them into one
 * namespace each: a model names its OpenAPI components (`Shelf`, `BriefShelf`, `ShelfRequest`…)
 * and its object type (`shop.shelf`); schemas.yaml's and route groups' schemas and the choice sets
 * are components too; a resource's table, its many-to-many link tables and a route group's tables
 * share the database. Each clash
 * is a positioned diagnostic at the second definition, naming the first, rather than an exception
 * thrown by an emitter.
 */
import type { Diagnostic } from '../../diagnostics.ts';
import type { LoadedDefinitions } from '../../load/readDefinitions.ts';
import type { PathKey, YamlSource } from '../../load/yamlSource.ts';
import type { Pending } from './pending.ts';

interface Claim {
  owner: string;
  source: YamlSource;
  at: PathKey[];
}

/** The OpenAPI components a model may name (the emitter uses a subset, by the resource's shape). */
export function componentNames(model: string): string[] {
  return [model, `Brief${model}`, `Nested${model}`, `${model}Request`, `Writable${model}Request`, `Patched${model}Request`, `PatchedWritable${model}Request`, `Paginated${model}List`];
}

const place = ({ source, at }: Claim) => `${source.file}:${source.locate(at).line}`;

export function checkNames(pending: readonly Pending[], loaded: LoadedDefinitions, out: Diagnostic[]): void {
  const components = new Map<string, Claim & { model: string }>();
  const objectTypes = new Map<string, Claim>();
  const tables = new Map<string, Claim>();
  for (const p of pending) {
    const model: Claim = { owner: p.ir.key, source: p.source, at: [...p.at, 'model'] };
    const clash = modelClash(p, components, objectTypes);
    if (clash) out.push(p.source.diagnostic(model.at, 'E_DUPLICATE_NAME', clash));
    for (const name of componentNames(p.ir.model)) if (!components.has(name)) components.set(name, { ...model, model: p.ir.model });
    if (!objectTypes.has(p.ir.objectType)) objectTypes.set(p.ir.objectType, model);

    const table: Claim = { owner: p.ir.key, source: p.source, at: p.definition.table ? [...p.at, 'table'] : [...p.at, 'model'] };
    const sameTable = tables.get(p.ir.table);
    if (!sameTable) tables.set(p.ir.table, table);
    // One mistake, one diagnostic: a repeated model also repeats the table derived from it.
    else if (!clash) out.push(p.source.diagnostic(table.at, 'E_DUPLICATE_NAME', `${p.ir.key}: table ${p.ir.table} is already the table of ${sameTable.owner} (${place(sameTable)})${p.definition.table ? '' : '; set `table` to another name'}`));
  }
  // A many-to-many field's link table (`<table>_<field>`) is a table too; a `reverse_of` field shares its forward field's.
  for (const p of pending) {
    for (const [name, def] of p.merged.fields) {
      const link = def.type === 'm2m' && !def.reverse_of ? p.ir.fields.find((f) => f.name === name)?.link?.table : undefined;
      if (!link) continue;
      const first = tables.get(link);
      const at = p.definition.fields?.[name] ? [...p.at, 'fields', name] : [...p.at, 'mixins'];
      if (first) out.push(p.source.diagnostic(at, 'E_DUPLICATE_NAME', `${p.ir.key}.${name}: its link table ${link} is already the table of ${first.owner} (${place(first)})`, true));
      else tables.set(link, { owner: `${p.ir.key}.${name}`, source: p.source, at });
    }
  }

  const schemaSources: [Record<string, unknown>, YamlSource | null, string][] = [[loaded.schemas, loaded.schemaSource, 'schemas.yaml'], ...loaded.groups.map((g) => [g.definition.schemas ?? {}, g.source, `route group ${g.definition.group}`] as [Record<string, unknown>, YamlSource, string])];
  for (const [schemas, source, owner] of schemaSources) {
    for (const name of Object.keys(schemas)) {
      const first = components.get(name);
      if (first && source) out.push(source.diagnostic(['schemas', name], 'E_DUPLICATE_NAME', `${owner}: component schema "${name}" is also a component of ${first.owner}, named by its model "${first.model}" (${place(first)})`, true));
    }
  }
  if (loaded.choiceSource) {
    for (const name of Object.keys(loaded.choices)) {
      const first = components.get(name);
      if (first) out.push(loaded.choiceSource.diagnostic(['choice_sets', name], 'E_DUPLICATE_NAME', `choice set "${name}" has the name of an OpenAPI component of ${first.owner}, named by its model "${first.model}" (${place(first)})`, true));
    }
  }
  for (const g of loaded.groups) {
    for (const name of Object.keys(g.definition.tables ?? {})) {
      const first = tables.get(name);
      if (first) out.push(g.source.diagnostic(['tables', name], 'E_DUPLICATE_NAME', `route group ${g.definition.group}: table ${name} is already the table of ${first.owner} (${place(first)})`, true));
      else tables.set(name, { owner: `route group ${g.definition.group}`, source: g.source, at: ['tables', name] });
    }
  }
}

/** Why the resource's model may not be used (it or a name derived from it is taken), or null. */
function modelClash(p: Pending, components: ReadonlyMap<string, Claim & { model: string }>, objectTypes: ReadonlyMap<string, Claim>): string | null {
  const sameModel = [...components.values()].find((c) => c.model === p.ir.model);
  if (sameModel) return `${p.ir.key}: model "${p.ir.model}" is already the model of ${sameModel.owner} (${place(sameModel)}); a model names the resource's OpenAPI components and object type, so each resource needs its own`;
  for (const name of componentNames(p.ir.model)) {
    const first = components.get(name);
    if (first) return `${p.ir.key}: model "${p.ir.model}" would name the OpenAPI component ${name}, which ${first.owner}'s model "${first.model}" names (${place(first)})`;
  }
  const type = objectTypes.get(p.ir.objectType);
  if (type) return `${p.ir.key}: object type ${p.ir.objectType} is already that of ${type.owner} (${place(type)}); models of one app must differ in more than case`;
  return null;
}
