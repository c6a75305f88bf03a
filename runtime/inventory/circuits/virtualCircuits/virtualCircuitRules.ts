/**
 * @module
 * Rules of virtual circuit terminations (NetBox's VirtualCircuitTermination.clean()): the interface
 * is a virtual one (virtual, LAG or bridge), else `Virtual circuits may be terminated only to
 * virtual interfaces.` under `__all__`.
 */
import type { ModelRules } from '../../../rest/index.ts';
import { VIRTUAL_TYPES } from '../../dcim/interfaces/interfaceRules.ts';
import { rowsById, tableOf } from '../../dcim/shared/rows.ts';

export const virtualCircuitTerminationRules: ModelRules = {
  async clean(batch) {
    const interfaces = await rowsById<{ type: string }>(batch.tx, tableOf(batch, 'dcim.interfaces'), batch.items.map((i) => i.value('interface_id')), 't.type');
    for (const item of batch.items) {
      const iface = interfaces.get(Number(item.value('interface_id')));
      if (iface && !VIRTUAL_TYPES.has(String(iface.type))) item.error('__all__', 'Virtual circuits may be terminated only to virtual interfaces.');
    }
  },
};
