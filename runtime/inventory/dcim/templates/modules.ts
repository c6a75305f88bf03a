/**
 * @module
 * A module installed into a bay gets its module type's components (Module.save()), `{module}`
 * resolved to the positions of the bays it sits in, unless the request says
 * `replicate_components: false`; with `adopt_components: true` the device's components of the same
 * names that belong to no module become the module's instead of new ones being made. Before that,
 * ModuleSerializer.validate()'s checks (under `non_field_errors`, the first failing one): a
 * `{module}` template needs a bay with a position and as many tokens as one or the bay tree's
 * depth; a component to create must not exist by name already, one to adopt must not belong to a
 * module. Only new modules are checked and instantiated; an update changes no component.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { quote, tableOf } from '../shared/rows.ts';
import { componentName, instantiate, loadTemplateSets, type Owner, type TemplateSet } from './instantiate.ts';
import { bayPositions, MODULE_TOKEN, PlaceholderError } from './placeholders.ts';

/** The order ModuleSerializer.validate() checks templates in; it leaves module bay templates out. */
const CHECKED = ['dcim.console-port-templates', 'dcim.console-server-port-templates', 'dcim.interface-templates', 'dcim.power-port-templates', 'dcim.power-outlet-templates', 'dcim.rear-port-templates', 'dcim.front-port-templates'];

const OWNER = 'templates.owner';

const flag = (item: WriteItem, column: string, fallback: boolean) => {
  const value = item.value(column);
  return value === null || value === undefined ? fallback : value === true;
};

/** New modules that replicate or adopt components. */
const instantiating = (batch: WriteBatch) => batch.items.filter((item) => item.creating && item.errors.empty && (flag(item, 'replicate_components', true) || flag(item, 'adopt_components', false)));

/** Each module's owner: its device's chassis position and its bay chain's positions (two queries for the batch). */
async function owners(batch: WriteBatch, items: WriteItem[]): Promise<Map<WriteItem, Owner & { bayPosition: string }>> {
  const bays = items.map((item) => Number(item.value('module_bay_id')));
  const chains = await batch.tx.query<{ bay: number; positions: string[] }>(
    `WITH RECURSIVE chain(bay, current, position, depth) AS (
       SELECT b.id, b.id, b.position, 0 FROM ${tableOf(batch, 'dcim.module-bays')} b WHERE b.id = ANY($1::int[])
       UNION ALL
       SELECT c.bay, p.id, p.position, c.depth + 1 FROM chain c JOIN ${tableOf(batch, 'dcim.module-bays')} b ON b.id = c.current
         JOIN ${tableOf(batch, 'dcim.modules')} m ON m.id = b.module_id JOIN ${tableOf(batch, 'dcim.module-bays')} p ON p.id = m.module_bay_id WHERE c.depth < 64
     ) SELECT bay, array_agg(coalesce(position, '') ORDER BY depth) AS positions FROM chain GROUP BY bay`,
    [bays],
  );
  const byBay = new Map(chains.map((c) => [Number(c.bay), c.positions]));
  const devices = await batch.tx.query<{ id: number; vc: number | null }>(
    `SELECT id, CASE WHEN virtual_chassis_id IS NOT NULL THEN vc_position END AS vc FROM ${tableOf(batch, 'dcim.devices')} WHERE id = ANY($1::int[])`,
    [items.map((item) => Number(item.value('device_id')))],
  );
  const vc = new Map(devices.map((d) => [Number(d.id), d.vc === null ? null : Number(d.vc)]));
  return new Map(
    items.map((item) => {
      const chain = byBay.get(Number(item.value('module_bay_id'))) ?? [''];
      const deviceId = Number(item.value('device_id'));
      const owner = {
        deviceId,
        moduleId: item.id,
        typeId: Number(item.value('module_type_id')),
        scope: { vcPosition: vc.get(deviceId) ?? null, positions: bayPositions(chain) },
        parentBay: Number(item.value('module_bay_id')),
        adopt: flag(item, 'adopt_components', false),
        replicate: flag(item, 'replicate_components', true),
        bayPosition: chain[0],
      };
      return [item, owner];
    }),
  );
}

/** The devices' components of each checked target by `device:name` → module id (or null): one query per table. */
async function installed(batch: WriteBatch, sets: TemplateSet[], devices: number[]): Promise<Map<string, Map<string, number | null>>> {
  const out = new Map<string, Map<string, number | null>>();
  for (const set of sets) {
    if (out.has(set.target.key)) continue;
    const rows = await batch.tx.query<{ device_id: number; name: string; module_id: number | null }>(`SELECT device_id, name, module_id FROM ${quote(set.target.table)} WHERE device_id = ANY($1::int[])`, [devices]);
    out.set(set.target.key, new Map(rows.map((r) => [`${r.device_id}:${r.name}`, r.module_id])));
  }
  return out;
}

/** ModuleSerializer.validate()'s message for one template, or null. */
function conflict(set: TemplateSet, template: Record<string, unknown>, owner: Owner & { bayPosition: string }, components: Map<string, number | null>): string | null {
  const raw = String(template.name ?? '');
  if (raw.includes(MODULE_TOKEN) && !owner.bayPosition) return 'Cannot install module with placeholder values in a module bay with no position defined.';
  const name = componentName(set, template, owner);
  const key = `${owner.deviceId}:${name}`;
  if (owner.adopt && components.get(key) != null) return `Cannot adopt ${set.target.model} ${name} as it already belongs to a module`;
  if (!owner.adopt && components.has(key)) return `A ${set.target.model} named ${name} already exists`;
  return null;
}

async function clean(batch: WriteBatch): Promise<void> {
  const items = instantiating(batch);
  if (!items.length) return;
  const byItem = await owners(batch, items);
  const sets = await loadTemplateSets(batch, 'module_type', [...new Set(items.map((item) => Number(item.value('module_type_id'))))]);
  const checked = CHECKED.flatMap((key) => sets.filter((set) => set.resource.key === key));
  const components = await installed(batch, checked, [...new Set(items.map((item) => Number(item.value('device_id'))))]);
  for (const item of items) {
    const owner = byItem.get(item)!;
    item.extras.set(OWNER, owner);
    const error = firstError(sets, checked, owner, components);
    if (error) item.error('non_field_errors', error);
  }
}

function firstError(sets: TemplateSet[], checked: TemplateSet[], owner: Owner & { bayPosition: string }, components: Map<string, Map<string, number | null>>): string | null {
  try {
    for (const set of checked) {
      for (const template of set.rows.filter((row) => Number(row.module_type_id) === owner.typeId)) {
        const error = conflict(set, template, owner, components.get(set.target.key)!);
        if (error) return error;
      }
    }
    // Module.save() resolves every template, module bays' too; a token count that fits no depth is refused here rather than failing there.
    for (const set of sets) for (const template of set.rows.filter((row) => Number(row.module_type_id) === owner.typeId)) componentName(set, template, owner);
  } catch (error) {
    if (error instanceof PlaceholderError) return error.message;
    throw error;
  }
  return null;
}

async function afterSave(batch: WriteBatch): Promise<void> {
  const items = batch.items.filter((item) => item.creating && item.extras.has(OWNER));
  if (!items.length) return;
  const list = items.map((item) => ({ ...(item.extras.get(OWNER) as Owner), moduleId: item.id }));
  const sets = await loadTemplateSets(batch, 'module_type', [...new Set(list.map((o) => o.typeId))]);
  await instantiate(batch, 'module_type', list, sets);
}

/** Instantiation on module installation, chained after the modules' own rules. */
export const moduleInstantiation: ModelRules = { clean, afterSave };
