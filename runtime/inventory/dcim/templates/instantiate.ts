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
    // A link's targets: an fk's one, a generic reference's every one.
    const ready = pending.findIndex((r) => r.instantiates!.link.every((name) => {
      const field = r.fields.find((f) => f.name === name);
      const targets = field?.generic?.targets ?? [field?.target];
      return targets.every((target) => target === r.key || !pending.some((p) => p.key === target));
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
  return set.spec.resolve.includes('name') && raw.includes('{') ? resolvePlaceholders(raw, owner.scope) : raw;
}

/** A field the template carries onto its component: copied, or with its placeholders resolved. */
interface Carry {
  /** The component's column and the template's. */
  to: string;
  from: string;
  resolve: boolean;
  /** What a null becomes where the component's field may not be null (its default, else ''). */
  notNull: unknown;
  /** A blank choice is stored as null where the component's field is nullable (the choice kind's `blank`). */
  blankToNull: boolean;
}

/**
 * How the templates of one resource become components, worked out once per request from the
 * definitions (the columns, defaults, carried fields and links), so that making each of tens of
 * thousands of rows is an object copy and a few assignments, not a search of the fields.
 */
interface Plan {
  set: TemplateSet;
  /** Every stored column of the component at its default (nulls where nullable). */
  base: Row;
  device: string;
  module: string | null;
  /** A tree component (module bays) hangs under the bay the module sits in, unless the tree is a link of its own. */
  parentBay: string | null;
  natural: string | null;
  /** The component's name column, naturalized into `natural`. */
  name: string;
  naturalize: (name: string) => string | null;
  carries: Carry[];
  /** Position mappings to another table's components (a front port's rear ports). */
  mappings: { to: string; name: string }[];
  /** References to another table's components (a power outlet's power port): the component's column, the template's, the templates' resource. */
  references: { to: string; from: string; templates: string }[];
  /** A generic reference to a component template (an inventory item's component): the component's type and id columns, the template's. */
  generic: { typeTo: string; idTo: string; typeFrom: string; idFrom: string } | null;
  /** A tree of the templates' own (inventory items): the component's parent column, the template's. */
  tree: { to: string; from: string } | null;
  /** References within the table set after its rows exist (an interface's bridge). */
  selfLinks: string[];
}

function planOf(set: TemplateSet): Plan {
  const { resource, target, spec } = set;
  const field = (r: Resource, name: string) => r.fields.find((f) => f.name === name)!;
  const base: Row = {};
  for (const f of target.fields) {
    if (!f.column || f.name === 'id' || f.kind === 'custom_fields' || f.kind === 'depth' || f.name === 'created' || f.name === 'last_updated') continue;
    if (f.default !== null && f.default !== undefined) base[f.column] = f.default;
    else if (f.nullable) base[f.column] = null;
  }
  const carries = [...spec.resolve, ...spec.copy].map((name) => {
    const to = field(target, name);
    return { to: to.column!, from: column(resource, name)!, resolve: spec.resolve.includes(name), notNull: to.nullable ? null : (to.default ?? ''), blankToNull: Boolean(to.nullable) && to.kind === 'choice' };
  });
  const plan: Plan = {
    set, base, carries, mappings: [], references: [], generic: null, tree: null, selfLinks: [],
    device: column(target, 'device')!,
    module: column(target, 'module'),
    parentBay: null,
    natural: column(target, '_name'),
    name: column(target, 'name')!,
    naturalize: NATURALIZERS[target.key] ?? naturalize,
  };
  for (const name of spec.link) {
    const link = field(resource, name);
    const own = field(target, name);
    if (link.kind === 'position_mappings') plan.mappings.push({ to: column(target, own.stored!)!, name });
    else if (link.generic) {
      plan.generic = { typeTo: column(target, own.generic!.typeField)!, idTo: column(target, own.generic!.idField)!, typeFrom: column(resource, link.generic.typeField)!, idFrom: column(resource, link.generic.idField)! };
    } else if (own.target === target.key && name === 'parent' && target.tree) plan.tree = { to: own.column!, from: link.column! };
    else if (own.target === target.key) plan.selfLinks.push(name);
    else plan.references.push({ to: own.column!, from: link.column!, templates: link.target! });
  }
  if (target.tree && !plan.tree) plan.parentBay = column(target, 'parent');
  return plan;
}
/** What an instantiation has at hand: every template by resource and id, the components made so far by `device:name`. */
interface Context {
  templates: Map<string, { set: TemplateSet; byId: Map<number, Row> }>;
  /** By object type too: a generic reference names its template's resource by type. */
  byType: Map<string, string>;
  made: Map<string, Map<string, number>>;
}

/** The component made on `owner`'s device from the template `id` of `templates` (a template resource), or null. */
function madeFrom(context: Context, templates: string, id: unknown, owner: Owner): number | null {
  const linked = context.templates.get(templates);
  const row = id === null || id === undefined ? undefined : linked?.byId.get(Number(id));
  return row && linked ? (context.made.get(linked.set.target.key)?.get(`${owner.deviceId}:${componentName(linked.set, row, owner)}`) ?? null) : null;
}

/** The resolved name of the template that the self link `name` of `template` names, or null. */
function linkedName(context: Context, set: TemplateSet, template: Row, name: string, owner: Owner): string | null {
  const link = set.resource.fields.find((f) => f.name === name)!;
  const id = template[link.column!];
  const row = id === null || id === undefined ? undefined : context.templates.get(link.target!)?.byId.get(Number(id));
  return row ? componentName(set, row, owner) : null;
}

/**
 * The stored mappings of a template (`[{position, peer, peer_position}]`, peers templates) as the
 * new component's: each peer the component made from that template on the same device (made
 * first); a peer not made (a module that does not replicate it) drops the mapping.
 */
function mappedPeers(context: Context, set: TemplateSet, template: Row, name: string, owner: Owner): { position: number; peer: number; peer_position: number }[] {
  const field = set.resource.fields.find((f) => f.name === name)!;
  const list = template[column(set.resource, field.stored!)!];
  const mappings = (typeof list === 'string' ? JSON.parse(list) : (list ?? [])) as { position: number; peer: number; peer_position: number }[];
  return mappings.flatMap((m) => {
    const made = madeFrom(context, field.target!, m.peer, owner);
    return made === null ? [] : [{ position: Number(m.position), peer: made, peer_position: Number(m.peer_position) }];
  });
}

/** A new component's columns beyond the defaults (`plan.base`): its device, what the template carries and links. */
function componentRow(context: Context, plan: Plan, template: Row, owner: Owner, parent: number | null): Row {
  const row: Row = {};
  row[plan.device] = owner.deviceId;
  if (plan.module) row[plan.module] = owner.moduleId;
  if (plan.parentBay) row[plan.parentBay] = owner.parentBay;
  if (plan.tree) row[plan.tree.to] = parent;
  for (const carry of plan.carries) {
    const value = template[carry.from];
    const resolved = carry.resolve && typeof value === 'string' && value.includes('{') ? resolvePlaceholders(value, owner.scope) : value;
    row[carry.to] = resolved === null || resolved === undefined ? carry.notNull : resolved === '' && carry.blankToNull ? null : resolved;
  }
  for (const { to, name } of plan.mappings) row[to] = mappedPeers(context, plan.set, template, name, owner);
  for (const { to, from, templates } of plan.references) row[to] = madeFrom(context, templates, template[from], owner);
  if (plan.generic) {
    // NetBox's InventoryItemTemplate.instantiate(): the device's component made from the template named.
    const templates = context.byType.get(String(template[plan.generic.typeFrom]));
    const id = templates ? madeFrom(context, templates, template[plan.generic.idFrom], owner) : null;
    row[plan.generic.typeTo] = id === null ? null : context.templates.get(templates!)!.set.target.objectType;
    row[plan.generic.idTo] = id;
  }
  if (plan.natural) row[plan.natural] = plan.naturalize(String(row[plan.name]));
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
 * Inserts the rows of one component table in one statement; returns their ids in the rows' order.
 * Each row holds only what differs from the defaults (`base`); the columns whose value is the same
 * in every row (most of them: defaults, nulls, what every template of the batch shares) travel
 * once, as one record; the rows carry only the others (the device, the name…). PostgreSQL's parse of the JSON parameter and jsonb_populate_recordset were
 * most of the statement's time when each of 48,000 rows carried its 37 columns (npm run bench).
 */
async function insertComponents(batch: WriteBatch, target: Resource, base: Row, rows: Row[]): Promise<number[]> {
  if (!rows.length) return [];
  const t = quote(target.table);
  const own = Object.keys(rows[0]);
  const columns = [...new Set([...Object.keys(base), ...own])];
  const same = (a: unknown, b: unknown) => a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
  const varying = own.filter((c) => rows.some((row) => !same(row[c], rows[0][c])));
  const constants = Object.fromEntries(columns.filter((c) => !varying.includes(c)).map((c) => [c, c in rows[0] ? rows[0][c] : base[c]]));
  const perRow = rows.map((row) => Object.fromEntries(varying.map((c) => [c, row[c]])));
  const stamps = target.changeLogged ? ['created', 'last_updated'] : [];
  const custom = target.fields.find((f) => f.kind === 'custom_fields')?.column;
  const cf = batch.registry.resource('extras.custom-fields');
  const defaults = custom
    ? `(SELECT coalesce(jsonb_object_agg(cf.name, cf."default") FILTER (WHERE cf."default" IS NOT NULL AND cf."default" <> 'null'::jsonb), '{}'::jsonb) FROM ${quote(cf.table)} cf WHERE cf.object_types @> ARRAY[$3::text])`
    : null;
  const inserted = await batch.tx.query<{ id: number }>(
    `INSERT INTO ${t} (${[...columns, ...stamps, ...(custom ? [custom] : [])].map(quote).join(', ')})
     SELECT ${[...columns.map((c) => `${varying.includes(c) ? 'x' : 'k'}.${quote(c)}`), ...stamps.map(() => 'now()'), ...(defaults ? [defaults] : [])].join(', ')}
       FROM jsonb_populate_recordset(NULL::${t}, $1::text::jsonb) WITH ORDINALITY AS x
       CROSS JOIN jsonb_populate_record(NULL::${t}, $2::text::jsonb) AS k
       ORDER BY x.ordinality
     RETURNING id`,
    [JSON.stringify(perRow), JSON.stringify(constants), ...(custom ? [target.objectType] : [])],
  );
  // The sequence numbers rows in the order they are inserted: sorted ids line up with `rows`.
  const ids = inserted.map((r) => Number(r.id)).sort((x, y) => x - y);
  await placeInTree(batch, target, ids);
  await batch.changes.created(target.key, ids, { unlinked: true });
  return ids;
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

/** The templates of a set in the order their components are made: level by level for a tree of templates, each after its parent. */
function levelsOf(plan: Plan): Row[][] {
  if (!plan.tree) return [plan.set.rows];
  const levels: Row[][] = [];
  for (const row of plan.set.rows) (levels[Number(row.tree_depth ?? 0)] ??= []).push(row);
  return levels.filter(Boolean);
}

/** Instantiates every template of `sets` on every owner (all devices, or all modules: `owner` names the templates' type field). */
export async function instantiate(batch: WriteBatch, owner: 'device_type' | 'module_type', owners: Owner[], sets: TemplateSet[]): Promise<void> {
  const context: Context = {
    templates: new Map(sets.map((set) => [set.resource.key, { set, byId: new Map(set.rows.map((r) => [Number(r.id), r])) }])),
    byType: new Map(sets.map((set) => [set.resource.objectType, set.resource.key])),
    made: new Map(),
  };
  const selfLinks: { set: TemplateSet; name: string; pairs: [string, string | null][] }[] = [];
  for (const set of sets) {
    const plan = planOf(set);
    const ownerColumn = column(set.resource, owner)!;
    const existing = await adoptable(batch, set.target, owners);
    const made = new Map<string, number>();
    // A tree of templates (inventory items) is made a level at a time: each component under the one made from its template's parent.
    const byTemplate = new Map<string, number>();
    const adopted: { id: number; key: string; module: number | null; parent: number | null }[] = [];
    const links = plan.selfLinks.map((name) => ({ set, name, pairs: [] as [string, string | null][] }));
    for (const level of levelsOf(plan)) {
      const byType = new Map<number, Row[]>();
      for (const row of level) {
        const type = Number(row[ownerColumn]);
        const list = byType.get(type) ?? byType.set(type, []).get(type)!;
        list.push(row);
      }
      const rows: Row[] = [];
      const making: { owner: Owner; template: Row; key: string }[] = [];
      for (const o of owners) {
        for (const template of byType.get(o.typeId) ?? []) {
          const key = `${o.deviceId}:${componentName(set, template, o)}`;
          const found = o.adopt ? existing.get(key) : undefined;
          if (found !== undefined) adopted.push({ id: found, key, module: o.moduleId, parent: o.parentBay });
          else if (o.replicate) {
            const parent = plan.tree ? (byTemplate.get(`${o.deviceId}:${template[plan.tree.from]}`) ?? null) : null;
            rows.push(componentRow(context, plan, template, o, parent));
            making.push({ owner: o, template, key });
          } else continue;
          for (const link of links) link.pairs.push([key, prefixed(o, linkedName(context, set, template, link.name, o))]);
        }
      }
      const ids = await insertComponents(batch, set.target, plan.base, rows);
      ids.forEach((id, n) => {
        made.set(making[n].key, id);
        byTemplate.set(`${making[n].owner.deviceId}:${making[n].template.id}`, id);
      });
    }
    await adopt(batch, set.target, adopted);
    for (const a of adopted) made.set(a.key, a.id);
    context.made.set(set.target.key, made);
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
