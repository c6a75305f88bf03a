/**
 * @module
 * Each operation's `affects` (rules §5.4): the principals assigned to its permission before or
 * after whose direct state changes on a cell it covers before or after — so a split that moves
 * access around lists nobody but the principal whose cell was revoked.
 *
 * Linear in the plan: every principal's permissions after the plan are gathered in one pass over
 * the operations (not by searching every operation for each principal), and whether a permission
 * covers a cell is a look-up in its own sets of types and actions. Nothing is indexed per
 * principal: 8,000 users of one permission the plan gives 8,000 actions would be 64 million
 * entries.
 */
import { better, stateOf, type CellIndex, type CellState } from './cells.ts';
import { assignees, principalKey, type Permission, type PrincipalRef } from './model.ts';

/** What this module reads and fills of a plan's operation (operations.ts). */
export interface AffectedOperation {
  id: number | null;
  before: Permission | null;
  after: Permission | null;
  affects: PrincipalRef[];
}

export function fillAffects(cells: CellIndex, operations: readonly AffectedOperation[]): void {
  const replaced = new Set<number>();
  for (const op of operations) if (op.id !== null) replaced.add(op.id);
  // Principal key → the permissions the operations leave assigned to it.
  const assignedAfter = new Map<string, Permission[]>();
  for (const op of operations) {
    if (!op.after) continue;
    for (const a of assignees(op.after)) {
      const key = principalKey(a);
      const list = assignedAfter.get(key);
      if (list) list.push(op.after);
      else assignedAfter.set(key, [op.after]);
    }
  }
  const after = new Map<string, Permission[]>();
  const permissionsAfter = (p: PrincipalRef) => {
    const key = principalKey(p);
    let list = after.get(key);
    // What the plan leaves alone, and what it writes (changed, created, or newly assigned to p).
    if (!list) after.set(key, (list = [...cells.permissionsOf(p).filter((perm) => !replaced.has(perm.id)), ...(assignedAfter.get(key) ?? [])]));
    return list;
  };
  for (const op of operations) {
    const involved = new Map<string, PrincipalRef>();
    for (const perm of [op.before, op.after]) if (perm) for (const a of assignees(perm)) involved.set(principalKey(a), a);
    const perms = [op.before, op.after].filter((perm): perm is Permission => !!perm);
    for (const principal of involved.values()) {
      const before = cells.permissionsOf(principal);
      const now = permissionsAfter(principal);
      const changed = perms.some((perm) => perm.object_types.some((type) => perm.actions.some((action) => stateAt(before, type, action) !== stateAt(now, type, action))));
      if (changed) op.affects.push(principal);
    }
  }
}

/** Each permission's object types and actions as sets, made once per permission object. */
const grantSets = new WeakMap<Permission, { types: Set<string>; actions: Set<string> }>();

function covers(perm: Permission, type: string, action: string): boolean {
  let sets = grantSets.get(perm);
  if (!sets) grantSets.set(perm, (sets = { types: new Set(perm.object_types), actions: new Set(perm.actions) }));
  return sets.types.has(type) && sets.actions.has(action);
}

/** The state `perms` give a cell (cells.ts's stateOf over those covering it), without building the list. */
function stateAt(perms: readonly Permission[], type: string, action: string): CellState {
  let best: CellState = 'none';
  for (const perm of perms) {
    if (!covers(perm, type, action)) continue;
    const state = stateOf([perm]);
    if (better(state, best)) best = state;
    if (best === 'granted') break;
  }
  return best;
}
