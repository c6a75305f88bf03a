/**
 * @module
 * VirtualDisk's rules: NetBox's signal keeping a VM's `disk` the total size of its disks (null once it has none) whenever a
 * disk is written or deleted. A disk moved to another VM updates both VMs.
 */
import type { Queryable } from '../../../db/index.ts';
import type { DeletePlan, ModelRules, Registry, WriteBatch } from '../../../rest/index.ts';
import { idsOf, quote } from '../../dcim/shared/rows.ts';

const DISKS = 'virtualization.virtual-disks';
const MACHINES = 'virtualization.virtual-machines';

/** Sets `disk` of these VMs to the total of their disks: one statement. */
async function updateTotals(tx: Queryable, registry: Registry, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const [machines, disks] = [MACHINES, DISKS].map((key) => quote(registry.resource(key).table));
  await tx.query(`UPDATE ${machines} m SET disk = (SELECT sum(d.size) FROM ${disks} d WHERE d.virtual_machine_id = m.id) WHERE m.id = ANY($1::int[])`, [ids]);
}

/** The VMs of the disks a delete removes, noted before they are gone. */
const deletedFrom = new WeakMap<DeletePlan, number[]>();

export const virtualDiskRules: ModelRules = {
  async afterSave(batch: WriteBatch) {
    await updateTotals(batch.tx, batch.registry, idsOf(batch.items.flatMap((item) => [item.value('virtual_machine_id'), item.existing?.virtual_machine_id])));
  },
  async beforeDelete(plan, tx) {
    const disks = plan.deletes.find((d) => d.resource.key === DISKS);
    if (!disks) return;
    const rows = await tx.query<{ vm: number }>(`SELECT DISTINCT virtual_machine_id AS vm FROM ${quote(disks.resource.table)} WHERE id = ANY($1::int[])`, [disks.ids]);
    deletedFrom.set(plan, rows.map((row) => Number(row.vm)));
  },
  async afterDelete(plan, tx, _ctx, registry) {
    // VMs deleted along with their disks need no total.
    const gone = new Set(plan.deletes.find((d) => d.resource.key === MACHINES)?.ids ?? []);
    await updateTotals(tx, registry, (deletedFrom.get(plan) ?? []).filter((id) => !gone.has(id)));
  },
};
