/**
 * @module
 * TunnelTermination.clean(): an interface is terminated to one tunnel at a time. The object a
 * termination names already attached to another termination (or to an earlier one of the same
 * bulk request, which NetBox saves first) is refused under `termination`:
 * `eth0 is already attached to a tunnel (Tunnel 1).`
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { quote } from '../../dcim/shared/rows.ts';

export const tunnelTerminationRules: ModelRules = {
  async clean(batch: WriteBatch) {
    const { tx, items, registry } = batch;
    const table = quote(registry.resource('vpn.tunnel-terminations').table);
    const tunnels = quote(registry.resource('vpn.tunnels').table);
    const named = items.filter((i) => i.value('termination_type') && i.value('termination_id') !== null && i.value('termination_id') !== undefined);
    if (!named.length) return;
    const rows = await tx.query<{ id: number; termination_type: string; termination_id: number; tunnel: string }>(
      `SELECT t.id, t.termination_type, t.termination_id, u.name AS tunnel FROM ${table} t JOIN ${tunnels} u ON u.id = t.tunnel_id
        WHERE (t.termination_type, t.termination_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))`,
      [named.map((i) => String(i.value('termination_type'))), named.map((i) => Number(i.value('termination_id')))],
    );
    const key = (type: unknown, id: unknown) => `${type}:${Number(id)}`;
    const held = new Map<string, { id: number | null; tunnel: string }>();
    for (const row of rows) held.set(key(row.termination_type, row.termination_id), { id: Number(row.id), tunnel: row.tunnel });
    // Names of the terminated objects and of the tunnels the batch names, for the message.
    const objectNames = new Map<string, string>();
    for (const type of new Set(named.map((i) => String(i.value('termination_type'))))) {
      const target = registry.resources.find((r) => r.objectType === type);
      if (!target) continue;
      const ids = named.filter((i) => i.value('termination_type') === type).map((i) => Number(i.value('termination_id')));
      const found = await tx.query<{ id: number; name: string }>(`SELECT id, name FROM ${quote(target.table)} WHERE id = ANY($1::int[])`, [ids]);
      for (const row of found) objectNames.set(key(type, row.id), row.name);
    }
    const tunnelNames = new Map<number, string>();
    const tunnelIds = [...new Set(named.map((i) => Number(i.value('tunnel_id'))))];
    for (const row of await tx.query<{ id: number; name: string }>(`SELECT id, name FROM ${tunnels} WHERE id = ANY($1::int[])`, [tunnelIds])) tunnelNames.set(Number(row.id), row.name);
    for (const item of named) {
      const k = key(item.value('termination_type'), item.value('termination_id'));
      const holder = held.get(k);
      if (holder && holder.id !== item.id) {
        item.error('termination', `${objectNames.get(k) ?? ''} is already attached to a tunnel (${holder.tunnel}).`);
        continue;
      }
      if (!holder) held.set(k, { id: item.id, tunnel: tunnelNames.get(Number(item.value('tunnel_id'))) ?? '' });
    }
  },
};
