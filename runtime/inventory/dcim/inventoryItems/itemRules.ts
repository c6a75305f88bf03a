/**
 * @module
 * Rules of inventory items (NetBox's InventoryItem.clean()), the first failing check per item:
 * - its parent belongs to its device ("Parent inventory item does not belong to the same
 *   device."); NetBox checks this on update only, and so takes a parent on another device at
 *   creation, which this server refuses too;
 * - an item with children stays on its device (its children would be left on the old one);
 * - at creation, its component belongs to its device. When an item moves to another device, a
 *   component left behind on the old one is unassigned, as NetBox's clean() does.
 * A parent that is the item itself is refused in NetBox's words, one of its descendants in
 * django-mptt's (NetBox's save() raises its InvalidMove, a 500 there).
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { rowsById, tableOf } from '../shared/rows.ts';
import { cyclicParent } from './treeMoves.ts';

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The device of each component the items name, by `type:id`: one query per component type. */
async function componentDevices(batch: WriteBatch, items: WriteItem[]): Promise<Map<string, number | null>> {
  const devices = new Map<string, number | null>();
  const byType = new Map<string, unknown[]>();
  for (const item of items) {
    const type = item.value('component_type');
    if (type === null || type === undefined || item.value('component_id') === null) continue;
    byType.set(String(type), [...(byType.get(String(type)) ?? []), item.value('component_id')]);
  }
  for (const [type, ids] of byType) {
    const target = batch.registry.byObjectType.get(type)?.resource;
    if (!target) continue;
    const rows = await rowsById(batch.tx, tableOf(batch, target.key), ids, 't.device_id');
    for (const [id, row] of rows) devices.set(`${type}:${id}`, num(row.device_id));
  }
  return devices;
}

const componentKey = (item: WriteItem) => `${item.value('component_type')}:${num(item.value('component_id'))}`;

async function cleanItems(batch: WriteBatch): Promise<void> {
  const { tx, items } = batch;
  const table = tableOf(batch, 'dcim.inventory-items');
  const parents = await rowsById(tx, table, items.map((i) => i.value('parent_id')), 't.device_id');
  const moved = items.filter((i) => !i.creating && num(i.value('device_id')) !== num(i.existing?.device_id));
  const withChildren = new Set<number>();
  if (moved.length) {
    const rows = await tx.query<{ parent_id: number }>(`SELECT DISTINCT parent_id FROM ${table} WHERE parent_id = ANY($1::int[])`, [moved.map((i) => i.id)]);
    for (const row of rows) withChildren.add(Number(row.parent_id));
  }
  const components = await componentDevices(batch, items.filter((i) => i.creating));
  for (const item of items) {
    const device = num(item.value('device_id'));
    const parent = parents.get(Number(item.value('parent_id')));
    if (parent && num(parent.device_id) !== device) {
      item.error('parent', 'Parent inventory item does not belong to the same device.');
    } else if (moved.includes(item) && withChildren.has(item.id!)) {
      item.error('__all__', 'Cannot move an inventory item with dependent children');
    } else if (item.creating && components.has(componentKey(item)) && components.get(componentKey(item)) !== device) {
      item.error('device', 'Cannot assign inventory item to component on another device');
    }
  }
}

export const inventoryItemRules: ModelRules = {
  clean: cleanItems,
  cyclicParent: cyclicParent('Cannot assign self as parent.'),
  async beforeSave(batch) {
    const moved = batch.items.filter((i) => !i.creating && i.value('component_id') !== null && i.value('component_id') !== undefined);
    if (!moved.length) return;
    const components = await componentDevices(batch, moved);
    for (const item of moved) {
      const device = components.get(componentKey(item));
      if (device !== undefined && device !== num(item.value('device_id'))) {
        item.columns.component_type = null;
        item.columns.component_id = null;
      }
    }
  },
};
