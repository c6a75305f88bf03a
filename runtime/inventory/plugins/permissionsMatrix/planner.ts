/**
 * @module
 * plan/: a pure function from the state and a change set to operations (rules §5, §6). Per
 * principal P and object type T, A is what P holds on T through its managed permissions, G what
 * the changes grant and R what they revoke: T moves to the managed permission holding exactly
 * (A ∪ G) \ R (created when P has none), every other permission covering a revoked cell loses it
 * without changing anybody else's access (splits.ts), access through groups is never touched.
 * Cells already as requested are warnings, not operations. Edits apply after that, to the same
 * drafts. operations.ts turns the drafts into the ordered operations.
 */
import type { ActionCatalog } from './actions.ts';
import { sortActions } from './actions.ts';
import { CellIndex } from './cells.ts';
import type { ChangeSet } from './changeSet.ts';
import { Drafts, alone, append, withIds, type Draft } from './drafts.ts';
import { isManagedFor, managedName, MANAGED_DESCRIPTION, sameSet } from './managed.ts';
import { assignedTo, displayName, principalKey, type MatrixState, type Permission, type PrincipalRef } from './model.ts';
import { finishPlan, type PlannedOperation } from './operations.ts';
import { principalWarnings } from './principalView.ts';
import { cellKey, revokeFrom } from './splits.ts';
import { badRequest, type FieldErrors } from '../../../rest/index.ts';

export interface PlanInput {
  state: MatrixState;
  catalog: ActionCatalog;
  set: ChangeSet;
  /** Why constraints cannot apply to an object type (runtime/rest's ConstraintCompiler), or null. */
  constraintError(objectType: string, constraints: unknown): string | null;
}

export interface Plan {
  operations: PlannedOperation[];
  warnings: string[];
}

const list = (actions: Iterable<string>) => {
  const sorted = sortActions(actions);
  return sorted.length ? sorted.join(', ') : 'nothing';
};

export function planChanges({ state, catalog, set, constraintError }: PlanInput): Plan {
  const cells = new CellIndex(state);
  const drafts = new Drafts();
  const warnings: string[] = [];
  const nameOf = (p: PrincipalRef) => displayName(state, p);

  // Superusers and inactive users: NetBox ignores their permissions either way.
  const warned = new Set<string>();
  for (const p of [...set.changes.map((c) => c.principal), ...set.edits.map((e) => e.principal)]) {
    if (warned.has(principalKey(p))) continue;
    warned.add(principalKey(p));
    append(warnings, principalWarnings(state, p));
  }

  // The changes by principal and object type, no-ops taken out with a warning.
  const byPrincipal = new Map<string, { principal: PrincipalRef; types: Map<string, { grant: Set<string>; revoke: Set<string> }> }>();
  for (const c of set.changes) {
    const current = cells.directState(c.principal, c.object_type, c.action);
    const name = nameOf(c.principal);
    if (c.granted && current === 'granted') {
      warnings.push(`${name} already has ${c.action} on ${c.object_type}.`);
      continue;
    }
    if (!c.granted && current === 'none') {
      warnings.push(`${name} has no ${c.action} on ${c.object_type}; nothing to revoke.`);
      continue;
    }
    if (!c.granted && c.principal.type === 'user') {
      const inherited = cells.inherited(c.principal.id, c.object_type, c.action);
      if (inherited.state !== 'none') warnings.push(`${name} still has ${c.action} on ${c.object_type} through group(s) ${inherited.groups.join(', ')}.`);
    }
    const key = principalKey(c.principal);
    const entry = byPrincipal.get(key) ?? byPrincipal.set(key, { principal: c.principal, types: new Map() }).get(key)!;
    const forType = entry.types.get(c.object_type) ?? entry.types.set(c.object_type, { grant: new Set(), revoke: new Set() }).get(c.object_type)!;
    (c.granted ? forType.grant : forType.revoke).add(c.action);
  }

  // Revoked cells of permissions other than the managed ones, by permission, then principal.
  const removals = new Map<number, Map<string, { principal: PrincipalRef; name: string; cells: Set<string>; why: string[] }>>();
  for (const { principal, types } of byPrincipal.values()) {
    const name = nameOf(principal);
    const managed = cells.permissionsOf(principal).filter((p) => isManagedFor(p, principal, name, catalog));
    const isManaged = new Set(managed);
    const moves = new Map<string, { types: string[]; actions: string[]; reasons: string[] }>();
    for (const [type, { grant, revoke }] of [...types].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const containing = managed.filter((m) => m.object_types.includes(type));
      const held = new Set(containing.flatMap((m) => m.actions));
      const next = sortActions([...held, ...grant].filter((a) => !revoke.has(a)));
      const grants = sortActions(grant).map((a) => `Grant ${a} on ${type} to ${name}.`);
      const revokes = sortActions(revoke).map((a) => `Revoke ${a} on ${type} from ${name}.`);
      if (!sameSet(held, next)) {
        for (const m of containing) {
          const draft = drafts.of(m);
          draft.perm.object_types = draft.perm.object_types.filter((t) => t !== type);
          append(draft.reasons, revokes);
          draft.reasons.push(`${type} moves out: ${name} now holds ${list(next)} on it through managed permissions.`);
        }
        if (next.length) {
          const key = next.join(',');
          const move = moves.get(key) ?? moves.set(key, { types: [], actions: next, reasons: [] }).get(key)!;
          move.types.push(type);
          append(move.reasons, grants);
        }
      }
      for (const action of revoke) {
        for (const perm of cells.covering(principal, type, action)) {
          if (isManaged.has(perm)) continue;
          const byPerm = removals.get(perm.id) ?? removals.set(perm.id, new Map()).get(perm.id)!;
          const mine = byPerm.get(principalKey(principal)) ?? byPerm.set(principalKey(principal), { principal, name, cells: new Set(), why: [] }).get(principalKey(principal))!;
          mine.cells.add(cellKey(type, action));
          mine.why.push(`Revoke ${action} on ${type} from ${name}.`);
        }
      }
    }
    for (const move of moves.values()) {
      const target = managed.filter((m) => sameSet(m.actions, move.actions)).sort((a, b) => a.id - b.id)[0];
      const why = `${name} holds ${list(move.actions)} on ${move.types.join(', ')} through this managed permission.`;
      if (target) {
        const draft = drafts.of(target);
        draft.perm.object_types = [...new Set([...draft.perm.object_types, ...move.types])].sort();
        append(draft.reasons, move.reasons);
        draft.reasons.push(why);
      } else {
        const created = drafts.create(
          { name: managedName(name, move.actions, catalog), description: MANAGED_DESCRIPTION, enabled: true, object_types: [...move.types].sort(), actions: move.actions, constraints: null, ...alone(principal) },
          `Managed permission of ${name}: ${why}`,
        );
        append(created.reasons, move.reasons);
      }
    }
  }
  for (const [id, byPrincipal_] of [...removals].sort(([a], [b]) => a - b)) revokeFrom(drafts, state.permissions.get(id)!, byPrincipal_);

  applyEdits(set, state, cells, catalog, drafts, warnings, constraintError);
  return { operations: finishPlan(state, cells, drafts), warnings };
}

/** Rules §6: each edit on the permission it names (by perm_id, or the older action form), after the change mapping. */
function applyEdits(set: ChangeSet, state: MatrixState, cells: CellIndex, catalog: ActionCatalog, drafts: Drafts, warnings: string[], constraintError: PlanInput['constraintError']): void {
  const errors: Record<string, FieldErrors> = {};
  // Actions, groups and users the edits add, merged into each permission once at the end: many
  // edits of one permission would otherwise sort its growing lists once per edit.
  const added = new Map<Draft, { actions: Set<string>; groups: Set<number>; users: Set<number> }>();
  set.edits.forEach((edit, index) => {
    const name = displayName(state, edit.principal);
    let perm: Permission | null;
    if (edit.perm_id !== undefined) {
      perm = state.permissions.get(edit.perm_id)!;
      if (!assignedTo(perm, edit.principal)) {
        warnings.push(`Permission "${perm.name}" (${perm.id}) is not assigned to ${name}; edit ${index} is left out.`);
        return;
      }
    } else {
      perm = cells.simple(edit.principal, edit.action!);
      if (!perm) {
        warnings.push(`${name} has no permission holding ${edit.action} alone, unconstrained; edit ${index} is left out (name the permission with perm_id).`);
        return;
      }
    }
    const draft = drafts.of(perm);
    const target = draft.perm;
    const adding = added.get(draft) ?? added.set(draft, { actions: new Set(), groups: new Set(), users: new Set() }).get(draft)!;
    const none = (list: unknown[], more: Set<unknown>) => !list.length && !more.size;
    if (!target.object_types.length || none(target.actions, adding.actions) || (none(target.groups, adding.groups) && none(target.users, adding.users))) {
      warnings.push(`Permission "${perm.name}" (${perm.id}) is deleted by this plan; edit ${index} is left out.`);
      return;
    }
    const changed: string[] = [];
    if (edit.name !== undefined && edit.name !== target.name) (target.name = edit.name), changed.push('name');
    if (edit.description !== undefined && edit.description !== target.description) (target.description = edit.description), changed.push('description');
    if (edit.enabled !== undefined && edit.enabled !== target.enabled) (target.enabled = edit.enabled), changed.push('enabled');
    if ('constraints' in edit) {
      const failed = edit.constraints === null ? null : target.object_types.map((t) => [t, constraintError(t, edit.constraints)] as const).find(([, e]) => e);
      if (failed) return void (errors[index] = { constraints: [`Invalid filter for ${failed[0]}: ${failed[1]}`] });
      target.constraints = edit.constraints ?? null;
      changed.push('constraints');
    }
    if (edit.add_actions?.length) {
      const misfit = edit.add_actions.flatMap((a) => target.object_types.filter((t) => !catalog.applies(a, t)).map((t) => `Action "${a}" does not apply to ${t}.`))[0];
      if (misfit) return void (errors[index] = { add_actions: [misfit] });
      for (const a of edit.add_actions) adding.actions.add(a);
      changed.push('actions');
    }
    if (edit.add_groups?.length) {
      for (const id of edit.add_groups) adding.groups.add(id);
      changed.push('groups');
    }
    if (edit.add_users?.length) {
      for (const id of edit.add_users) adding.users.add(id);
      changed.push('users');
    }
    draft.reasons.push(`Edit ${index} for ${name}: ${changed.length ? changed.join(', ') : 'nothing to change'}.`);
  });
  for (const [{ perm }, { actions, groups, users }] of added) {
    if (actions.size) perm.actions = sortActions([...perm.actions, ...actions]);
    if (groups.size) perm.groups = withIds(perm.groups, groups);
    if (users.size) perm.users = withIds(perm.users, users);
  }
  if (Object.keys(errors).length) throw badRequest({ edits: errors as unknown as Record<string, string[]> });
}
