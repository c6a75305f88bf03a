/**
 * @module
 * Cable rules (NetBox 4.6's Cable.clean()/save() and CableTermination.clean()/save()/delete()).
 *
 * clean(), first failing check per cable: a length needs a unit; a new cable needs both ends;
 * when its ends are written: each object exists, the ends do not share an object, and each
 * terminated object is not marked connected, not on another cable (nor twice in one request),
 * and is of a connectable type (not virtual, not wireless). Interfaces are the only termination
 * type served, so NetBox's same-type-per-end and compatible-types checks always hold. Cable
 * profiles are kept as a value only: their connector and position mapping is not applied.
 *
 * save(): `_abs_length` (the length in meters NetBox orders by), no unit without a length; after
 * the row is written, the written ends become termination rows — stale ones deleted and their
 * objects freed, new ones inserted and their objects given `cable` and `cable_end`.
 *
 * delete: the collector deletes the termination rows with the cable and clears the objects'
 * `cable`; the objects' `cable_end` goes with it here.
 */
import type { DeletePlan, ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { componentDisplaySql, deviceDisplaySql } from '../shared/displays.ts';
import { tableOf, type Row } from '../shared/rows.ts';
import { TERMINATIONS } from './terminationSql.ts';
import { WIRELESS_TYPES, VIRTUAL_TYPES } from '../interfaces/interfaceRules.ts';

type End = 'A' | 'B';
interface Termination {
  object_type: string;
  object_id: number;
}

/** NetBox's to_meters(): the factor of each length unit. */
const METERS: Record<string, number> = { km: 1000, m: 1, cm: 0.01, mi: 1609.344, ft: 0.3048, in: 0.0254 };

/** The terminations written for an end (duplicates dropped), or undefined when the end was not written. */
function written(item: WriteItem, end: End): Termination[] | undefined {
  const value = item.extras.get(end === 'A' ? 'a_terminations' : 'b_terminations') as Termination[] | undefined;
  if (value === undefined) return undefined;
  const seen = new Set<string>();
  return value.filter((t) => {
    const key = `${t.object_type}:${t.object_id}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

const modified = (item: WriteItem) => written(item, 'A') !== undefined || written(item, 'B') !== undefined;

const set = (v: unknown) => v !== null && v !== undefined && v !== '';

/** The terminated objects of the batch (interfaces) and the cables already holding them. */
async function related(batch: WriteBatch): Promise<{ objects: Map<string, Row>; holders: Map<string, number> }> {
  const interfaceType = batch.registry.resource('dcim.interfaces').objectType;
  const ids = batch.items.flatMap((item) => [...(written(item, 'A') ?? []), ...(written(item, 'B') ?? [])]).filter((t) => t.object_type === interfaceType).map((t) => t.object_id);
  const objects = new Map<string, Row>();
  const holders = new Map<string, number>();
  if (!ids.length) return { objects, holders };
  let n = 0;
  const table = (key: string) => tableOf(batch, key);
  const rows = await batch.tx.query<Row>(
    `SELECT t.id, t.type, t.mark_connected, ${componentDisplaySql('t')} AS display, ${deviceDisplaySql('d', table, () => `z${n++}`)} AS device_display
       FROM ${table('dcim.interfaces')} t JOIN ${table('dcim.devices')} d ON d.id = t.device_id WHERE t.id = ANY($1::int[])`,
    [ids],
  );
  for (const row of rows) objects.set(`${interfaceType}:${row.id}`, row);
  const held = await batch.tx.query<{ termination_id: number; cable_id: number }>(
    `SELECT termination_id, cable_id FROM ${table(TERMINATIONS)} WHERE termination_type = $1 AND termination_id = ANY($2::int[])`,
    [interfaceType, ids],
  );
  for (const row of held) holders.set(`${interfaceType}:${row.termination_id}`, Number(row.cable_id));
  return { objects, holders };
}

/** The first failing check of Cable.clean() and its terminations' CableTermination.clean(). */
function cableError(item: WriteItem, r: Awaited<ReturnType<typeof related>>, claimed: Map<string, number | null>, typeLabel: (v: string) => string): [string, string] | null {
  if (set(item.value('length')) && !set(item.value('length_unit'))) return ['__all__', 'Must specify a unit when setting a cable length'];
  const [a, b] = [written(item, 'A'), written(item, 'B')];
  if (item.creating && (!a?.length || !b?.length)) return ['__all__', 'Must define A and B terminations when creating a new cable.'];
  if (!modified(item)) return null;
  for (const [field, list] of [['a_terminations', a], ['b_terminations', b]] as const) {
    const missing = (list ?? []).find((t) => !r.objects.has(`${t.object_type}:${t.object_id}`));
    if (missing) return [field, 'Interface matching query does not exist.'];
  }
  const aKeys = new Set((a ?? []).map((t) => `${t.object_type}:${t.object_id}`));
  if ((b ?? []).some((t) => aKeys.has(`${t.object_type}:${t.object_id}`))) return ['__all__', 'A and B terminations cannot connect to the same object.'];
  for (const t of [...(a ?? []), ...(b ?? [])]) {
    const key = `${t.object_type}:${t.object_id}`;
    const object = r.objects.get(key)!;
    if (object.mark_connected === true) return ['__all__', `Cannot connect a cable to ${object.device_display} > ${object.display} because it is marked as connected.`];
    const holder = claimed.has(key) ? claimed.get(key) : r.holders.get(key);
    if (holder !== undefined && (holder === null || holder !== item.id)) {
      const [app, model] = t.object_type.split('.');
      return ['__all__', `Duplicate termination found for ${app}.${model} ${t.object_id}: cable ${holder ?? 'None'}`];
    }
    const type = String(object.type);
    if (VIRTUAL_TYPES.has(type) || WIRELESS_TYPES.has(type)) return ['__all__', `Cables cannot be terminated to ${typeLabel(type)} interfaces`];
  }
  return null;
}

async function cleanCables(batch: WriteBatch): Promise<void> {
  const r = await related(batch);
  const typeLabel = (value: string) => batch.registry.choiceLabel('InterfaceTypeChoices', value);
  // Objects taken by an earlier cable of the same request (its id, or null while it is new).
  const claimed = new Map<string, number | null>();
  for (const item of batch.items) {
    const error = cableError(item, r, claimed, typeLabel);
    if (error) {
      item.error(error[0], error[1]);
      continue;
    }
    for (const t of [...(written(item, 'A') ?? []), ...(written(item, 'B') ?? [])]) claimed.set(`${t.object_type}:${t.object_id}`, item.id);
  }
}

function saveCables(batch: WriteBatch): void {
  for (const item of batch.items) {
    const length = item.value('length');
    const unit = item.value('length_unit');
    if (!set(length)) item.columns.length_unit = null;
    item.columns._abs_length = set(length) && set(unit) && String(unit) in METERS ? Number(length) * METERS[String(unit)] : null;
  }
}

/** Sets (or clears, with a null cable) the cable fields of the objects of one type: their own saves in NetBox, so change-logged. */
async function setCable(batch: WriteBatch, objectType: string, ids: number[], cable: number | null, end: End | null): Promise<void> {
  const target = batch.registry.byObjectType.get(objectType)?.resource;
  if (!target || !ids.length) return;
  await batch.changes.updating(target.key, ids, async () => {
    await batch.tx.query(`UPDATE "${target.table}" SET cable_id = $1, cable_end = $2, last_updated = now() WHERE id = ANY($3::int[])`, [cable, end, ids]);
  });
}

/** Groups terminations by object type: `{type: ids}`. */
function byType(terminations: Termination[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const t of terminations) out.set(t.object_type, [...(out.get(t.object_type) ?? []), t.object_id]);
  return out;
}

/**
 * Cable.update_terminations(): the written ends become the cable's termination rows. Stale rows
 * of both ends go first, so an object moving from one end to the other is never held twice.
 */
async function persistTerminations(batch: WriteBatch, item: WriteItem): Promise<void> {
  const table = tableOf(batch, TERMINATIONS);
  const stored = await batch.tx.query<{ id: number; cable_end: End; termination_type: string; termination_id: number }>(
    `SELECT id, cable_end, termination_type, termination_id FROM ${table} WHERE cable_id = $1`,
    [item.id],
  );
  const key = (type: string, id: unknown) => `${type}:${id}`;
  const ends = (['A', 'B'] as const).flatMap((end) => {
    const wanted = written(item, end);
    if (wanted === undefined) return [];
    const keys = new Set(wanted.map((t) => key(t.object_type, t.object_id)));
    const mine = stored.filter((row) => row.cable_end === end);
    const kept = new Set(mine.map((row) => key(row.termination_type, row.termination_id)));
    return [{ end, stale: mine.filter((row) => !keys.has(key(row.termination_type, row.termination_id))), fresh: wanted.filter((t) => !kept.has(key(t.object_type, t.object_id))) }];
  });
  const stale = ends.flatMap((e) => e.stale);
  if (stale.length) {
    await batch.changes.deleting(TERMINATIONS, stale.map((row) => Number(row.id)));
    await batch.tx.query(`DELETE FROM ${table} WHERE id = ANY($1::int[])`, [stale.map((row) => row.id)]);
    for (const [type, ids] of byType(stale.map((row) => ({ object_type: row.termination_type, object_id: Number(row.termination_id) })))) await setCable(batch, type, ids, null, null);
  }
  for (const { end, fresh } of ends) {
    if (!fresh.length) continue;
    const inserted = await batch.tx.query<{ id: number }>(
      `INSERT INTO ${table} (cable_id, cable_end, termination_type, termination_id, created, last_updated)
       SELECT $1, $2, u.type, u.id, now(), now() FROM unnest($3::text[], $4::int[]) AS u(type, id) RETURNING id`,
      [item.id, end, fresh.map((t) => t.object_type), fresh.map((t) => t.object_id)],
    );
    await batch.changes.created(TERMINATIONS, inserted.map((row) => Number(row.id)));
    for (const [type, ids] of byType(fresh)) await setCable(batch, type, ids, item.id, end);
  }
}

/** After a delete: objects whose cable the collector cleared lose their cable end too. */
async function freeTerminatedObjects(plan: DeletePlan, tx: WriteBatch['tx']): Promise<void> {
  for (const clear of plan.clears) {
    if (clear.field !== 'cable' || !clear.resource.fields.some((f) => f.name === 'cable_end')) continue;
    await tx.query(`UPDATE "${clear.resource.table}" SET cable_end = NULL WHERE id = ANY($1::int[]) AND cable_id IS NULL`, [clear.ids]);
  }
}

export const cableRules: ModelRules = {
  clean: cleanCables,
  async beforeSave(batch) {
    saveCables(batch);
  },
  async afterSave(batch) {
    for (const item of batch.items) if (modified(item)) await persistTerminations(batch, item);
  },
  async afterDelete(plan, tx) {
    await freeTerminatedObjects(plan, tx);
  },
};
