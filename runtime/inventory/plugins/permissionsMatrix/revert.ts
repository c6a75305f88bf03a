/**
 * @module
 * revert/: the inverse of an apply, planned from the change log (the records every apply writes
 * with its request id and the message `Permissions matrix: …`). A permission the apply created is
 * deleted, one it changed gets its fields and assignments back, one it deleted is created again
 * as it was (under a new id; the name is kept, not made unique). A permission changed since the
 * apply is still restored, with a warning; principals deleted since are left out, with a warning.
 * The result is a plan whose token covers the apply id and the current state of everything it
 * touches; apply/ takes `{revert, token}` and plans it again under its locks.
 */
import type { Queryable } from '../../../db/index.ts';
import { notFound, type RestServices } from '../../../rest/index.ts';
import { MESSAGE_PREFIX } from './apply.ts';
import { CellIndex } from './cells.ts';
import { Drafts } from './drafts.ts';
import { assignees, principalKey, type MatrixState, type Permission, type PrincipalRef } from './model.ts';
import { core, finishRevert } from './operations.ts';
import type { Plan } from './planner.ts';
import { canonicalJson, planToken, tokenOperations } from './token.ts';

/** One change record of a permission, as the apply wrote it. */
export interface PermissionRecord {
  action: 'create' | 'update' | 'delete';
  objectId: number;
  prechange: Record<string, unknown> | null;
  postchange: Record<string, unknown> | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The records of the apply `applyId` (the last apply when null); 404 when there is none. */
export async function applyRecords(db: Queryable, rest: RestServices, applyId: string | null): Promise<{ applyId: string; records: PermissionRecord[] }> {
  const changes = rest.registry.resource('core.object-changes');
  const col = (name: string) => `"${rest.registry.field(changes, name)!.column}"`;
  const table = `"${changes.table}"`;
  const objectType = rest.registry.resource('users.permissions').objectType;
  const where = `${col('changed_object_type')} = $1 AND ${col('message')} LIKE $2`;
  const marker = `${MESSAGE_PREFIX}%`;
  let id = applyId;
  if (id === null) {
    const [last] = await db.query<{ request_id: string }>(`SELECT ${col('request_id')} AS request_id FROM ${table} WHERE ${where} ORDER BY ${col('time')} DESC, id DESC LIMIT 1`, [objectType, marker]);
    if (!last) throw notFound();
    id = last.request_id;
  } else if (!UUID.test(id)) throw notFound();
  const rows = await db.query<{ action: PermissionRecord['action']; object_id: number; pre: Record<string, unknown> | null; post: Record<string, unknown> | null }>(
    `SELECT ${col('action')} AS action, ${col('changed_object_id')} AS object_id, ${col('prechange_data')} AS pre, ${col('postchange_data')} AS post
     FROM ${table} WHERE ${where} AND ${col('request_id')} = $3 ORDER BY id`,
    [objectType, marker, id],
  );
  if (!rows.length) throw notFound();
  return { applyId: id, records: rows.map((r) => ({ action: r.action, objectId: Number(r.object_id), prechange: r.pre, postchange: r.post })) };
}

/** What the records name: the permissions and the principals, to load before planning. */
export function recordReferences(records: PermissionRecord[]): { permissionIds: number[]; principals: PrincipalRef[] } {
  const principals = new Map<string, PrincipalRef>();
  for (const r of records) {
    for (const snapshot of [r.prechange, r.postchange]) {
      for (const id of (snapshot?.groups as number[] | undefined) ?? []) principals.set(`group:${id}`, { type: 'group', id });
      for (const id of (snapshot?.users as number[] | undefined) ?? []) principals.set(`user:${id}`, { type: 'user', id });
    }
  }
  return { permissionIds: [...new Set(records.map((r) => r.objectId))], principals: [...principals.values()] };
}

/** A permission as a snapshot holds it, its principals limited to those that still exist. */
function fromSnapshot(snapshot: Record<string, unknown>, id: number, state: MatrixState, warnings: string[]): Permission {
  const keep = (type: 'group' | 'user', ids: unknown) =>
    ((ids as number[] | undefined) ?? []).filter((pid) => {
      const found = type === 'group' ? state.groups.has(pid) : state.users.has(pid);
      if (!found) warnings.push(`A ${type} that permission ${id} was assigned to no longer exists; it is left out.`);
      return found;
    });
  return {
    id,
    name: String(snapshot.name ?? ''),
    description: String(snapshot.description ?? ''),
    enabled: snapshot.enabled !== false,
    object_types: (snapshot.object_types as string[] | undefined) ?? [],
    actions: (snapshot.actions as string[] | undefined) ?? [],
    constraints: snapshot.constraints ?? null,
    groups: keep('group', snapshot.groups),
    users: keep('user', snapshot.users),
  };
}

/** The revert plan of `records` against `state`, and its token. */
export function planRevert(state: MatrixState, applyId: string, records: PermissionRecord[], secret: Buffer): { plan: Plan; token: string } {
  const warnings: string[] = [];
  const drafts = new Drafts();
  const because = `Reverts apply ${applyId}.`;
  const touched = new Set<number>();
  for (const record of records) {
    if (touched.has(record.objectId)) continue;
    touched.add(record.objectId);
    const current = state.permissions.get(record.objectId);
    const label = `Permission ${record.objectId}`;
    if (record.action === 'create') {
      if (!current) {
        warnings.push(`${label}, created by the apply, no longer exists.`);
        continue;
      }
      if (record.postchange && canonicalJson(core(fromSnapshot(record.postchange, current.id, state, []))) !== canonicalJson(core(current))) warnings.push(`${label} ("${current.name}") changed after the apply; it is deleted all the same.`);
      const draft = drafts.of(current);
      draft.perm.object_types = [];
      draft.reasons.push(`${because} The apply created it.`);
      continue;
    }
    const before = fromSnapshot(record.prechange ?? {}, record.objectId, state, warnings);
    if (record.action === 'update' && current) {
      if (record.postchange && canonicalJson(core(fromSnapshot(record.postchange, current.id, state, []))) !== canonicalJson(core(current))) warnings.push(`${label} ("${current.name}") changed after the apply; it is restored to what it was before the apply.`);
      const draft = drafts.of(current);
      Object.assign(draft.perm, { ...before, id: current.id });
      draft.reasons.push(`${because} Restores it as it was before.`);
      continue;
    }
    if (record.action === 'update') warnings.push(`${label}, changed by the apply, no longer exists; it is created again.`);
    const { id: _id, ...fields } = before;
    const created = drafts.create(fields, `${because} The apply ${record.action === 'delete' ? 'deleted' : 'changed'} it; it is created again as it was (a new id).`);
    created.baseName = fields.name;
  }
  const plan: Plan = { operations: finishRevert(state, new CellIndex(state), drafts), warnings };
  const principals = new Map<string, PrincipalRef>();
  for (const o of plan.operations) for (const p of [o.before, o.after]) if (p) for (const a of assignees(p)) principals.set(principalKey(a), a);
  const dependencies = {
    permissions: [...touched].sort((a, b) => a - b).map((id) => ({ id, current: state.permissions.has(id) ? core(state.permissions.get(id)!) : null })),
    principals: [...principals.keys()].sort().map((key) => ({ key, exists: principals.has(key) })),
  };
  return { plan, token: planToken({ revert: applyId, operations: tokenOperations(plan.operations), dependencies }, secret) };
}
