/**
 * @module
 * Rules of circuits and virtual circuits (NetBox's Circuit.clean() and VirtualCircuit.clean()):
 * a circuit's account belongs to its provider; a virtual circuit's account to its provider
 * network's provider (both under `provider_account`); a circuit's distance has a unit
 * (DistanceMixin.clean(), under `distance_unit`).
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { rowsById, tableOf } from '../../dcim/shared/rows.ts';

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function accountsOf(batch: WriteBatch) {
  return rowsById<{ provider_id: number }>(batch.tx, tableOf(batch, 'circuits.provider-accounts'), batch.items.map((i) => i.value('provider_account_id')), 't.provider_id');
}

export const circuitRules: ModelRules = {
  async clean(batch) {
    const accounts = await accountsOf(batch);
    for (const item of batch.items) {
      const account = accounts.get(num(item.value('provider_account_id')) ?? -1);
      // DistanceMixin.clean() runs first (Circuit.clean()'s super()), then the account's check.
      if (item.value('distance') !== null && item.value('distance') !== undefined && !item.value('distance_unit')) {
        item.error('distance_unit', 'Must specify a unit when setting a distance');
      } else if (account && num(account.provider_id) !== num(item.value('provider_id'))) {
        item.error('provider_account', 'The assigned account must belong to the assigned provider.');
      }
    }
  },
};

export const virtualCircuitRules: ModelRules = {
  async clean(batch) {
    const accounts = await accountsOf(batch);
    const networks = await rowsById<{ provider_id: number }>(batch.tx, tableOf(batch, 'circuits.provider-networks'), batch.items.map((i) => i.value('provider_network_id')), 't.provider_id');
    for (const item of batch.items) {
      const account = accounts.get(num(item.value('provider_account_id')) ?? -1);
      const network = networks.get(num(item.value('provider_network_id')) ?? -1);
      if (account && network && num(account.provider_id) !== num(network.provider_id)) {
        item.error('provider_account', 'The assigned account must belong to the provider of the assigned network.');
      }
    }
  },
};
