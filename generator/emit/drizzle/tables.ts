/**
 * @module
 * The database tables of the inventory as plain specs: one per resource, one per many-to-many link
 * table, the shared tagged-item table, and the tables route groups (plugins) declare for their own
 * state. Names of indexes and constraints are chosen here, kept under PostgreSQL's 63-byte
 * identifier limit (a longer name would be silently truncated by the server and no longer match the
 * snapshot), and recorded with what they protect so the runtime can turn a constraint violation into
 * the right NetBox error.
 */
import { createHash } from 'node:crypto';
import { TAG_LINK, type ConstraintMeaning, type DbIndexKind } from '../../../runtime/contract/index.ts';
import { column, fieldKind, identityColumn, nullability, referenceColumn, timestampColumn, treePathColumn, varcharColumn, type Catalog, type ColumnSpec } from '../../../runtime/kinds/index.ts';
import type { FieldIR, GroupTableIR, InventoryIR, ResourceIR } from '../../ir/types.ts';

export interface IndexPart {
  column: string;
  /** Index `lower(column)` instead of the column (case-insensitive uniques). */
  lower: boolean;
  /** Index `host(column)::inet` instead of the column (an address's host, in address order). */
  host?: boolean;
  /** Index `masklen(column)` instead of the column (a network's or address's mask length). */
  masklen?: boolean;
  /** The operator class of the part (`inet_ops` for a GiST index of a network column). */
  opclass?: string;
}

export interface IndexSpec {
  name: string;
  unique: boolean;
  parts: IndexPart[];
  /** The access method when not btree. */
  using?: 'gist' | 'gin';
  /** Partial index: only rows where all these columns are null. */
  whereNull: string[];
  /** What a violation of this unique index means, for the runtime's error mapping. */
  meaning: { resource: string; unique: number } | null;
}

export interface ForeignKeySpec {
  name: string;
  column: string;
  /** Referenced table (always its `id`). */
  references: string;
  /**
   * Always `no action`: deletes are collected by the application (runtime/rest/write/collector.ts),
   * which removes or clears every dependent first; a key left pointing at a deleted row is a bug the
   * database refuses, never something it cascades silently.
   */
  onDelete: 'no action';
  /** The resource field this key stores, when it is one. */
  meaning: { resource: string; field: string } | null;
}

export interface TableSpec {
  /** App whose schema file declares the table. */
  app: string;
  name: string;
  /** Name of the exported table constant (`dcim_site` → `dcimSite`). */
  constName: string;
  columns: ColumnSpec[];
  indexes: IndexSpec[];
  foreignKeys: ForeignKeySpec[];
}


const MAX_IDENTIFIER = 63;

/** `<base>_<suffix>`, shortened with a stable hash when longer than PostgreSQL allows. */
export function constraintName(base: string, suffix: string): string {
  const full = `${base}_${suffix}`;
  if (full.length <= MAX_IDENTIFIER) return full;
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8);
  return `${base.slice(0, MAX_IDENTIFIER - suffix.length - hash.length - 2)}_${hash}_${suffix}`;
}

/** The index a field's `db_index` names: a btree on the column, GiST `inet_ops` on it, or a btree on its host or its mask length. */
function fieldIndex(table: string, column: string, kind: DbIndexKind): IndexSpec {
  if (kind === 'gist') return { name: constraintName(`${table}_${column}_gist`, 'idx'), unique: false, using: 'gist', parts: [{ column, lower: false, opclass: 'inet_ops' }], whereNull: [], meaning: null };
  if (kind === 'host') return { name: constraintName(`${table}_${column}_host`, 'idx'), unique: false, parts: [{ column, lower: false, host: true }], whereNull: [], meaning: null };
  if (kind === 'masklen') return { name: constraintName(`${table}_${column}_masklen`, 'idx'), unique: false, parts: [{ column, lower: false, masklen: true }], whereNull: [], meaning: null };
  return { name: constraintName(`${table}_${column}`, 'idx'), unique: false, parts: [{ column, lower: false }], whereNull: [], meaning: null };
}

/** `dcim_site` → `dcimSite`. */
export function tableConstName(table: string): string {
  return table.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The kinds' view of the IR: resources and choice sets (a choice column's type depends on its values). */
function catalogOf(ir: InventoryIR): Catalog {
  const byKey = new Map(ir.resources.map((r) => [r.key, r]));
  const sets = new Map(ir.choiceSets.map((c) => [c.name, c.choices.map((x) => [x.value, x.label] as [string | number, string])]));
  return { resource: (key) => byKey.get(key)!, choiceSet: (name) => sets.get(name) ?? [] };
}

/** The column of a field, from its kind, or null when the value is not stored on the row. */
export function columnSpec(field: FieldIR, catalog: Catalog): ColumnSpec | null {
  return field.column === null ? null : fieldKind(field.kind).column(field, catalog);
}

function resourceTable(resource: ResourceIR, ir: InventoryIR, catalog: Catalog): TableSpec {
  const byKey = new Map(ir.resources.map((r) => [r.key, r]));
  const columns: ColumnSpec[] = [];
  const indexes: IndexSpec[] = [];
  const foreignKeys: ForeignKeySpec[] = [];
  for (const field of resource.fields) {
    const column = columnSpec(field, catalog);
    if (!column) continue;
    columns.push(column);
    for (const kind of field.dbIndex === true ? ['btree'] : field.dbIndex || []) indexes.push(fieldIndex(resource.table, column.name, kind as DbIndexKind));
    if (field.kind === 'object_type' && field.generic) {
      // Objects are looked up by (type, id), the way a generic relation is read and filtered.
      const idColumn = resource.fields.find((f) => f.name === field.generic!.idField)?.column ?? field.generic.idField;
      indexes.push({ name: constraintName(`${resource.table}_${column.name}`, 'idx'), unique: false, parts: [{ column: column.name, lower: false }, { column: idColumn, lower: false }], whereNull: [], meaning: null });
    }
    if (field.kind !== 'fk') continue;
    const target = field.target ? byKey.get(field.target) : undefined;
    if (!target) throw new Error(`${resource.key}.${field.name}: foreign key target ${String(field.target)} is not a resource`);
    if (field.onDelete === 'set_null' && !field.nullable) throw new Error(`${resource.key}.${field.name}: on_delete set_null needs a nullable field`);
    foreignKeys.push({ name: constraintName(`${resource.table}_${column.name}`, 'fk'), column: column.name, references: target.table, onDelete: 'no action', meaning: { resource: resource.key, field: field.name } });
    indexes.push({ name: constraintName(`${resource.table}_${column.name}`, 'idx'), unique: false, parts: [{ column: column.name, lower: false }], whereNull: [], meaning: null });
  }
  if (resource.tree) columns.push(treePathColumn());
  const columnOf = (name: string): string => {
    const field = resource.fields.find((f) => f.name === name);
    if (!field?.column) throw new Error(`${resource.key}: unique constraint names ${name}, which is not a stored field`);
    return field.column;
  };
  resource.unique.forEach((unique, position) => {
    const parts = unique.fields.map((name) => {
      const field = resource.fields.find((f) => f.name === name);
      const textual = field ? ['string', 'slug', 'email', 'text', 'color', 'timezone'].includes(field.kind) : false;
      return { column: columnOf(name), lower: !!unique.caseInsensitive && textual };
    });
    const whereNull = (unique.whereNull ?? []).map(columnOf);
    const base = [resource.table, ...parts.map((p) => (p.lower ? `lower_${p.column}` : p.column)), ...(whereNull.length ? ['where', ...whereNull, 'null'] : [])].join('_');
    indexes.push({ name: constraintName(base, 'uniq'), unique: true, parts, whereNull, meaning: { resource: resource.key, unique: position } });
  });
  const ordered = orderingColumns(resource);
  if (ordered) indexes.push({ name: constraintName(`${resource.table}_ordering`, 'idx'), unique: false, parts: ordered.map((column) => ({ column, lower: false })), whereNull: [], meaning: null });
  return { app: resource.app, name: resource.table, constName: tableConstName(resource.table), columns, indexes, foreignKeys };
}

/**
 * The columns of the default list order (`ORDER BY <ordering>, id`, as the runtime's Reader writes
 * it) when every term is a plain ascending column of the table, so that an index on them lets a page
 * of a large table be read in order and stop at its limit, instead of sorting (and filtering) the
 * whole table for every page. Orders through a reference, by an expression, descending or by id alone
 * get none.
 */
export function orderingColumns(resource: ResourceIR): string[] | null {
  if (resource.ordering.some((term) => term.startsWith('-'))) return null;
  const columns: string[] = [];
  for (const term of resource.ordering) {
    const field = resource.fields.find((f) => f.name === term);
    if (!field?.column || field.expression || field.kind === 'fk') return null;
    if (!columns.includes(field.column)) columns.push(field.column);
  }
  if (!columns.includes('id')) columns.push('id');
  return columns.length > 1 ? columns : null;
}

function appOfTable(table: string, ir: InventoryIR): string {
  const owner = ir.resources.find((r) => r.table === table);
  if (!owner) throw new Error(`table ${table} belongs to no resource`);
  return owner.app;
}

function linkTable(link: InventoryIR['linkTables'][number], ir: InventoryIR): TableSpec {
  const { name, source, target } = link;
  if (source.column === target.column) throw new Error(`link table ${name}: source and target columns are both ${source.column}`);
  const fk = (side: typeof source): ForeignKeySpec => ({ name: constraintName(`${name}_${side.column}`, 'fk'), column: side.column, references: side.table, onDelete: 'no action', meaning: null });
  return {
    app: appOfTable(source.table, ir),
    name,
    constName: tableConstName(name),
    columns: [identityColumn(), referenceColumn(source.column), referenceColumn(target.column)],
    indexes: [
      { name: constraintName(`${name}_${source.column}_${target.column}`, 'uniq'), unique: true, parts: [{ column: source.column, lower: false }, { column: target.column, lower: false }], whereNull: [], meaning: null },
      { name: constraintName(`${name}_${target.column}`, 'idx'), unique: false, parts: [{ column: target.column, lower: false }], whereNull: [], meaning: null },
    ],
    foreignKeys: [fk(source), fk(target)],
  };
}

/** A route group's own table (definitions' `tables:`): an identity id, its columns, an index per unique column. */
function groupTable(table: GroupTableIR, group: string): TableSpec {
  const columns = table.columns.map((c) => {
    if (c.type === 'varchar') return column('varchar', c.name, { length: c.length! }, nullability(c.nullable));
    if (c.type === 'timestamp') return timestampColumn(c.name, c.nullable);
    if (c.type === 'text_array') return column('text', c.name, null, [{ kind: 'array' }, ...nullability(c.nullable)]);
    return column(c.type, c.name, null, nullability(c.nullable));
  });
  const uniques = table.columns.filter((c) => c.unique);
  const indexed = table.columns.filter((c) => c.index);
  return {
    app: group,
    name: table.name,
    constName: tableConstName(table.name),
    columns: [identityColumn(), ...columns],
    indexes: [
      ...uniques.map((c): IndexSpec => ({ name: constraintName(`${table.name}_${c.name}`, 'uniq'), unique: true, parts: [{ column: c.name, lower: false }], whereNull: [], meaning: null })),
      ...indexed.map((c): IndexSpec => ({ name: constraintName(`${table.name}_${c.name}`, 'idx'), unique: false, ...(c.index === 'gin' ? { using: 'gin' as const } : {}), parts: [{ column: c.name, lower: false }], whereNull: [], meaning: null })),
    ],
    foreignKeys: [],
  };
}

function taggedItemTable(ir: InventoryIR): TableSpec | null {
  if (!ir.resources.some((r) => r.table === TAG_LINK.table || r.fields.some((f) => f.kind === 'tags'))) return null;
  const tags = ir.resources.find((r) => r.key === 'extras.tags');
  if (!tags) throw new Error('a resource has a tags field but there is no extras.tags resource');
  const name = TAG_LINK.table;
  const plain = (column: string): IndexPart => ({ column, lower: false });
  return {
    app: tags.app,
    name,
    constName: tableConstName(name),
    columns: [identityColumn(), referenceColumn('tag_id'), varcharColumn('object_type', 100), referenceColumn('object_id')],
    indexes: [
      { name: constraintName(`${name}_tag_id_object_type_object_id`, 'uniq'), unique: true, parts: ['tag_id', 'object_type', 'object_id'].map(plain), whereNull: [], meaning: null },
      { name: constraintName(`${name}_object_type_object_id`, 'idx'), unique: false, parts: ['object_type', 'object_id'].map(plain), whereNull: [], meaning: null },
    ],
    foreignKeys: [{ name: constraintName(`${name}_tag_id`, 'fk'), column: 'tag_id', references: tags.table, onDelete: 'no action', meaning: null }],
  };
}

/** Every table of the inventory, sorted by name. Throws on IR inconsistencies (unknown targets…). */
export function buildTableSpecs(ir: InventoryIR): TableSpec[] {
  const catalog = catalogOf(ir);
  // A resource over the tag link table (tagged objects) reads the table emitted with the tags.
  const owning = ir.resources.filter((r) => r.table !== TAG_LINK.table);
  const tables = [
    ...owning.map((r) => resourceTable(r, ir, catalog)),
    ...ir.linkTables.map((l) => linkTable(l, ir)),
    ...ir.routeGroups.flatMap((g) => g.tables.map((t) => groupTable(t, g.name))),
  ];
  const tagged = taggedItemTable(ir);
  if (tagged) tables.push(tagged);
  for (const r of ir.resources.filter((x) => x.table === TAG_LINK.table)) {
    const stray = resourceTable(r, ir, catalog).columns.filter((c) => !tagged?.columns.some((l) => l.name === c.name));
    if (stray.length) throw new Error(`${r.key} reads the tag link table ${TAG_LINK.table}, which has no column ${stray.map((c) => c.name).join(', ')}`);
  }
  tables.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const seen = new Map<string, string>();
  for (const table of tables) {
    if (seen.has(table.name)) throw new Error(`two tables are named ${table.name}`);
    seen.set(table.name, table.name);
    for (const name of [...table.indexes.map((i) => i.name), ...table.foreignKeys.map((f) => f.name)]) {
      const owner = seen.get(`#${name}`);
      if (owner) throw new Error(`constraint name ${name} is used by both ${owner} and ${table.name}`);
      seen.set(`#${name}`, table.name);
    }
  }
  return tables;
}

/** Constraint and unique-index names → what they protect, sorted by name. */
export function constraintMeanings(tables: readonly TableSpec[]): Record<string, ConstraintMeaning> {
  const entries: [string, ConstraintMeaning][] = [];
  for (const table of tables) {
    for (const index of table.indexes) {
      if (!index.unique) continue;
      entries.push([index.name, { kind: 'unique', table: table.name, columns: index.parts.map((p) => p.column), resource: index.meaning?.resource ?? null, unique: index.meaning?.unique ?? null }]);
    }
    for (const fk of table.foreignKeys) {
      entries.push([fk.name, { kind: 'foreign_key', table: table.name, column: fk.column, references: fk.references, resource: fk.meaning?.resource ?? null, field: fk.meaning?.field ?? null }]);
    }
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}
