/**
 * @module
 * A plan as plan/, apply/ and revert/ answer it: the token, the warnings and each operation with
 * its permission before and after (full form; a permission to create has no id nor url), the
 * principals it affects and the reasons, in words. Hidden principals are never named.
 */
import { assigneeView, permissionView, type Assignee, type PermissionView } from './permissionView.ts';
import type { MatrixState } from './model.ts';
import type { Plan } from './planner.ts';

export interface OperationView {
  op: string;
  key: string;
  id: number | null;
  before: PermissionView | null;
  after: (Omit<PermissionView, 'id'> & { id: number | null }) | null;
  affects: Assignee[];
  reasons: string[];
}

export function planView(state: MatrixState, plan: Plan, token: string, origin: string): { token: string; warnings: string[]; operations: OperationView[] } {
  return {
    token,
    warnings: plan.warnings,
    operations: plan.operations.map((o) => ({
      op: o.op,
      key: o.key,
      id: o.id,
      before: o.before && permissionView(state, o.before, origin),
      after: o.after && { ...permissionView(state, o.after, origin), id: o.id },
      affects: o.affects.map((p) => assigneeView(state, p)),
      reasons: o.reasons,
    })),
  };
}
