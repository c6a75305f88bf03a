/**
 * @module
 * Revoking cells covered by a permission other than the principal's managed one (rules §5.2),
 * so that nobody else's access changes:
 * - assigned to P alone: the permission keeps the object types that keep all its actions; the
 *   other types go to copies (same constraints, enabled flag and description; `<name> (<types>)`)
 *   grouped by the actions they keep; when no type keeps them all, the permission itself takes
 *   the largest group (only this type → it loses the action; only this action → it loses the
 *   type; nothing left → it is deleted);
 * - shared with others (hidden ones included): P is taken off it, and a copy assigned to P alone
 *   (`<name> (<P's name>)`) gets everything it gave P except the revoked cells, split the same way;
 *   no copy when nothing would remain.
 */
import { sortActions } from './actions.ts';
import { alone, append, withoutPrincipals, type Draft, type Drafts } from './drafts.ts';
import { assignedAlone, type Permission, type PrincipalRef } from './model.ts';
import { NAME_LENGTH } from './managed.ts';

/** A revoked cell: `<object type>|<action>`. */
export const cellKey = (type: string, action: string) => `${type}|${action}`;

interface Group {
  actions: string[];
  types: string[];
}

/** The object types of `base` grouped by the actions each keeps once `removed` is taken away (empty sets dropped). */
function keptGroups(base: Pick<Permission, 'object_types' | 'actions'>, removed: ReadonlySet<string>): Group[] {
  const byKey = new Map<string, Group>();
  for (const type of [...base.object_types].sort()) {
    const kept = sortActions(base.actions.filter((a) => !removed.has(cellKey(type, a))));
    if (!kept.length) continue;
    const key = kept.join(',');
    const group = byKey.get(key);
    if (group) group.types.push(type);
    else byKey.set(key, { actions: kept, types: [type] });
  }
  return [...byKey.values()];
}

const cut = (name: string) => name.slice(0, NAME_LENGTH);

/**
 * Makes `draft` (a permission of P alone, as `base` had it) lose `removed`; copies for the types
 * that keep other action sets are created beside it. Returns false when nothing remains.
 */
function splitAlone(drafts: Drafts, draft: Draft, base: Permission, removed: ReadonlySet<string>, principal: PrincipalRef, why: string): boolean {
  const groups = keptGroups(base, removed);
  if (!groups.length) {
    draft.perm.object_types = [];
    return false;
  }
  const all = new Set(base.actions).size;
  const full = groups.find((g) => g.actions.length === all);
  const main = full ?? [...groups].sort((a, b) => b.types.length - a.types.length || (a.types[0] < b.types[0] ? -1 : 1))[0];
  draft.perm.object_types = main.types;
  draft.perm.actions = full ? draft.perm.actions : main.actions;
  for (const group of groups) {
    if (group === main) continue;
    drafts.create(
      { name: cut(`${draft.perm.name} (${group.types.join(', ')})`), description: base.description, enabled: base.enabled, object_types: group.types, actions: group.actions, constraints: base.constraints, ...alone(principal) },
      `${why} Keeps the other actions of "${draft.perm.name}" on ${group.types.join(', ')}.`,
    );
  }
  return true;
}

/** Takes `removedByPrincipal` (principal key → revoked cells) out of the stored permission `original`. */
export function revokeFrom(drafts: Drafts, original: Permission, removedByPrincipal: Map<string, { principal: PrincipalRef; name: string; cells: Set<string>; why: string[] }>): void {
  const draft = drafts.of(original);
  const entries = [...removedByPrincipal.values()];
  if (entries.length === 1 && assignedAlone(original, entries[0].principal)) {
    const [{ principal, cells, why }] = entries;
    append(draft.reasons, why);
    splitAlone(drafts, draft, original, cells, principal, why[0]);
    return;
  }
  withoutPrincipals(draft.perm, entries.map((e) => e.principal));
  for (const { principal, name, cells, why } of entries) {
    append(draft.reasons, why.map((w) => `${w} ${name} is taken off this shared permission; the others keep it as it is.`));
    const copy = drafts.create(
      { name: cut(`${original.name} (${name})`), description: original.description, enabled: original.enabled, object_types: [...original.object_types], actions: [...original.actions], constraints: original.constraints, ...alone(principal) },
      `Keeps what "${original.name}" gave ${name}, except the revoked cells.`,
    );
    if (!splitAlone(drafts, copy, original, cells, principal, why[0])) drafts.discard(copy);
  }
}
