/**
 * @module
 * WirelessLink.clean(), save() and its signals:
 * - both ends must be wireless interfaces: `{type} is not a wireless interface.` under
 *   `interface_a` (checked first, alone when both fail, as NetBox raises one error) or `interface_b`;
 * - a distance needs its unit (DistanceMixin.clean(): `Must specify a unit when setting a
 *   distance`, under `__all__`, for a distance other than 0), and a unit without a distance is dropped;
 * - on save, the devices of both interfaces are cached (`_interface_a_device`,
 *   `_interface_b_device`: deleting a device deletes its links, as NetBox's CASCADE does);
 * - after save, both interfaces point at the link (`wireless_link`), and an interface the link no
 *   longer joins is cleared (one UPDATE each, recorded in the change log as the interfaces' own
 *   saves). Deleting the link clears them through the interfaces' `on_delete: set_null`.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { WIRELESS_TYPES } from '../../dcim/interfaces/interfaceRules.ts';

const column = (batch: WriteBatch, field: string): string => {
  const c = batch.registry.field(batch.resource, field)?.column;
  if (!c) throw new Error(`${batch.resource.key} has no stored field ${field}`);
  return c;
};

const ENDS = ['interface_a', 'interface_b'] as const;

/** The interfaces the batch names, by id: their type and device. */
async function interfacesOf(batch: WriteBatch): Promise<Map<number, { type: string; device: number }>> {
  const ids = new Set<number>();
  for (const item of batch.items) for (const end of ENDS) {
    const id = item.value(column(batch, end));
    if (id !== null && id !== undefined) ids.add(Number(id));
  }
  if (!ids.size) return new Map();
  const interfaces = batch.registry.resource('dcim.interfaces');
  const device = batch.registry.field(interfaces, 'device')!.column!;
  const rows = await batch.tx.query<{ id: number; type: string; device: number }>(`SELECT id, type, "${device}" AS device FROM "${interfaces.table}" WHERE id = ANY($1::int[])`, [[...ids]]);
  return new Map(rows.map((r) => [Number(r.id), { type: String(r.type), device: Number(r.device) }]));
}

function checkDistance(batch: WriteBatch, item: WriteItem): void {
  const [distance, unit] = [column(batch, 'distance'), column(batch, 'distance_unit')];
  const value = item.value(distance);
  const hasUnit = item.value(unit) !== null && item.value(unit) !== undefined && item.value(unit) !== '';
  if (value !== null && value !== undefined && Number(value) !== 0 && !hasUnit) item.error('__all__', 'Must specify a unit when setting a distance');
  else if ((value === null || value === undefined) && hasUnit) item.columns[unit] = null;
}

export const wirelessLinkRules: ModelRules = {
  async clean(batch) {
    const interfaces = await interfacesOf(batch);
    for (const item of batch.items) {
      for (const end of ENDS) {
        const iface = interfaces.get(Number(item.value(column(batch, end))));
        if (iface && !WIRELESS_TYPES.has(iface.type)) {
          item.error(end, `${batch.registry.choiceLabel('InterfaceTypeChoices', iface.type)} is not a wireless interface.`);
          break;
        }
      }
      if (item.errors.empty) checkDistance(batch, item);
    }
  },
  async beforeSave(batch) {
    const interfaces = await interfacesOf(batch);
    for (const item of batch.items) {
      for (const end of ENDS) item.columns[column(batch, `_${end}_device`)] = interfaces.get(Number(item.value(column(batch, end))))?.device ?? null;
    }
  },
  async afterSave(batch) {
    const interfaces = batch.registry.resource('dcim.interfaces');
    const link = batch.registry.field(interfaces, 'wireless_link')!.column!;
    const [a, b] = ENDS.map((end) => column(batch, end));
    const linkIds = batch.items.map((item) => item.id!);
    const ends = batch.items.flatMap((item) => [Number(item.value(a)), Number(item.value(b))]);
    const pairs = batch.items.flatMap((item) => [[item.id!, Number(item.value(a))], [item.id!, Number(item.value(b))]]);
    // Interfaces that pointed at these links and no longer end them: cleared.
    const stale = await batch.tx.query<{ id: number }>(`SELECT id FROM "${interfaces.table}" WHERE "${link}" = ANY($1::int[]) AND NOT (id = ANY($2::int[]))`, [linkIds, ends]);
    if (stale.length) {
      const ids = stale.map((r) => Number(r.id));
      await batch.changes.updating('dcim.interfaces', ids, async () => {
        await batch.tx.query(`UPDATE "${interfaces.table}" SET "${link}" = NULL WHERE id = ANY($1::int[])`, [ids]);
      });
    }
    const changed = await batch.tx.query<{ id: number }>(
      `SELECT i.id FROM "${interfaces.table}" i JOIN unnest($1::int[], $2::int[]) u(l, i) ON u.i = i.id WHERE i."${link}" IS DISTINCT FROM u.l`,
      [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
    );
    if (!changed.length) return;
    const ids = changed.map((r) => Number(r.id));
    await batch.changes.updating('dcim.interfaces', ids, async () => {
      await batch.tx.query(
        `UPDATE "${interfaces.table}" i SET "${link}" = u.l FROM unnest($1::int[], $2::int[]) u(l, i) WHERE u.i = i.id AND i.id = ANY($3::int[])`,
        [pairs.map((p) => p[0]), pairs.map((p) => p[1]), ids],
      );
    });
  },
};
