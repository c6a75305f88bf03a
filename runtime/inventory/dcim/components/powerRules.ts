/**
 * @module
 * Rules of power ports and power outlets, besides every cabled component's
 * (componentRules.ts): a power port's allocated draw does not exceed its maximum draw
 * (PowerPort.clean()); a power outlet's power port is on the outlet's device (PowerOutlet.clean()).
 */
import type { ModelRules } from '../../../rest/index.ts';
import { componentDisplaySql } from '../shared/displays.ts';
import { rowsById, tableOf } from '../shared/rows.ts';
import { cleanCabled, componentRules } from './componentRules.ts';

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export const powerPortRules: ModelRules = {
  ...componentRules,
  async clean(batch) {
    cleanCabled(batch);
    for (const item of batch.items) {
      const [maximum, allocated] = [numberOrNull(item.value('maximum_draw')), numberOrNull(item.value('allocated_draw'))];
      if (maximum !== null && allocated !== null && allocated > maximum) item.error('allocated_draw', `Allocated draw cannot exceed the maximum draw (${maximum}W).`);
    }
  },
};

export const powerOutletRules: ModelRules = {
  ...componentRules,
  async clean(batch) {
    cleanCabled(batch);
    const ports = await rowsById(batch.tx, tableOf(batch, 'dcim.power-ports'), batch.items.map((i) => i.value('power_port_id')), `t.device_id, ${componentDisplaySql('t')} AS display`);
    for (const item of batch.items) {
      const port = ports.get(Number(item.value('power_port_id')));
      if (port && Number(port.device_id) !== Number(item.value('device_id'))) item.error('__all__', `Parent power port (${port.display}) must belong to the same device`);
    }
  },
};
