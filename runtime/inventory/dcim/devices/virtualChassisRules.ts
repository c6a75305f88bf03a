/**
 * @module
 * VirtualChassis' rules (NetBox's clean() and signals): an existing chassis' master must be one of
 * its members; a chassis created with a master makes that device its member at position 1; a
 * deleted chassis' members lose their position and priority along with the chassis.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { deviceDisplaySql } from '../shared/displays.ts';
import { naturalOrderingRules } from '../shared/naturalOrdering.ts';
import { idsOf, quote, tableOf } from '../shared/rows.ts';

async function clean(batch: WriteBatch): Promise<void> {
  const checked = batch.items.filter((item) => !item.creating && item.value('master_id') !== null);
  const masters = idsOf(checked.map((item) => item.value('master_id')));
  if (!masters.length) return;
  let n = 0;
  const rows = await batch.tx.query<{ id: number; virtual_chassis_id: number | null; display: string }>(
    `SELECT d.id, d.virtual_chassis_id, ${deviceDisplaySql('d', (key) => tableOf(batch, key), () => `x${++n}`)} AS display FROM ${tableOf(batch, 'dcim.devices')} d WHERE d.id = ANY($1::int[])`,
    [masters],
  );
  const devices = new Map(rows.map((r) => [Number(r.id), r]));
  for (const item of checked) {
    const master = devices.get(Number(item.value('master_id')));
    if (master && Number(master.virtual_chassis_id) !== item.id) item.error('master', `The selected master (${master.display}) is not assigned to this virtual chassis.`);
  }
}

export const virtualChassisRules: ModelRules = {
  clean,
  ...naturalOrderingRules,
  async afterSave(batch) {
    const created = batch.items.filter((item) => item.creating && item.value('master_id') !== null);
    if (!created.length) return;
    await batch.tx.query(
      `UPDATE ${tableOf(batch, 'dcim.devices')} d SET virtual_chassis_id = u.chassis, vc_position = 1, last_updated = now() FROM unnest($1::int[], $2::int[]) AS u(chassis, master) WHERE d.id = u.master`,
      [created.map((item) => item.id), created.map((item) => item.value('master_id'))],
    );
  },
  async beforeDelete(plan, tx) {
    // The members' references are cleared by the delete (SET_NULL); their position and priority go too.
    for (const clear of plan.clears) {
      if (clear.resource.key !== 'dcim.devices' || clear.field !== 'virtual_chassis') continue;
      await tx.query(`UPDATE ${quote(clear.resource.table)} SET vc_position = NULL, vc_priority = NULL WHERE id = ANY($1::int[])`, [clear.ids]);
    }
  },
};
