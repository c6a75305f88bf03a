/**
 * @module
 * `GET /api/ipam/vlan-groups/{id}/available-vlans/` (handler `vlan-group-available-vlans`): the
 * VIDs of the group's ranges no VLAN of the group uses, ascending, the first `limit` of them, as
 * `[{vid, group}]` (NetBox's VLANGroup.get_available_vids). `POST` (handler
 * `vlan-group-create-available-vlans`) creates VLANs with the next free VIDs in the group
 * (NetBox's AvailableVLANsView; items as CreateAvailableVLANSerializer takes them, `name`
 * required). Free VIDs are the ranges minus the used VIDs, as intervals: never one VID at a time.
 */
import type { Queryable } from '../../../db/index.ts';
import type { FieldErrors, OperationArgs, OperationHandler } from '../../../rest/index.ts';
import { nestedObject, parentRow, resultsLimit } from '../shared/availability.ts';
import { createAvailable } from '../shared/createAvailable.ts';
import { merge, subtract } from '../shared/ipSpace.ts';

/** The first `limit` free VIDs of inclusive `[lower, upper]` ranges, ascending. */
export function availableVids(ranges: [number, number][], used: Iterable<number>, limit = Infinity): number[] {
  const taken = [...used].map((vid) => ({ first: BigInt(vid), last: BigInt(vid) }));
  const out: number[] = [];
  for (const range of merge(ranges.map(([lower, upper]) => ({ first: BigInt(lower), last: BigInt(upper) })))) {
    for (const free of subtract(range, taken)) {
      for (let vid = free.first; vid <= free.last && out.length < limit; vid++) out.push(Number(vid));
      if (out.length >= limit) return out;
    }
  }
  return out;
}

type Row = Record<string, unknown>;

/** The group's first `limit` free VIDs, read on `db`. */
async function freeVids(args: OperationArgs, db: Queryable, group: Row, limit: number): Promise<number[]> {
  const { resource, rest } = args;
  const vlans = rest.registry.resource('ipam.vlans');
  const column = (name: string) => rest.registry.field(vlans, name)!.column!;
  const used = await db.query<{ vid: number }>(`SELECT "${column('vid')}" AS vid FROM "${vlans.table}" WHERE "${column('group')}" = $1 ORDER BY 1`, [group.id]);
  const ranges = group[rest.registry.field(resource, 'vid_ranges')!.column!] as [number, number][];
  return availableVids(ranges, used.map((row) => Number(row.vid)), limit);
}

export const vlanGroupAvailableVlans: OperationHandler = async (c, args) => {
  const parent = await parentRow(c, args);
  const vids = await freeVids(args, args.db, parent, resultsLimit(new URL(c.req.url).searchParams));
  const group = await nestedObject(args, args.db, args.resource.key, parent.id);
  return c.json(vids.map((vid) => ({ vid, group })));
};

export const vlanGroupCreateAvailableVlans: OperationHandler = (c, args) =>
  createAvailable(c, args, {
    target: 'ipam.vlans',
    // The model's `name` is required; CreateAvailableVLANSerializer checks it before any VID is taken.
    check: (item): FieldErrors => (item.name === undefined ? { name: ['This field is required.'] } : {}),
    async allocate(tx, parent, items) {
      const vids = await freeVids(args, tx, parent, items.length);
      if (vids.length < items.length) return null;
      return items.map((item, i) => ({ ...item, vid: vids[i], group: parent.id }));
    },
  });

