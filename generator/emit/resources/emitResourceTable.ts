/**
 * @module
 * Emits `generated/inventory/resources.json`, the table the REST engine runs on: every resource's
 * fields, filters, uniques and routes, the choice sets and the relation graph, as compact data —
 * keys at their default are left out (runtime/kinds/table.ts fills them back in), and fields and
 * filters inherited unchanged from a mixin are written once and referenced (`primary.description`,
 * `@netbox-model`). JSON, not TypeScript: nothing to type-check or transpile at NetBox's scale.
 */
import type { FieldEntry, FilterEntry, InventoryTable, ResourceEntry } from '../../../runtime/contract/index.ts';
import { INVENTORY_TABLE_FORMAT } from '../../../runtime/contract/index.ts';
import { compactField, compactFilter } from '../../../runtime/kinds/index.ts';
import type { InventoryIR, ResourceIR } from '../../ir/types.ts';
import type { GeneratedFile } from '../types.ts';
import { LINES, printJson, type JsonLayout } from './printJson.ts';

export const RESOURCE_TABLE_PATH = 'inventory/resources.json';

const HEAD = new Set(['id', 'url', 'display_url', 'display']);

function resourceEntry(r: ResourceIR, ir: InventoryIR): ResourceEntry {
  const fields: (FieldEntry | string)[] = r.fields.filter((f) => !HEAD.has(f.name)).map((f) => (r.inherited[f.name] ? `${r.inherited[f.name]}.${f.name}` : compactField(f)));
  const shared = new Set(r.filterSetsUsed.flatMap((set) => ir.filterSets[set].map((f) => f.name)));
  const filters: (FilterEntry | string)[] = [...r.filterSetsUsed.map((set) => `@${set}`), ...r.filters.filter((f) => !shared.has(f.name)).map(compactFilter)];
  const entry: ResourceEntry = {
    key: r.key, app: r.app, path: r.path, model: r.model, verboseName: r.verboseName, objectType: r.objectType, table: r.table, uiPath: r.uiPath,
    display: r.display, fields, brief: r.brief, ordering: r.ordering, filters,
  };
  if (r.routes !== 'full') entry.routes = r.routes;
  if (r.operations.length) entry.operations = r.operations;
  if (r.nested.join() !== r.brief.join()) entry.nested = r.nested;
  if (r.unique.length) entry.unique = r.unique.map((u) => ({ ...u, ...(u.whereNull?.length ? {} : { whereNull: undefined }), ...(u.caseInsensitive ? {} : { caseInsensitive: undefined }) }));
  if (r.search.length) entry.search = r.search;
  if (r.tree) entry.tree = true;
  if (r.changeLogged) entry.changeLogged = true;
  if (r.displayUrl === false) entry.displayUrl = false;
  if (r.legacyNames) entry.legacyNames = r.legacyNames;
  if (r.legacyHidden) entry.legacyHidden = r.legacyHidden;
  if (r.changeRelated) entry.changeRelated = r.changeRelated;
  if (r.changeRecords) entry.changeRecords = true;
  if (r.instantiates) entry.instantiates = r.instantiates;
  if (r.customActions?.length) entry.customActions = r.customActions;
  if (r.mixins?.length) entry.mixins = r.mixins;
  return entry;
}

export function emitResourceTable(ir: InventoryIR): GeneratedFile[] {
  const table: InventoryTable = {
    format: INVENTORY_TABLE_FORMAT,
    apps: ir.apps,
    choiceSets: Object.fromEntries(ir.choiceSets.map((c) => [c.name, c.choices.map((x) => [x.value, x.label] as [string | number, string])])),
    fieldSets: Object.fromEntries(Object.entries(ir.fieldSets).sort(([a], [b]) => a.localeCompare(b)).map(([set, fields]) => [set, Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, compactField(f)]))])),
    filterSets: Object.fromEntries(Object.entries(ir.filterSets).sort(([a], [b]) => a.localeCompare(b)).map(([set, filters]) => [set, filters.map(compactFilter)])),
    resources: ir.resources.map((r) => resourceEntry(r, ir)),
    relations: ir.relations,
  };
  return [{ path: RESOURCE_TABLE_PATH, contents: `${printJson(table, TABLE_LAYOUT)}\n` }];
}

/**
 * One entry per line wherever a definition change lands: each field and filter of a resource or a
 * mixin, each unique constraint and extra operation, each choice of a choice set, each relation;
 * a resource's other keys one per line; smaller lists (brief, search, ordering) on their key's line.
 */
const TABLE_LAYOUT: JsonLayout = {
  keys: {
    apps: LINES,
    choiceSets: { each: LINES },
    fieldSets: { each: LINES },
    filterSets: { each: LINES },
    resources: { each: { keys: { fields: LINES, filters: LINES, unique: LINES, operations: LINES } } },
    relations: LINES,
  },
};
