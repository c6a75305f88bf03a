/**
 * @module
 * Who may do what with the matrix (rules §1b). Reading needs `view` on users.objectpermission
 * (checked by the route, as the definitions declare); plan/, apply/, import/ and revert/ need a
 * write-enabled token (checked by the route for every POST); apply/ needs add, change or delete on
 * users.objectpermission for each operation of its plan, and within their constraints (the
 * writer checks those); import/ needs at least one of them. `can_edit` says whether the caller
 * could apply anything at all.
 */
import { forbidden, type RequestContext } from '../../../rest/index.ts';
import type { OperationKind } from './operations.ts';

export const PERMISSION_TYPE = 'users.objectpermission';

const ACTION: Record<OperationKind, string> = { create: 'add', update: 'change', delete: 'delete' };

export async function canEdit(ctx: RequestContext): Promise<boolean> {
  if (!ctx.caller?.writeEnabled) return false;
  for (const action of ['add', 'change', 'delete']) if (await ctx.scope.allows(PERMISSION_TYPE, action)) return true;
  return false;
}

/** 403 unless the caller may add, change or delete permissions (import/). */
export async function requireSomeWrite(ctx: RequestContext): Promise<void> {
  if (!(await canEdit(ctx))) throw forbidden();
}

/** 403 unless the caller holds the permission each kind of operation needs (their constraints are the writer's to check). */
export async function requireOperations(ctx: RequestContext, kinds: Iterable<OperationKind>): Promise<void> {
  for (const kind of new Set(kinds)) if (!(await ctx.scope.allows(PERMISSION_TYPE, ACTION[kind]))) throw forbidden();
}
