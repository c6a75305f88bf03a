/**
 * @module
 * L2VPNTermination.clean():
 * - an object is terminated to one L2VPN: `L2VPN Termination already assigned (eth0)`;
 * - a point-to-point L2VPN (VPWS, EPL, EP-LAN, EP-TREE) has two terminations at most:
 *   `VPWS L2VPNs cannot have more than two terminations; found 2 already defined.`
 * A duplicate also gets the message of the constraint that follows clean() in Django's
 * full_clean(). Both count the terminations an earlier item of the same bulk request adds:
 * NetBox validates every item of a bulk request before it saves any, so it would store a third
 * termination of a point-to-point L2VPN there, or fail on the database's constraint; here the
 * request is refused as if the items came one by one.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { quote } from '../../dcim/shared/rows.ts';

/** NetBox's L2VPNTypeChoices.P2P. */
const POINT_TO_POINT = new Set(['vpws', 'epl', 'ep-lan', 'ep-tree']);

export const l2vpnTerminationRules: ModelRules = {
  async clean(batch: WriteBatch) {
    const { tx, items, registry } = batch;
    const table = quote(registry.resource('vpn.l2vpn-terminations').table);
    const key = (type: unknown, id: unknown) => `${type}:${Number(id)}`;
    const held = new Map<string, number | null>();
    const rows = await tx.query<{ id: number; assigned_object_type: string; assigned_object_id: number; l2vpn_id: number }>(
      `SELECT t.id, t.assigned_object_type, t.assigned_object_id, t.l2vpn_id FROM ${table} t
        WHERE (t.assigned_object_type, t.assigned_object_id) IN (SELECT * FROM unnest($1::text[], $2::bigint[])) OR t.l2vpn_id = ANY($3::int[])`,
      [items.map((i) => String(i.value('assigned_object_type'))), items.map((i) => Number(i.value('assigned_object_id'))), items.map((i) => Number(i.value('l2vpn_id')))],
    );
    // Each L2VPN's terminations: ids of stored ones, and one entry per earlier new item of the batch.
    const byL2vpn = new Map<number, (number | null)[]>();
    const add = (l2vpn: number, id: number | null) => byL2vpn.set(l2vpn, [...(byL2vpn.get(l2vpn) ?? []), id]);
    for (const row of rows) {
      held.set(key(row.assigned_object_type, row.assigned_object_id), Number(row.id));
      add(Number(row.l2vpn_id), Number(row.id));
    }
    const l2vpns = new Map<number, { type: string; label: string }>();
    const l2vpnTable = quote(registry.resource('vpn.l2vpns').table);
    for (const row of await tx.query<{ id: number; type: string }>(`SELECT id, type FROM ${l2vpnTable} WHERE id = ANY($1::int[])`, [[...new Set(items.map((i) => Number(i.value('l2vpn_id'))))]])) {
      l2vpns.set(Number(row.id), { type: row.type, label: registry.choiceLabel('L2VPNTypeChoices', row.type) });
    }
    const objects = await displaysOf(batch, items.map((i) => [i.value('assigned_object_type'), i.value('assigned_object_id')]));
    for (const item of items) {
      const k = key(item.value('assigned_object_type'), item.value('assigned_object_id'));
      const holder = held.get(k);
      if (holder !== undefined && holder !== item.id) {
        item.error('__all__', `L2VPN Termination already assigned (${objects.get(k) ?? ''})`);
        // Django's full_clean() goes on to the model's constraints, whose message follows.
        item.error('__all__', 'L2VPN termination with this Assigned object type and Assigned object id already exists.');
        continue;
      }
      const l2vpnId = Number(item.value('l2vpn_id'));
      const l2vpn = l2vpns.get(l2vpnId);
      const others = (byL2vpn.get(l2vpnId) ?? []).filter((id) => id === null || id !== item.id);
      if (l2vpn && POINT_TO_POINT.has(l2vpn.type) && others.length >= 2) {
        item.error('__all__', `${l2vpn.label} L2VPNs cannot have more than two terminations; found ${others.length} already defined.`);
        continue;
      }
      // Later items of the batch see this one, as NetBox's saves one by one do.
      held.set(k, item.id);
      if (item.creating || !(byL2vpn.get(l2vpnId) ?? []).includes(item.id)) add(l2vpnId, item.id);
    }
  },
};

/** The display strings of the objects named by (type, id) pairs, keyed `type:id`. */
async function displaysOf(batch: WriteBatch, pairs: [unknown, unknown][]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const type of new Set(pairs.map(([t]) => String(t)))) {
    const target = batch.registry.resources.find((r) => r.objectType === type);
    if (!target) continue;
    const ids = pairs.filter(([t]) => t === type).map(([, id]) => Number(id));
    for (const [id, display] of await batch.displays(target.key, ids)) out.set(`${type}:${id}`, display);
  }
  return out;
}
