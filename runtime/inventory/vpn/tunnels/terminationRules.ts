/**
 * @module
 * TunnelTermination.clean(): an interface is terminated to one tunnel at a time. An interface (of a
 * device or a VM: NetBox's BaseInterface, whose `tunnel_termination` the check reads) already
 * attached to another termination is refused under `termination` (`eth0 is already attached to a
 * tunnel (Tunnel 1).`) and, as Django's full_clean() goes on to the constraints, under `__all__`
 * (`An object may be terminated to only one tunnel at a time.`). An object of another type (the
 * serializer takes any) is refused by the constraint alone (the writer's unique check), and so is
 * an object two items of one bulk request name, on the later one: NetBox validates every item
 * before it saves any, and then its database refuses the second.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { quote } from '../../dcim/shared/rows.ts';

/** The types with NetBox's `tunnel_termination` (BaseInterface): the ones clean() checks. */
const INTERFACE_TYPES = new Set(['dcim.interface', 'virtualization.vminterface']);

export const tunnelTerminationRules: ModelRules = {
  async clean(batch: WriteBatch) {
    const { tx, items, registry } = batch;
    const table = quote(registry.resource('vpn.tunnel-terminations').table);
    const tunnels = quote(registry.resource('vpn.tunnels').table);
    const named = items.filter((i) => INTERFACE_TYPES.has(String(i.value('termination_type'))) && i.value('termination_id') !== null && i.value('termination_id') !== undefined);
    if (!named.length) return;
    const rows = await tx.query<{ id: number; termination_type: string; termination_id: number; tunnel: string }>(
      `SELECT t.id, t.termination_type, t.termination_id, u.name AS tunnel FROM ${table} t JOIN ${tunnels} u ON u.id = t.tunnel_id
        WHERE (t.termination_type, t.termination_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[]))`,
      [named.map((i) => String(i.value('termination_type'))), named.map((i) => Number(i.value('termination_id')))],
    );
    const key = (type: unknown, id: unknown) => `${type}:${Number(id)}`;
    const held = new Map<string, { id: number; tunnel: string }>();
    for (const row of rows) held.set(key(row.termination_type, row.termination_id), { id: Number(row.id), tunnel: row.tunnel });
    const refused = named.filter((i) => {
      const holder = held.get(key(i.value('termination_type'), i.value('termination_id')));
      return holder !== undefined && holder.id !== i.id;
    });
    if (!refused.length) return;
    // Names of the terminated objects, for the message.
    const objectNames = new Map<string, string>();
    for (const type of new Set(refused.map((i) => String(i.value('termination_type'))))) {
      const target = registry.resources.find((r) => r.objectType === type);
      if (!target) continue;
      const ids = refused.filter((i) => i.value('termination_type') === type).map((i) => Number(i.value('termination_id')));
      const found = await tx.query<{ id: number; name: string }>(`SELECT id, name FROM ${quote(target.table)} WHERE id = ANY($1::int[])`, [ids]);
      for (const row of found) objectNames.set(key(type, row.id), row.name);
    }
    for (const item of refused) {
      const k = key(item.value('termination_type'), item.value('termination_id'));
      item.error('termination', `${objectNames.get(k) ?? ''} is already attached to a tunnel (${held.get(k)!.tunnel}).`);
      // Django's full_clean() goes on to the model's constraints, whose message follows.
      item.error('__all__', 'An object may be terminated to only one tunnel at a time.');
    }
  },
};
