/**
 * @module
 * Templates into components, as NetBox's Device.save() and Module.save() do, for a whole batch at
 * once: which templates a resource instantiates and what carries over are the definitions'
 * `instantiates:` (generated/inventory/resources.json), so a template resource that declares one
 * is instantiated with no change here. Per template resource: one query for the templates of all
 * the batch's types; per component table one INSERT … SELECT for every device or module of the
 * batch (ids in template order, as bulk_create gives them), one UPDATE for adopted components and
 * one per reference between components of one table (an interface's bridge, set after the
 * interfaces exist, as update_interface_bridges() does). References to another table's components
 * (a power outlet's power port) are set in the INSERT: the referenced table is instantiated first;
 * so are position mappings (a front port template's rear ports become the front port's, to the
 * rear ports made from those templates, as create_port_mappings() does by name).
 * Components get the custom fields' defaults, and each create and update is change-logged, as
 * NetBox's bulk_create followed by post_save signals records them.
 */
import type { InstantiationEntry, Resource } from '../../../contract/index.ts';
import type { WriteBatch } from '../../../rest/index.ts';
import { naturalizeInterface } from '../interfaces/naturalizeInterface.ts';
import { naturalize } from '../shared/naturalOrdering.ts';
import { quote, type Row } from '../shared/rows.ts';
import { resolvePlaceholders, type PlaceholderScope } from './placeholders.ts';

/** A device being created, or a module being installed in one. */
export interface Owner {
  deviceId: number;
  moduleId: number | null;
  /** The device type's id (a device) or the module type's (a module). */
  typeId: number;
  scope: PlaceholderScope;
  /** The bay holding the module: the tree parent of module bays the module brings. */
  parentBay: number | null;
  /** Adopt the device's components of a template's name that belong to no module (a module's `adopt_components`). */
  adopt: boolean;
  /** Create the components not adopted (a module's `replicate_components`). */
  replicate: boolean;
}

/** One template resource with its templates of the batch's types. */
export interface TemplateSet {
  resource: Resource;
  spec: InstantiationEntry;
  target: Resource;
  rows: Row[];
}

/** How each component resource orders names (NetBox's naturalize functions). */
const NATURALIZERS: Record<string, (name: string) => string | null> = { 'dcim.interfaces': (name) => naturalizeInterface(name) };

const column = (resource: Resource, name: string) => resource.fields.find((f) => f.name === name)?.column ?? null;

/**
 * The template resources whose type is `owner` (`device_type` or `module_type`), ordered so that a
 * template referring to another resource's templates comes after them, with the templates of
 * `typeIds`: one query per template resource.
 */
export async function loadTemplateSets(batch: WriteBatch, owner: 'device_type' | 'module_type', typeIds: number[]): Promise<TemplateSet[]> {
  const resources = batch.registry.resources.filter((r) => r.instantiates && column(r, owner));
  const ordered: Resource[] = [];
  const pending = [...resources].sort((a, b) => a.key.localeCompare(b.key));
  while (pending.length) {
    const ready = pending.findIndex((r) => r.instantiates!.link.every((name) => {
      const target = r.fields.find((f) => f.name === name)?.target;
      return target === r.key || !pending.some((p) => p.key === target);
    }));
    ordered.push(...pending.splice(ready < 0 ? 0 : ready, 1));
  }
  if (!typeIds.length) return [];
  return Promise.all(
    ordered.map(async (resource) => ({
      resource,
      spec: resource.instantiates!,
      target: batch.registry.resource(resource.instantiates!.target),
      rows: await batch.tx.query<Row>(`SELECT t.* FROM ${quote(resource.table)} t WHERE t.${quote(column(resource, owner)!)} = ANY($1::int[]) ORDER BY t.id`, [typeIds]),
    })),
  );
}

/** The name a template's component gets for `owner` (placeholders resolved). */
export function componentName(set: TemplateSet, template: Row, owner: Pick<Owner, 'scope'>): string {
  const raw = String(template[column(set.resource, 'name')!] ?? '');
  return set.spec.resolve.includes('name') ? resolvePlaceholders(raw, owner.scope) : raw;
}

/** The stored value of a component's field: the template's, or the component's default where it may not be null. */
function carried(set: TemplateSet, template: Row, name: string, owner: Owner): unknown {
  const value = template[column(set.resource, name)!];
  const field = set.target.fields.find((f) => f.name === name)!;
  const resolved = set.spec.resolve.includes(name) && typeof value === 'string' ? resolvePlaceholders(value, owner.scope) : value;
  if (resolved === null && !field.nullable) return field.default ?? '';
  // A blank choice is stored as null where the component's field is nullable (the choice kind's `blank`).
  return resolved === '' && field.nullable && field.kind === 'choice' ? null : resolved;
}

/** What an instantiation has at hand: every template by resource and id, the components made so far by `device:name`. */
interface Context {
  templates: Map<string, { set: TemplateSet; byId: Map<number, Row> }>;
  made: Map<string, Map<string, number>>;
}

/** The resolved name of the template that the link field `name` of `template` names, or null. */
function linkedName(context: Context, set: TemplateSet, template: Row, name: string, owner: Owner): string | null {
  const id = template[column(set.resource, name)!];
  const linked = context.templates.get(set.resource.fields.find((f) => f.name === name)!.target!);
  const row = id === null || id === undefined ? undefined : linked?.byId.get(Number(id));
  return row && linked ? componentName(linked.set, row, owner) : null;
}

/**
 * The stored mappings of a template (`[{position, peer, peer_position}]`, peers templates) as the
 * new component's: each peer the component made from that template on the same device (made
 * first); a peer not made (a module that does not replicate it) drops the mapping.
 */
function mappedPeers(context: Context, set: TemplateSet, template: Row, name: string, owner: Owner): { position: number; peer: number; peer_position: number }[] {
  const field = set.resource.fields.find((f) => f.name === name)!;
  const peers = context.templates.get(field.target!);
  const component = set.target.fields.find((f) => f.name === name)!.target!;
  const list = template[column(set.resource, field.stored!)!];
  const mappings = (typeof list === 'string' ? JSON.parse(list) : (list ?? [])) as { position: number; peer: number; peer_position: number }[];
  return mappings.flatMap((m) => {
    const row = peers?.byId.get(Number(m.peer));
    const made = row ? context.made.get(component)?.get(`${owner.deviceId}:${componentName(peers!.set, row, owner)}`) : undefined;
    return made === undefined ? [] : [{ position: Number(m.position), peer: made, peer_position: Number(m.peer_position) }];
  });
}

/** A new component's columns: every stored field at its default, then what the template carries. */
function componentRow(context: Context, set: TemplateSet, template: Row, owner: Owner): Row {
  const { target, spec } = set;
  const row: Row = {};
  for (const f of target.fields) {
    if (!f.column || f.name === 'id' || f.kind === 'custom_fields' || f.kind === 'depth' || f.name === 'created' || f.name === 'last_updated') continue;
    if (f.default !== null && f.default !== undefined) row[f.column] = f.default;
    else if (f.nullable) row[f.column] = null;
  }
  row[column(target, 'device')!] = owner.deviceId;
  if (column(target, 'module')) row[column(target, 'module')!] = owner.moduleId;
  if (target.tree) row[column(target, 'parent')!] = owner.parentBay;
  for (const name of [...spec.resolve, ...spec.copy]) row[column(target, name)!] = carried(set, template, name, owner);
  for (const name of spec.link) {
    if (set.resource.fields.find((f) => f.name === name)!.kind === 'position_mappings') {
      const stored = target.fields.find((f) => f.name === name)!.stored!;
      row[column(target, stored)!] = mappedPeers(context, set, template, name, owner);
      continue;
    }
    const component = target.fields.find((f) => f.name === name)!.target!;
    if (component === target.key) continue;
    const linked = linkedName(context, set, template, name, owner);
    row[column(target, name)!] = linked === null ? null : (context.made.get(component)?.get(`${owner.deviceId}:${linked}`) ?? null);
  }
  if (column(target, '_name')) row[column(target, '_name')!] = (NATURALIZERS[target.key] ?? naturalize)(String(row[column(target, 'name')!]));
  return row;
}

/** The device's components of `target` that belong to no module, by `device:name`: one query. */
async function adoptable(batch: WriteBatch, target: Resource, owners: Owner[]): Promise<Map<string, number>> {
  const devices = owners.filter((o) => o.adopt).map((o) => o.deviceId);
  if (!devices.length) return new Map();
  const rows = await batch.tx.query<{ id: number; device_id: number; name: string }>(
    `SELECT id, ${quote(column(target, 'device')!)} AS device_id, name FROM ${quote(target.table)} WHERE ${quote(column(target, 'device')!)} = ANY($1::int[]) AND ${quote(column(target, 'module')!)} IS NULL`,
    [devices],
  );
  return new Map(rows.map((r) => [`${r.device_id}:${r.name}`, Number(r.id)]));
}

/** Places rows of a tree under their parents. */
async function placeInTree(batch: WriteBatch, target: Resource, ids: number[]): Promise<void> {
  if (!target.tree || !ids.length) return;
  const [t, parent] = [quote(target.table), quote(column(target, 'parent')!)];
  await batch.tx.query(
    `UPDATE ${t} n SET tree_path = coalesce(p.tree_path, '{}'::int[]) || n.id, tree_depth = coalesce(cardinality(p.tree_path), 0) FROM ${t} n2 LEFT JOIN ${t} p ON p.id = n2.${parent} WHERE n.id = n2.id AND n.id = ANY($1::int[])`,
    [ids],
  );
}

/**
 * Inserts the rows of one component table in one statement; returns their ids by `device:name`.
 * The columns whose value is the same in every row (most of them: defaults, nulls, what every
 * template of the batch shares) travel once, as one record; the rows carry only the others (the
 * device, the name…). PostgreSQL's parse of the JSON parameter and jsonb_populate_recordset were
 * most of the statement's time when each of 48,000 rows carried its 37 columns (npm run bench).
 */
async function insertComponents(batch: WriteBatch, target: Resource, rows: Row[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const t = quote(target.table);
  const columns = Object.keys(rows[0]);
  const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
  const varying = new Set(columns.filter((c) => rows.some((row) => !same(row[c], rows[0][c]))));
  const constants = Object.fromEntries(columns.filter((c) => !varying.has(c)).map((c) => [c, rows[0][c]]));
  const perRow = rows.map((row) => Object.fromEntries([...varying].map((c) => [c, row[c]])));
  const stamps = target.changeLogged ? ['created', 'last_updated'] : [];
  const custom = target.fields.find((f) => f.kind === 'custom_fields')?.column;
  const cf = batch.registry.resource('extras.custom-fields');
  const defaults = custom
    ? `(SELECT coalesce(jsonb_object_agg(cf.name, cf."default") FILTER (WHERE cf."default" IS NOT NULL AND cf."default" <> 'null'::jsonb), '{}'::jsonb) FROM ${quote(cf.table)} cf WHERE cf.object_types @> ARRAY[$3::text])`
    : null;
  const inserted = await batch.tx.query<{ id: number; device_id: number; name: string }>(
    `INSERT INTO ${t} (${[...columns, ...stamps, ...(custom ? [custom] : [])].map(quote).join(', ')})
     SELECT ${[...columns.map((c) => `${varying.has(c) ? 'x' : 'k'}.${quote(c)}`), ...stamps.map(() => 'now()'), ...(defaults ? [defaults] : [])].join(', ')}
       FROM jsonb_populate_recordset(NULL::${t}, $1::text::jsonb) WITH ORDINALITY AS x
       CROSS JOIN jsonb_populate_record(NULL::${t}, $2::text::jsonb) AS k
       ORDER BY x.ordinality
     RETURNING id, ${quote(column(target, 'device')!)} AS device_id, name`,
    [JSON.stringify(perRow), JSON.stringify(constants), ...(custom ? [target.objectType] : [])],
  );
  const ids = inserted.map((r) => Number(r.id));
  await placeInTree(batch, target, ids);
  await batch.changes.created(target.key, ids);
  return new Map(inserted.map((r) => [`${r.device_id}:${r.name}`, Number(r.id)]));
}

/** Gives adopted components their module (and, in a tree, their place under the module's bay). */
async function adopt(batch: WriteBatch, target: Resource, adopted: { id: number; module: number | null; parent: number | null }[]): Promise<void> {
  if (!adopted.length) return;
  const ids = adopted.map((a) => a.id);
  const sets = [`${quote(column(target, 'module')!)} = u.module`, ...(target.changeLogged ? ['last_updated = now()'] : []), ...(target.tree ? [`${quote(column(target, 'parent')!)} = u.parent`] : [])];
  await batch.changes.updating(target.key, ids, async () => {
    await batch.tx.query(`UPDATE ${quote(target.table)} t SET ${sets.join(', ')} FROM unnest($1::int[], $2::int[], $3::int[]) AS u(id, module, parent) WHERE t.id = u.id`, [ids, adopted.map((a) => a.module), adopted.map((a) => a.parent)]);
    await placeInTree(batch, target, ids);
  });
}

/** Instantiates every template of `sets` on every owner (all devices, or all modules: `owner` names the templates' type field). */
export async function instantiate(batch: WriteBatch, owner: 'device_type' | 'module_type', owners: Owner[], sets: TemplateSet[]): Promise<void> {
  const context: Context = { templates: new Map(sets.map((set) => [set.resource.key, { set, byId: new Map(set.rows.map((r) => [Number(r.id), r])) }])), made: new Map() };
  const selfLinks: { set: TemplateSet; name: string; pairs: [string, string | null][] }[] = [];
  for (const set of sets) {
    const byType = new Map<number, Row[]>();
    for (const row of set.rows) {
      const type = Number(row[column(set.resource, owner)!]);
      byType.set(type, [...(byType.get(type) ?? []), row]);
    }
    const existing = await adoptable(batch, set.target, owners);
    const rows: Row[] = [];
    const adopted: { id: number; key: string; module: number | null; parent: number | null }[] = [];
    const links = set.spec.link.filter((name) => set.target.fields.find((f) => f.name === name)!.target === set.target.key).map((name) => ({ set, name, pairs: [] as [string, string | null][] }));
    for (const o of owners) {
      for (const template of byType.get(o.typeId) ?? []) {
        const key = `${o.deviceId}:${componentName(set, template, o)}`;
        const found = o.adopt ? existing.get(key) : undefined;
        if (found !== undefined) adopted.push({ id: found, key, module: o.moduleId, parent: o.parentBay });
        else if (o.replicate) rows.push(componentRow(context, set, template, o));
        else continue;
        for (const link of links) link.pairs.push([key, prefixed(o, linkedName(context, set, template, link.name, o))]);
      }
    }
    const ids = await insertComponents(batch, set.target, rows);
    await adopt(batch, set.target, adopted);
    for (const a of adopted) ids.set(a.key, a.id);
    context.made.set(set.target.key, ids);
    selfLinks.push(...links);
  }
  for (const { set, name, pairs } of selfLinks) await linkWithin(batch, set.target, name, pairs, context.made.get(set.target.key)!);
}

const prefixed = (owner: Owner, name: string | null) => (name === null ? null : `${owner.deviceId}:${name}`);

/** Sets a reference between components of one table (an interface's bridge): one UPDATE, recorded. */
async function linkWithin(batch: WriteBatch, target: Resource, name: string, pairs: [string, string | null][], ids: Map<string, number>): Promise<void> {
  const updates = pairs.flatMap(([from, to]) => (to !== null && ids.has(from) && ids.has(to) ? [[ids.get(from)!, ids.get(to)!]] : []));
  if (!updates.length) return;
  const rows = updates.map(([id]) => id);
  const stamp = target.changeLogged ? ', last_updated = now()' : '';
  await batch.changes.updating(target.key, rows, async () => {
    await batch.tx.query(`UPDATE ${quote(target.table)} t SET ${quote(column(target, name)!)} = u.link${stamp} FROM unnest($1::int[], $2::int[]) AS u(id, link) WHERE t.id = u.id`, [rows, updates.map(([, link]) => link)]);
  });
}
