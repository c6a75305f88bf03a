/**
 * @module
 * apply/ (rules §7): one transaction that locks the permission table, its assignment tables and
 * group membership `IN SHARE ROW EXCLUSIVE MODE` — every other writer (another apply, a write to
 * /api/users/permissions/, /api/users/groups/ or a user's groups) waits, readers do not — and
 * the named principals' rows against deletion; plans the body again; refuses with 403 an
 * operation the caller may not make and with 409 a token that no longer matches (or a principal
 * deleted since plan/); then writes creates, updates and deletes through the REST writer, so
 * every permission written is validated and recorded in the change log with the request id, like
 * any /api/users/permissions/ write. Everything or nothing.
 */
import type { Resource } from '../../../contract/index.ts';
import type { Queryable } from '../../../db/index.ts';
import { conflict, type ObjectWriter, type RequestContext, type RestServices } from '../../../rest/index.ts';
import { requireOperations } from './access.ts';
import type { MatrixState } from './model.ts';
import type { PlannedOperation } from './operations.ts';
import { core } from './operations.ts';
import type { Plan } from './planner.ts';
import { sameToken } from './token.ts';
import { matrixTables } from './tables.ts';

/** Every change record the matrix writes says so: revert/ finds applies by it. */
export const APPLY_MESSAGE = 'Permissions matrix: apply';
export const MESSAGE_PREFIX = 'Permissions matrix:';

export const STALE = 'A permission the plan depends on changed after plan/; nothing was written. Plan again.';
export const PRINCIPAL_GONE = 'A group or user in the plan was deleted after plan/; nothing was written. Plan again.';

export interface Written {
  op: PlannedOperation['op'];
  id: number;
  name: string;
}

/** Takes the locks of an apply; called first in its transaction. */
export async function lockForApply(tx: Queryable, rest: RestServices): Promise<void> {
  const t = matrixTables(rest.registry);
  await tx.query(`LOCK TABLE ${t.permissions}, ${t.permissionGroups.table}, ${t.permissionUsers.table}, ${t.membership.table} IN SHARE ROW EXCLUSIVE MODE`);
}

/**
 * Runs `replan` under the apply's locks and, when its token is `token`, writes its operations;
 * returns them with the state it planned against and what was written.
 */
export async function applyPlan<T extends { plan: Plan; token: string; state: MatrixState }>(
  rest: RestServices,
  ctx: RequestContext,
  resource: Resource,
  token: string,
  replan: (tx: Queryable) => Promise<T>,
  message = APPLY_MESSAGE,
): Promise<T & { written: Written[] }> {
  return rest.writeWithin(ctx, async (tx, objects) => {
    await lockForApply(tx, rest);
    const planned = await replan(tx);
    await requireOperations(ctx, planned.plan.operations.map((o) => o.op));
    if (!sameToken(token, planned.token)) throw conflict(STALE);
    const written = await writeOperations(objects, resource, planned.plan.operations, message);
    return { ...planned, written };
  });
}

async function writeOperations(objects: ObjectWriter, resource: Resource, operations: PlannedOperation[], message: string): Promise<Written[]> {
  const creates = operations.filter((o) => o.op === 'create');
  const updates = operations.filter((o) => o.op === 'update');
  const deletes = operations.filter((o) => o.op === 'delete');
  const createdIds = await objects.create(resource, creates.map((o) => ({ ...core(o.after!), changelog_message: message })));
  creates.forEach((o, i) => (o.id = createdIds[i]));
  await objects.update(resource, updates.map((o) => ({ id: o.id!, body: { ...changedFields(o), changelog_message: message } })));
  await objects.remove(resource, deletes.map((o) => o.id!), message);
  return [...creates, ...updates, ...deletes].map((o) => ({ op: o.op, id: o.id!, name: (o.after ?? o.before)!.name }));
}

/** The fields an update changes (all of them would work; fewer make smaller statements). */
function changedFields(o: PlannedOperation): Record<string, unknown> {
  const before = core(o.before!) as Record<string, unknown>;
  const after = core(o.after!) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(after).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(before[k])));
}

/** The 409 of a principal deleted between plan/ and apply/. */
export const principalGone = () => conflict(PRINCIPAL_GONE);
