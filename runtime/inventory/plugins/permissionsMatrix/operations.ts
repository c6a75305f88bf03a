/**
 * @module
 * From drafts to a plan's operations (rules §5.4, §5.5): a stored permission left without object
 * types, actions or principals is deleted, one that differs is updated; a new one with something
 * to grant is created, its name made unique (` 2`, ` 3`…) against every name stored and created.
 * Creates come first (ordered by name, then content, and keyed `new-1`, `new-2`… in that order),
 * then updates and deletes by id. `affects` (affects.ts) lists the principals whose direct access
 * changes on a cell the permission covers before or after.
 */
import { fillAffects } from './affects.ts';
import type { CellIndex } from './cells.ts';
import type { Draft, Drafts } from './drafts.ts';
import { uniqueName } from './managed.ts';
import type { MatrixState, Permission, PrincipalRef } from './model.ts';

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
  // Each create's content as text once, not once per comparison of the sort.
  const content = new Map(creates.map((d) => [d, JSON.stringify(core(d.perm))]));
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  creates.sort((a, b) => text(a.baseName, b.baseName) || text(content.get(a)!, content.get(b)!));
  const taken = new Set(state.names);
  const resume = new Map<string, number>();
  const created: PlannedOperation[] = creates.map((draft, n) => {
    draft.perm.name = options.uniqueNames ? uniqueName(draft.baseName, taken, resume) : draft.baseName;
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
