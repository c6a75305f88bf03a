/**
 * @module
 * A permission as matrix responses show it (`perms`, `simple`, `others`, a plan's `before` and
 * `after`): the cell form's id, name, enabled and constrained, plus description, actions, object
 * types, constraints, principals and url. A principal the caller may not view is never named:
 * `{type, id: null, name: "a group you cannot view"}`.
 */
import type { CellPermission } from './cells.ts';
import { assignees, displayName, isUnconstrained, visible, type MatrixState, type Permission, type PrincipalType } from './model.ts';

export interface Assignee {
  type: PrincipalType;
  id: number | null;
  name: string;
}

export interface PermissionView extends CellPermission {
  description: string;
  actions: string[];
  object_types: string[];
  constraints: unknown;
  principals: Assignee[];
  url: string | null;
}

export function assigneeView(state: MatrixState, p: { type: PrincipalType; id: number }): Assignee {
  return visible(state, p) ? { type: p.type, id: p.id, name: displayName(state, p) } : { type: p.type, id: null, name: displayName(state, p) };
}

/** `id` null (a permission the plan creates) has no url. */
export function permissionView(state: MatrixState, p: Permission, origin: string): PermissionView {
  return {
    id: p.id,
    name: p.name,
    enabled: p.enabled,
    constrained: !isUnconstrained(p.constraints),
    description: p.description,
    actions: p.actions,
    object_types: p.object_types,
    constraints: p.constraints,
    principals: assignees(p).map((a) => assigneeView(state, a)),
    url: p.id > 0 ? `${origin}/api/users/permissions/${p.id}/` : null,
  };
}

/** permissionView, once per permission for a whole response (a shared permission appears in every column it is assigned to). */
export function permissionViews(state: MatrixState, origin: string): (p: Permission) => PermissionView {
  const views = new Map<Permission, PermissionView>();
  return (p) => {
    let view = views.get(p);
    if (!view) views.set(p, (view = permissionView(state, p, origin)));
    return view;
  };
}
