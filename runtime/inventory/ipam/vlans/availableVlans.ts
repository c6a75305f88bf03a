/**
 * @module
 * `GET /api/ipam/vlan-groups/{id}/available-vlans/` (handler `vlan-group-available-vlans`): the
 * VIDs of the group's ranges no VLAN of the group uses, ascending, the first `limit` of them, as
 * `[{vid, group}]` (NetBox's VLANGroup.get_available_vids).
 */
import type { OperationHandler } from '../../../rest/index.ts';
import { nestedObject, parentRow, resultsLimit } from '../shared/availability.ts';

/** Free VIDs of inclusive `[lower, upper]` ranges, ascending. */
export function availableVids(ranges: [number, number][], used: Iterable<number>): number[] {
  const taken = new Set(used);
  const free = new Set<number>();
  for (const [lower, upper] of ranges) for (let vid = lower; vid <= upper; vid++) if (!taken.has(vid)) free.add(vid);
  return [...free].sort((a, b) => a - b);
}

export const vlanGroupAvailableVlans: OperationHandler = async (c, args) => {
  const { resource, db, rest } = args;
  const parent = await parentRow(c, args);
  const vlans = rest.registry.resource('ipam.vlans');
  const column = (name: string) => rest.registry.field(vlans, name)!.column!;
  const used = await db.query<{ vid: number }>(`SELECT "${column('vid')}" AS vid FROM "${vlans.table}" WHERE "${column('group')}" = $1`, [parent.id]);
  const ranges = parent[rest.registry.field(resource, 'vid_ranges')!.column!] as [number, number][];
  const group = await nestedObject(args, db, resource.key, parent.id);
  const vids = availableVids(ranges, used.map((row) => Number(row.vid))).slice(0, resultsLimit(new URL(c.req.url).searchParams));
  return c.json(vids.map((vid) => ({ vid, group })));
};
