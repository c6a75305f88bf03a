/**
 * @module
 * From drafts to a plan's operations (rules §5.4, §5.5): a stored permission left without object
 * types, actions or principals is deleted, one that differs is updated; a new one with something
 * to grant is created, its name made unique (` 2`, ` 3`…) against every name stored and created.
 * Creates come first (ordered by name, then content, and keyed `new-1`, `new-2`… in that order),
 * then updates and deletes by id. `affects` lists the principals whose direct access changes on a
 * cell the permission covers before or after (so a split that moves access around lists nobody
 * but the principal whose cell was revoked).
 */
import { stateOf, type CellIndex } from './cells.ts';
import type { Draft, Drafts } from './drafts.ts';
import { uniqueName } from './managed.ts';
import { assignees, principalKey, type MatrixState, type Permission, type PrincipalRef } from './model.ts';

export type OperationKind = 'create' | 'update' | 'delete';

export interface PlannedOperation {
  op: OperationKind;
  key: string;
  id: number | null;
  before: Permission | null;
  after: Permission | null;
  affects: PrincipalRef[];
  reasons: string[];
}

/** The stored fields of a permission, for comparisons, tokens and writes. */
export function core(p: Permission) {
  return { name: p.name, description: p.description, enabled: p.enabled, object_types: [...p.object_types].sort(), actions: p.actions, constraints: p.constraints ?? null, groups: p.groups, users: p.users };
}

const same = (a: Permission, b: Permission) => JSON.stringify(core(a)) === JSON.stringify(core(b));
const grantsNothing = (p: Permission) => !p.object_types.length || !p.actions.length;
const unassigned = (p: Permission) => !p.groups.length && !p.users.length;

/** A stored permission is deleted when it grants nothing any more, or the plan took its last principal off it. */
const deleted = (draft: Draft) => grantsNothing(draft.perm) || (unassigned(draft.perm) && !unassigned(draft.original!));

export function finishPlan(state: MatrixState, cells: CellIndex, drafts: Drafts, options: { uniqueNames: boolean } = { uniqueNames: true }): PlannedOperation[] {
  const creates: Draft[] = [];
  const updates: PlannedOperation[] = [];
  const deletes: PlannedOperation[] = [];
  for (const draft of drafts.all()) {
    if (!draft.original) {
      if (!grantsNothing(draft.perm)) creates.push(draft);
      continue;
    }
    const id = draft.original.id;
    if (deleted(draft)) deletes.push({ op: 'delete', key: String(id), id, before: draft.original, after: null, affects: [], reasons: draft.reasons });
    else if (!same(draft.original, draft.perm)) updates.push({ op: 'update', key: String(id), id, before: draft.original, after: draft.perm, affects: [], reasons: draft.reasons });
  }
  creates.sort((a, b) => (a.baseName < b.baseName ? -1 : a.baseName > b.baseName ? 1 : JSON.stringify(core(a.perm)) < JSON.stringify(core(b.perm)) ? -1 : 1));
  const taken = new Set(state.names);
  const created: PlannedOperation[] = creates.map((draft, n) => {
    draft.perm.name = options.uniqueNames ? uniqueName(draft.baseName, taken) : draft.baseName;
    return { op: 'create', key: `new-${n + 1}`, id: null, before: null, after: draft.perm, affects: [], reasons: draft.reasons };
  });
  const operations = [...created, ...updates.sort((a, b) => a.id! - b.id!), ...deletes.sort((a, b) => a.id! - b.id!)];
  fillAffects(cells, operations);
  return operations;
}

/** A revert's operations: as a plan's, but a permission created again keeps its name exactly. */
export function finishRevert(state: MatrixState, cells: CellIndex, drafts: Drafts): PlannedOperation[] {
  return finishPlan(state, cells, drafts, { uniqueNames: false });
}

/** Each operation's `affects`: assignees (before or after) whose direct state changes on a cell it covers. */
function fillAffects(cells: CellIndex, operations: PlannedOperation[]): void {
  const replaced = new Map<number, Permission | null>();
  for (const op of operations) if (op.id !== null) replaced.set(op.id, op.after);
  const added = operations.filter((op) => op.op === 'create').map((op) => op.after!);
  const after = new Map<string, Permission[]>();
  const permissionsAfter = (p: PrincipalRef) => {
    const key = principalKey(p);
    let list = after.get(key);
    if (!list) {
      const mine = (perm: Permission) => (p.type === 'group' ? perm.groups : perm.users).includes(p.id);
      list = [...cells.permissionsOf(p).map((perm) => (replaced.has(perm.id) ? replaced.get(perm.id)! : perm)).filter((perm): perm is Permission => !!perm && mine(perm)), ...added.filter(mine)];
      // A permission the plan assigns to p (an edit's add_groups) that p did not have before.
      for (const [, perm] of replaced) if (perm && mine(perm) && !list.includes(perm)) list.push(perm);
      after.set(key, list);
    }
    return list;
  };
  const covering = (perms: Permission[], type: string, action: string) => perms.filter((perm) => perm.object_types.includes(type) && perm.actions.includes(action));
  for (const op of operations) {
    const involved = new Map<string, PrincipalRef>();
    for (const perm of [op.before, op.after]) if (perm) for (const a of assignees(perm)) involved.set(principalKey(a), a);
    const cellsOf = new Set<string>();
    for (const perm of [op.before, op.after]) if (perm) for (const t of perm.object_types) for (const a of perm.actions) cellsOf.add(`${t}\u0000${a}`);
    for (const principal of involved.values()) {
      const before = cells.permissionsOf(principal);
      const now = permissionsAfter(principal);
      const changed = [...cellsOf].some((cell) => {
        const [type, action] = cell.split('\u0000');
        return stateOf(covering(before, type, action)) !== stateOf(covering(now, type, action));
      });
      if (changed) op.affects.push(principal);
    }
  }
}
