/**
 * @module
 * NetBox's RackReservation.clean(), for a whole batch with one query per table:
 * - `units` may not be empty (the model field's `blank=False`: "This field cannot be blank.");
 * - every unit exists in the rack (`starting_unit` … `starting_unit + u_height - 1`), else
 *   `Invalid unit(s) for 42U rack: 43, 44`;
 * - no unit is reserved by another reservation of the rack, else
 *   `The following units have already been reserved: 5, 6`.
 * Reservations of one rack are checked one writer at a time (a transaction-scoped advisory lock
 * per rack), and the objects of one bulk request against each other too: NetBox validates a bulk
 * list before saving any of it, so two overlapping reservations sent together both pass there;
 * here the later one is refused, as it would be if sent alone afterwards.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface RackRow {
  id: number;
  u_height: number;
  starting_unit: number;
}

/** The racks the batch names, by id (their heights and first units). */
async function racksOf(batch: WriteBatch, ids: number[]): Promise<Map<number, RackRow>> {
  if (!ids.length) return new Map();
  const rows = await batch.tx.query<RackRow>(`SELECT id, u_height, starting_unit FROM ${quote(batch.registry.resource('dcim.racks').table)} WHERE id = ANY($1::int[])`, [ids]);
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), u_height: Number(r.u_height), starting_unit: Number(r.starting_unit) }]));
}

/** Units already reserved per rack by reservations outside the batch. */
async function reservedUnits(batch: WriteBatch, rackIds: number[]): Promise<Map<number, Set<number>>> {
  const reserved = new Map<number, Set<number>>(rackIds.map((id) => [id, new Set<number>()]));
  if (!rackIds.length) return reserved;
  const ours = batch.items.filter((item) => item.id !== null).map((item) => item.id!);
  const rows = await batch.tx.query<{ rack_id: number; units: number[] }>(
    `SELECT rack_id, units FROM ${quote(batch.resource.table)} WHERE rack_id = ANY($1::int[]) AND NOT (id = ANY($2::int[]))`,
    [rackIds, ours],
  );
  for (const row of rows) for (const unit of row.units ?? []) reserved.get(Number(row.rack_id))!.add(Number(unit));
  return reserved;
}

async function clean(batch: WriteBatch): Promise<void> {
  const rackIds = [...new Set(batch.items.map((item) => item.value('rack_id')).filter((id) => id !== null && id !== undefined).map(Number))].sort((a, b) => a - b);
  // One writer per rack at a time, in id order (no lock cycle between two batches).
  for (const id of rackIds) await batch.tx.query(`SELECT pg_advisory_xact_lock(hashtext('dcim.rack-reservations:' || $1::text))`, [id]);
  const racks = await racksOf(batch, rackIds);
  const reserved = await reservedUnits(batch, rackIds);
  for (const item of batch.items) {
    const units = ((item.value('units') as unknown[] | null) ?? []).map(Number);
    if (!units.length) {
      item.error('units', 'This field cannot be blank.');
      continue;
    }
    const rack = racks.get(Number(item.value('rack_id')));
    if (!rack) continue;
    const invalid = units.filter((u) => u < rack.starting_unit || u >= rack.starting_unit + rack.u_height);
    if (invalid.length) {
      item.error('units', `Invalid unit(s) for ${rack.u_height}U rack: ${invalid.join(', ')}`);
      continue;
    }
    const taken = reserved.get(rack.id)!;
    const conflicting = units.filter((u) => taken.has(u));
    if (conflicting.length) {
      item.error('units', `The following units have already been reserved: ${conflicting.join(', ')}`);
      continue;
    }
    for (const u of units) taken.add(u);
  }
}

export const rackReservationRules: ModelRules = { clean };
