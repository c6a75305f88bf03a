/**
 * @module
 * Cable rules (NetBox 4.6's Cable.clean()/save() and CableTermination.clean()/save()/delete()).
 *
 * clean(), per cable: every object an end names exists (else `<Model> matching query does not
 * exist.` on that end); then the first failing check: a length needs a unit; a new cable needs
 * both ends; when its ends are written, the terminations of one end are of one type, the types of
 * the two ends may meet (terminationTypes.ts), the ends do not share an object, and each
 * terminated object is not marked connected, not on another cable (nor twice in one request), and
 * passes its type's own checks (an interface is not virtual or wireless). An end an update leaves
 * alone is checked as stored. Cable profiles are kept as a value only: their connector and
 * position mapping is not applied.
 *
 * save(): `_abs_length` (the length in meters NetBox orders by), no unit without a length; after
 * the row is written, the written ends become termination rows — stale ones deleted and their
 * objects freed, new ones inserted and their objects given `cable` and `cable_end`, whatever
 * their type.
 *
 * delete: the collector deletes the termination rows with the cable and clears the objects'
 * `cable`; the objects' `cable_end` goes with it here.
 */
import type { DeletePlan, ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { tableOf } from '../shared/rows.ts';
import { endsOf, keyOf, modified, terminatedObjects, written, type End, type Ends, type Terminated, type Termination } from './cableEnds.ts';
import { TERMINATIONS } from './terminationSql.ts';
import { compatible, modelName, PARENT_FIELDS, TERMINATION_CHECKS } from './terminationTypes.ts';

/** NetBox's to_meters(): the factor of each length unit. */
const METERS: Record<string, number> = { km: 1000, m: 1, cm: 0.01, mi: 1609.344, ft: 0.3048, in: 0.0254 };

const set = (v: unknown) => v !== null && v !== undefined && v !== '';

type Failure = [field: string, message: string];

/** Objects named by a written end that do not exist: `<Model> matching query does not exist.` on that end (the serializer's errors, before clean()). */
function missing(batch: WriteBatch, item: WriteItem, found: Terminated): Failure[] {
  return (['A', 'B'] as const).flatMap((end): Failure[] => {
    const gone = (written(item, end) ?? []).find((t) => !found.objects.has(keyOf(t)));
    const model = gone && batch.registry.byObjectType.get(gone.object_type)?.resource.model;
    return gone ? [[end === 'A' ? 'a_terminations' : 'b_terminations', `${model} matching query does not exist.`]] : [];
  });
}

/** `<parent> > <object>` of a terminated object, as NetBox's marked-connected message quotes it. */
async function quoted(batch: WriteBatch, t: Termination, found: Terminated): Promise<string> {
  const resource = batch.registry.byObjectType.get(t.object_type)!.resource;
  const parent = resource.fields.find((f) => (PARENT_FIELDS as readonly string[]).includes(f.name) && f.target);
  const object = (await batch.displays(resource.key, [t.object_id])).get(t.object_id);
  if (!parent) return String(object);
  const parentId = found.objects.get(keyOf(t))![parent.column ?? `${parent.name}_id`];
  return `${(await batch.displays(parent.target!, [parentId])).get(Number(parentId))} > ${object}`;
}

/** CableTermination.clean() of one terminated object, or null when it may be cabled by `item`. */
async function terminationError(batch: WriteBatch, item: WriteItem, t: Termination, found: Terminated, claimed: Map<string, number | null>): Promise<string | null> {
  const object = found.objects.get(keyOf(t))!;
  if (object.mark_connected === true) return `Cannot connect a cable to ${await quoted(batch, t, found)} because it is marked as connected.`;
  const holder = claimed.has(keyOf(t)) ? claimed.get(keyOf(t)) : found.holders.get(keyOf(t));
  if (holder !== undefined && (holder === null || holder !== item.id)) return `Duplicate termination found for ${t.object_type} ${t.object_id}: cable ${holder ?? 'None'}`;
  return TERMINATION_CHECKS[modelName(t.object_type)]?.(object, (set, value) => batch.registry.choiceLabel(set, value)) ?? null;
}

/** The first failing check of Cable.clean() and its terminations' CableTermination.clean(). */
async function cableError(batch: WriteBatch, item: WriteItem, ends: Ends, found: Terminated, claimed: Map<string, number | null>): Promise<Failure[]> {
  const gone = missing(batch, item, found);
  if (gone.length) return gone;
  if (set(item.value('length')) && !set(item.value('length_unit'))) return [['__all__', 'Must specify a unit when setting a cable length']];
  if (item.creating && (!ends.A.length || !ends.B.length)) return [['__all__', 'Must define A and B terminations when creating a new cable.']];
  if (!modified(item)) return [];
  for (const terms of [ends.A, ends.B]) {
    if (terms.some((t) => t.object_type !== terms[0].object_type)) return [['__all__', 'Cannot connect different termination types to same end of cable.']];
  }
  if (ends.A.length && ends.B.length) {
    const [a, b] = [ends.A[0].object_type, ends.B[0].object_type];
    if (!compatible(a, b)) return [['__all__', `Incompatible termination types: ${modelName(a)} and ${modelName(b)}`]];
    const aKeys = new Set(ends.A.map(keyOf));
    if (ends.B.some((t) => aKeys.has(keyOf(t)))) return [['__all__', 'A and B terminations cannot connect to the same object.']];
  }
  for (const t of [...ends.A, ...ends.B]) {
    const error = await terminationError(batch, item, t, found, claimed);
    if (error) return [['__all__', error]];
  }
  return [];
}

async function cleanCables(batch: WriteBatch): Promise<void> {
  const ends = await endsOf(batch);
  const found = await terminatedObjects(batch, [...ends.values()].flatMap((e) => [...e.A, ...e.B]));
  // Objects taken by an earlier cable of the same request (its id, or null while it is new).
  const claimed = new Map<string, number | null>();
  for (const item of batch.items) {
    const errors = await cableError(batch, item, ends.get(item)!, found, claimed);
    for (const [field, message] of errors) item.error(field, message);
    if (errors.length) continue;
    for (const t of [...(written(item, 'A') ?? []), ...(written(item, 'B') ?? [])]) claimed.set(keyOf(t), item.id);
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
