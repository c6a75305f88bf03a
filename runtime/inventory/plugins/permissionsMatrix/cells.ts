/**
 * @module
 * Cell states (rules §2, §3): a permission covers (P, T, a) when it is assigned to P directly and
 * T and a are among its object types and actions. A cell is `granted` when an enabled,
 * unconstrained permission covers it, else `constrained` when an enabled one does, else
 * `disabled` when only disabled ones do, else `none`. A user's `inherited` state is the best over
 * the user's groups, naming the groups that reach it. `simple` and `others` describe a principal's
 * permissions for one action.
 */
import { byNameThenId, displayName, isUnconstrained, type MatrixState, type Permission, type PrincipalRef, principalKey, assignedAlone } from './model.ts';

export type CellState = 'granted' | 'constrained' | 'disabled' | 'none';

export interface CellPermission {
  id: number;
  name: string;
  enabled: boolean;
  constrained: boolean;
}

export interface Cell {
  state: CellState;
  perms: CellPermission[];
  inherited?: { state: CellState; groups: string[] };
}

const RANK: Record<CellState, number> = { none: 0, disabled: 1, constrained: 2, granted: 3 };

export function better(a: CellState, b: CellState): boolean {
  return RANK[a] > RANK[b];
}

/** The state the covering permissions `perms` give a cell. */
export function stateOf(perms: readonly Pick<Permission, 'enabled' | 'constraints'>[]): CellState {
  let state: CellState = 'none';
  for (const p of perms) {
    const s: CellState = !p.enabled ? 'disabled' : isUnconstrained(p.constraints) ? 'granted' : 'constrained';
    if (better(s, state)) state = s;
    if (state === 'granted') break;
  }
  return state;
}

export function cellPermission(p: Permission): CellPermission {
  return { id: p.id, name: p.name, enabled: p.enabled, constrained: !isUnconstrained(p.constraints) };
}

/** object type → action → the permissions covering that cell. */
export type Coverage = Map<string, Map<string, Permission[]>>;

export function coverageOf(perms: Iterable<Permission>): Coverage {
  const coverage: Coverage = new Map();
  for (const p of perms) {
    for (const type of p.object_types) {
      let byAction = coverage.get(type);
      if (!byAction) coverage.set(type, (byAction = new Map()));
      for (const action of p.actions) {
        const list = byAction.get(action);
        if (list) list.push(p);
        else byAction.set(action, [p]);
      }
    }
  }
  return coverage;
}

/** The permissions assigned to each principal directly, by principal key (`group:3`). */
export function directIndex(permissions: Iterable<Permission>): Map<string, Permission[]> {
  const index = new Map<string, Permission[]>();
  const add = (key: string, p: Permission) => {
    const list = index.get(key);
    if (list) list.push(p);
    else index.set(key, [p]);
  };
  for (const p of permissions) {
    for (const id of p.groups) add(`group:${id}`, p);
    for (const id of p.users) add(`user:${id}`, p);
  }
  return index;
}

/**
 * Cells of principals, computed once per principal (a group's coverage is shared by every
 * member's inherited cells).
 */
export class CellIndex {
  private readonly direct: Map<string, Permission[]>;
  private readonly coverages = new Map<string, Coverage>();
  private readonly groupCoverages = new Map<number, Coverage>();
  private readonly refs = new Map<Permission, CellPermission>();

  constructor(private readonly state: MatrixState) {
    this.direct = directIndex(state.permissions.values());
  }

  /** The permissions assigned to `p` directly. */
  permissionsOf(p: PrincipalRef): Permission[] {
    return this.direct.get(principalKey(p)) ?? [];
  }

  coverage(p: PrincipalRef): Coverage {
    const key = principalKey(p);
    let coverage = this.coverages.get(key);
    if (!coverage) this.coverages.set(key, (coverage = coverageOf(this.permissionsOf(p))));
    return coverage;
  }

  /** A group's coverage by id: every cell of every member asks for it, without a key string each time. */
  private groupCoverage(id: number): Coverage {
    let coverage = this.groupCoverages.get(id);
    if (!coverage) this.groupCoverages.set(id, (coverage = this.coverage({ type: 'group', id })));
    return coverage;
  }

  /** The permissions covering (p, type, action) directly. */
  covering(p: PrincipalRef, type: string, action: string): Permission[] {
    return this.coverage(p).get(type)?.get(action) ?? [];
  }

  directState(p: PrincipalRef, type: string, action: string): CellState {
    return stateOf(this.covering(p, type, action));
  }

  /** A user's access through group membership: the best state and the groups reaching it, sorted. */
  inherited(userId: number, type: string, action: string): { state: CellState; groups: string[] } {
    let best: CellState = 'none';
    let reaching: string[] = [];
    for (const groupId of this.state.users.get(userId)?.groups ?? []) {
      const covering = this.groupCoverage(groupId).get(type)?.get(action);
      if (!covering) continue;
      const s = stateOf(covering);
      if (s === 'none') continue;
      if (better(s, best)) {
        best = s;
        reaching = [];
      }
      if (s === best) reaching.push(displayName(this.state, { type: 'group', id: groupId }));
    }
    return { state: best, groups: reaching.length > 1 ? reaching.sort() : reaching };
  }

  /** The cell as responses show it; null when nothing covers it (nor, for a user, through a group). */
  cell(p: PrincipalRef, type: string, action: string): Cell | null {
    const covering = this.covering(p, type, action);
    const perms = covering.length > 1 ? [...covering].sort(byNameThenId) : covering;
    const state = stateOf(perms);
    if (p.type !== 'user') return state === 'none' ? null : { state, perms: this.refsOf(perms) };
    const inherited = this.inherited(p.id, type, action);
    if (state === 'none' && inherited.state === 'none') return null;
    return { state, perms: this.refsOf(perms), inherited };
  }

  /**
   * The cell form of each permission, made once per permission. A method, not a closure made in
   * cell(): that runs once per cell of a response, hundreds of thousands of times at size.
   */
  private refsOf(perms: Permission[]): CellPermission[] {
    const out: CellPermission[] = new Array(perms.length);
    for (let i = 0; i < perms.length; i++) {
      let known = this.refs.get(perms[i]);
      if (!known) this.refs.set(perms[i], (known = cellPermission(perms[i])));
      out[i] = known;
    }
    return out;
  }

  /** Every (type, action) a cell of `p` may exist for: covered directly or, for a user, through a group. */
  coveredCells(p: PrincipalRef): Map<string, Set<string>> {
    const cells = new Map<string, Set<string>>();
    const addAll = (coverage: Coverage) => {
      for (const [type, byAction] of coverage) {
        let actions = cells.get(type);
        if (!actions) cells.set(type, (actions = new Set()));
        for (const action of byAction.keys()) actions.add(action);
      }
    };
    addAll(this.coverage(p));
    if (p.type === 'user') for (const groupId of this.state.users.get(p.id)?.groups ?? []) addAll(this.coverage({ type: 'group', id: groupId }));
    return cells;
  }

  /** Rules §3: the permission assigned to `p` alone, enabled, unconstrained, holding exactly `[action]` (the lowest id); null if none. */
  simple(p: PrincipalRef, action: string): Permission | null {
    let found: Permission | null = null;
    for (const perm of this.permissionsOf(p)) {
      if (!assignedAlone(perm, p) || !perm.enabled || !isUnconstrained(perm.constraints)) continue;
      if (perm.actions.length !== 1 || perm.actions[0] !== action) continue;
      if (!found || perm.id < found.id) found = perm;
    }
    return found;
  }

  /** Rules §3: every other permission assigned to `p` whose actions contain `action`, by name then id. */
  others(p: PrincipalRef, action: string): Permission[] {
    const simple = this.simple(p, action);
    return this.permissionsOf(p).filter((perm) => perm !== simple && perm.actions.includes(action)).sort(byNameThenId);
  }
}
