/**
 * @module
 * Small helpers the ipam rules share: a field's value in a write by field name, the ids of the
 * rows a batch updates (excluded when existing rows are compared with the batch's new values),
 * and `str()` of a VRF as NetBox's messages print it.
 */
import type { WriteBatch, WriteItem } from '../../../rest/index.ts';

/** The column of a field of the batch's resource. */
export function columnOf(batch: WriteBatch, field: string): string {
  const column = batch.registry.field(batch.resource, field)?.column;
  if (!column) throw new Error(`${batch.resource.key} has no stored field ${field}`);
  return column;
}

/** A field's value after the write (null for none). */
export function valueOf(batch: WriteBatch, item: WriteItem, field: string): unknown {
  return item.value(columnOf(batch, field)) ?? null;
}

/** Ids of the rows the batch updates: their stored values are being replaced by the batch's. */
export const updatedIds = (batch: WriteBatch) => batch.items.map((item) => item.id).filter((id): id is number => id !== null);

/** `str(vrf)`: `name (rd)`, or the name alone; Python prints a missing VRF as `None`. */
export function vrfText(vrf: { name: string; rd: string | null } | undefined): string {
  if (!vrf) return 'None';
  return vrf.rd ? `${vrf.name} (${vrf.rd})` : vrf.name;
}

/** The VRFs the batch's items name, by id: name, rd and whether they enforce unique space. */
export async function vrfsOf(batch: WriteBatch): Promise<Map<number, { name: string; rd: string | null; enforce_unique: boolean }>> {
  const ids = [...new Set(batch.items.map((item) => valueOf(batch, item, 'vrf')).filter((id) => id !== null).map(Number))];
  if (!ids.length) return new Map();
  const vrfs = batch.registry.resource('ipam.vrfs');
  const rows = await batch.tx.query<{ id: number; name: string; rd: string | null; enforce_unique: boolean }>(`SELECT id, name, rd, enforce_unique FROM "${vrfs.table}" WHERE id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((row) => [Number(row.id), row]));
}
