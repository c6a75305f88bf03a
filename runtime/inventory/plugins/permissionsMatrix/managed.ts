/**
 * @module
 * Managed permissions (rules §4): the permissions the matrix itself keeps for a principal P —
 * assigned to P alone, enabled, unconstrained, named `<P's name>_<letters of its actions>` (with
 * the ` 2`, ` 3` a clash of names may have added). They partition P's object types by action set.
 */
import type { ActionCatalog } from './actions.ts';
import { assignedAlone, isUnconstrained, type Permission, type PrincipalRef } from './model.ts';

export const MANAGED_DESCRIPTION = 'Managed by the permissions matrix';

/** Names are cut to NetBox's 100 characters. */
export const NAME_LENGTH = 100;

/** Room kept for a uniqueness suffix (` 2` … ` 999`), so that cutting never eats the letters. */
const SUFFIX_ROOM = 4;

/** `<P's name>_<letters>`; a long name is cut so that the letters stay. */
export function managedName(principalName: string, actions: Iterable<string>, catalog: ActionCatalog): string {
  const tail = `_${catalog.lettersOf(actions)}`;
  return principalName.slice(0, NAME_LENGTH - tail.length - SUFFIX_ROOM) + tail;
}

/** Whether `name` is `base`, or `base` made unique (` 2`, ` 3`…), both as cut to 100 characters. */
export function isNameOf(name: string, base: string): boolean {
  if (name === base.slice(0, NAME_LENGTH)) return true;
  const match = / (\d+)$/.exec(name);
  return !!match && Number(match[1]) >= 2 && name === uniqueCandidate(base, Number(match[1]));
}

/** `base` with ` n` appended (n ≥ 2), cut so that the whole stays within 100 characters. */
export function uniqueCandidate(base: string, n: number): string {
  if (n < 2) return base.slice(0, NAME_LENGTH);
  const suffix = ` ${n}`;
  return base.slice(0, NAME_LENGTH - suffix.length) + suffix;
}

/**
 * The first of `base`, `base 2`, `base 3`… not in `taken` (which it then joins). `resume` keeps,
 * per base, where the last search stopped: names are only ever added to `taken`, so the first free
 * one never moves back, and many creates of one name do not each count from 1.
 */
export function uniqueName(base: string, taken: Set<string>, resume = new Map<string, number>()): string {
  for (let n = resume.get(base) ?? 1; ; n++) {
    const candidate = uniqueCandidate(base, n);
    if (!taken.has(candidate)) {
      taken.add(candidate);
      resume.set(base, n + 1);
      return candidate;
    }
  }
}

export function isManagedFor(perm: Permission, principal: PrincipalRef, principalName: string, catalog: ActionCatalog): boolean {
  return assignedAlone(perm, principal) && perm.enabled && isUnconstrained(perm.constraints) && perm.actions.length > 0 && isNameOf(perm.name, managedName(principalName, perm.actions, catalog));
}

/** Two action lists hold the same set. */
export function sameSet(a: Iterable<string>, b: Iterable<string>): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}
