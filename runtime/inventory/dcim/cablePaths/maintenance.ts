/**
 * @module
 * When the stored paths are traced again (store.ts), as NetBox's signals do, inside the write's
 * transaction and after the models' own rules (registered last: runtime/inventory/index.ts):
 * - a cable written with new ends: the paths through it and through its new terminations, and
 *   new paths from the path endpoints at its ends (`update_connected_endpoints`); a cable whose
 *   status changed: the paths through it (their `is_active`);
 * - a front port's mappings, or a rear port's (which change its device's front ports), or their
 *   positions: the paths through the ports (`update_passthrough_port_paths`);
 * - a circuit termination: the paths through its circuit's terminations (`rebuild_cablepaths`);
 * - a wireless link: the paths through it and its interfaces, and new ones from both interfaces
 *   (`update_connected_interfaces`);
 * - any delete reaching an object a path crosses (a cable, a port, an interface, a device and
 *   its components…): the paths through every object it deleted, once per delete.
 */
import type { DeletePlan, ModelRules, WriteItem } from '../../../rest/index.ts';
import { sqlIdentifier as quote } from '../../../kinds/index.ts';
import { written } from '../cables/cableEnds.ts';
import { CABLE, CIRCUIT_TERMINATION, FRONT_PORT, REAR_PORT, WIRELESS_LINK, type PathNode } from './nodes.ts';
import { retracePaths } from './store.ts';

const node = (objectType: string, id: unknown): PathNode => ({ objectType, id: Number(id) });
const present = (v: unknown) => v !== null && v !== undefined;

/** A column's value as comparable text: JSON (a front port's `_mappings`) with its keys in order, as jsonb gives them back in its own. */
function comparable(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') {
    if (!/^[[{]/.test(value)) return value;
    try {
      return comparable(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return `[${value.map(comparable).join(',')}]`;
  return `{${Object.keys(value).sort().map((k) => `${k}:${comparable((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

// Compared as text: String() of an object is `[object Object]` whatever it holds.
const changed = (item: WriteItem, column: string) => item.creating || comparable(item.existing?.[column]) !== comparable(item.row()[column]);

const cables: ModelRules = {
  async afterSave(batch) {
    const through: PathNode[] = [];
    const origins: PathNode[] = [];
    for (const item of batch.items) {
      const ends = (['A', 'B'] as const).map((end) => written(item, end));
      if (ends.some((e) => e !== undefined)) {
        const nodes = ends.flatMap((e) => e ?? []).map((t) => node(t.object_type, t.object_id));
        through.push(node(CABLE, item.id), ...nodes);
        origins.push(...nodes);
      } else if (changed(item, 'status')) through.push(node(CABLE, item.id));
    }
    await retracePaths(batch.tx, batch.registry, { through, origins });
  },
};

/** The rear ports a front port's stored mappings name. */
const peersOf = (mappings: unknown): number[] => {
  const list = typeof mappings === 'string' ? JSON.parse(mappings) : mappings;
  return Array.isArray(list) ? list.map((m) => Number((m as { peer: unknown }).peer)) : [];
};

const frontPorts: ModelRules = {
  async afterSave(batch) {
    const through = batch.items
      .filter((item) => changed(item, '_mappings') || changed(item, 'positions'))
      .flatMap((item) => [node(FRONT_PORT, item.id), ...[...peersOf(item.existing?._mappings), ...peersOf(item.row()._mappings)].map((id) => node(REAR_PORT, id))]);
    await retracePaths(batch.tx, batch.registry, { through });
  },
};

/** A rear port's `front_ports` are written on its device's front ports: the paths through any port of the device. */
const rearPorts: ModelRules = {
  async afterSave(batch) {
    const devices = batch.items.filter((item) => item.data.front_ports !== undefined || changed(item, 'positions')).map((item) => Number(item.row().device_id));
    if (!devices.length) return;
    const table = (key: string) => quote(batch.registry.resource(key).table);
    const rows = await batch.tx.query<{ type: string; id: number }>(
      `SELECT '${FRONT_PORT}' AS type, id FROM ${table('dcim.front-ports')} WHERE device_id = ANY($1::int[]) UNION ALL SELECT '${REAR_PORT}', id FROM ${table('dcim.rear-ports')} WHERE device_id = ANY($1::int[])`,
      [devices],
    );
    await retracePaths(batch.tx, batch.registry, { through: rows.map((r) => node(r.type, r.id)) });
  },
};

/** Every termination of the circuits a termination was and is on. */
const circuitTerminations: ModelRules = {
  async afterSave(batch) {
    const circuits = batch.items.flatMap((item) => [item.existing?.circuit_id, item.row().circuit_id]).filter(present).map(Number);
    const rows = await batch.tx.query<{ id: number }>(`SELECT id FROM ${quote(batch.resource.table)} WHERE circuit_id = ANY($1::int[])`, [circuits]);
    await retracePaths(batch.tx, batch.registry, { through: rows.map((r) => node(CIRCUIT_TERMINATION, r.id)) });
  },
};

const wirelessLinks: ModelRules = {
  async afterSave(batch) {
    const ends = ['interface_a_id', 'interface_b_id'];
    const through = batch.items.flatMap((item) => [node(WIRELESS_LINK, item.id), ...ends.flatMap((c) => [item.existing?.[c], item.row()[c]]).filter(present).map((id) => node('dcim.interface', id))]);
    const origins = batch.items.flatMap((item) => ends.map((c) => node('dcim.interface', item.row()[c])));
    await retracePaths(batch.tx, batch.registry, { through, origins });
  },
};

/** Plans already handled: a delete reaching several resources with this hook retraces once. */
const retraced = new WeakSet<DeletePlan>();

const afterDelete: ModelRules['afterDelete'] = async (plan, tx, _ctx, registry) => {
  if (retraced.has(plan)) return;
  retraced.add(plan);
  const through = plan.deletes.flatMap(({ resource, ids }) => ids.map((id) => node(resource.objectType, id)));
  await retracePaths(tx, registry, { through });
};

/** Resources whose deletion may cut a path: every kind of node. */
const NODE_RESOURCES = [
  'dcim.interfaces', 'dcim.console-ports', 'dcim.console-server-ports', 'dcim.power-ports', 'dcim.power-outlets', 'dcim.power-feeds',
  'dcim.front-ports', 'dcim.rear-ports', 'dcim.cables', 'circuits.circuit-terminations', 'wireless.wireless-links',
];

const saved: Record<string, ModelRules> = {
  'dcim.cables': cables,
  'dcim.front-ports': frontPorts,
  'dcim.rear-ports': rearPorts,
  'circuits.circuit-terminations': circuitTerminations,
  'wireless.wireless-links': wirelessLinks,
};

export const pathRules: Record<string, ModelRules> = Object.fromEntries(NODE_RESOURCES.map((key) => [key, { ...saved[key], afterDelete }]));

