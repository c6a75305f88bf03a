/**
 * @module
 * An address its parent uses as primary IPv4/IPv6 address (a device or a virtual machine) or as
 * out-of-band address (a device) stays with that parent: moving it to an interface of another
 * parent, or unassigning it, is refused (`__all__`, NetBox's messages, the primary check first).
 * The parent is that of the interface the address was assigned to before the write; parents are
 * told apart by type and id, as NetBox compares model instances.
 */
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';
import { valueOf } from '../shared/batchValues.ts';
import { parseNetwork } from '../shared/ipSpace.ts';

/** The interface kinds whose parent may hold an address as primary (or out-of-band) address. */
const PARENTS = [
  { interfaces: 'dcim.interfaces', parents: 'dcim.devices', parentColumn: 'device', oob: true },
  { interfaces: 'virtualization.interfaces', parents: 'virtualization.virtual-machines', parentColumn: 'virtual_machine', oob: false },
] as const;

interface Parent {
  key: string;
  id: number;
  primary4: number | null;
  primary6: number | null;
  oob: number | null;
}

const PRIMARY = 'Cannot reassign IP address while it is designated as the primary IP for the parent object';
const OOB = 'Cannot reassign IP address while it is designated as the OOB IP for the parent object';

export async function refusePrimaryReassignment(batch: WriteBatch, items: WriteItem[]): Promise<void> {
  const { registry, tx } = batch;
  const kinds = PARENTS.map((p) => ({ ...p, objectType: registry.resource(p.interfaces).objectType }));
  const kindOf = (type: unknown) => kinds.find((k) => k.objectType === type);
  const moves = items
    .filter((item) => item.existing !== null && item.existing!.assigned_object_id !== null && kindOf(item.existing!.assigned_object_type))
    .map((item) => ({
      item,
      before: [item.existing!.assigned_object_type, Number(item.existing!.assigned_object_id)] as const,
      after: [valueOf(batch, item, 'assigned_object_type'), valueOf(batch, item, 'assigned_object_id')] as const,
    }));
  if (!moves.length) return;
  // Each interface's parent with its primary and out-of-band addresses, one query per interface kind.
  const parentOf = new Map<string, Parent>();
  for (const kind of kinds) {
    const wanted = [...new Set(moves.flatMap((m) => [m.before, m.after]).filter(([type, id]) => type === kind.objectType && id !== null && id !== undefined).map(([, id]) => Number(id)))];
    if (!wanted.length) continue;
    const [interfaces, parents] = [registry.resource(kind.interfaces), registry.resource(kind.parents)];
    const column = (resource: typeof parents, name: string) => `"${registry.field(resource, name)!.column}"`;
    const rows = await tx.query<{ id: number; parent: number; primary4: number | null; primary6: number | null; oob: number | null }>(
      `SELECT i.id, p.id AS parent, p.${column(parents, 'primary_ip4')} AS primary4, p.${column(parents, 'primary_ip6')} AS primary6, ` +
        `${kind.oob ? `p.${column(parents, 'oob_ip')}` : 'NULL::int'} AS oob ` +
        `FROM "${interfaces.table}" i JOIN "${parents.table}" p ON p.id = i.${column(interfaces, kind.parentColumn)} WHERE i.id = ANY($1::int[])`,
      [wanted],
    );
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    for (const row of rows) parentOf.set(`${kind.objectType}:${row.id}`, { key: kind.parents, id: Number(row.parent), primary4: num(row.primary4), primary6: num(row.primary6), oob: num(row.oob) });
  }
  for (const { item, before, after } of moves) {
    const parent = parentOf.get(`${before[0]}:${before[1]}`);
    if (!parent) continue;
    const next = after[1] === null || after[1] === undefined ? undefined : parentOf.get(`${after[0]}:${Number(after[1])}`);
    const moved = !next || next.key !== parent.key || next.id !== parent.id;
    if (!moved) continue;
    const family = parseNetwork(String(valueOf(batch, item, 'address')))?.family;
    if ((family === 4 ? parent.primary4 : family === 6 ? parent.primary6 : null) === item.id) item.error('__all__', PRIMARY);
    else if (parent.oob === item.id) item.error('__all__', OOB);
  }
}
