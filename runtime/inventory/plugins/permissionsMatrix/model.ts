/**
 * @module
 * The permissions matrix's vocabulary (README.md beside this file, §1 of the rules): principals
 * (a group or a user), permissions as NetBox stores them, and the state the matrix reads — loaded
 * by state.ts, read by everything else as plain data.
 */

export type PrincipalType = 'group' | 'user';

/** A group or a user, as requests name them. */
export interface PrincipalRef {
  type: PrincipalType;
  id: number;
}

/** A row of users.objectpermission with its assignments (ids sorted). */
export interface Permission {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  object_types: string[];
  actions: string[];
  constraints: unknown;
  groups: number[];
  users: number[];
}

export interface Group {
  id: number;
  name: string;
}

export interface User {
  id: number;
  username: string;
  isActive: boolean;
  isSuperuser: boolean;
  /** Ids of the groups the user belongs to, sorted. */
  groups: number[];
}

/** What the matrix reads: principals, permissions, and which principals the caller may view. */
export interface MatrixState {
  groups: Map<number, Group>;
  users: Map<number, User>;
  /** The permissions loaded (all of them, or those of the principals a request concerns). */
  permissions: Map<number, Permission>;
  /** Every permission name in the database (names the plan creates are made unique against them). */
  names: Set<string>;
  /** Every action some permission holds (the freeform actions are those no model registers). */
  heldActions: Set<string>;
  /** Groups and users the caller may view; null when all. */
  visibleGroups: Set<number> | null;
  visibleUsers: Set<number> | null;
  /** Permissions the caller may view (a constrained view on users.objectpermission); null when all. */
  visiblePermissions: Set<number> | null;
}

/**
 * The state as the caller may see it: without the permissions its view on users.objectpermission
 * does not reach, as NetBox's restricted querysets leave them out of every list.
 */
export function viewableState(state: MatrixState): MatrixState {
  const allowed = state.visiblePermissions;
  if (!allowed) return state;
  return { ...state, permissions: new Map([...state.permissions].filter(([id]) => allowed.has(id))) };
}

export const HIDDEN_GROUP = 'a group you cannot view';
export const HIDDEN_USER = 'a user you cannot view';

/** `group:<id>` / `user:<id>`: column keys, and keys of principals everywhere. */
export function principalKey(p: PrincipalRef): string {
  return `${p.type}:${p.id}`;
}

export function parseKey(key: string): PrincipalRef {
  const [type, id] = key.split(':');
  return { type: type as PrincipalType, id: Number(id) };
}

export function exists(state: MatrixState, p: PrincipalRef): boolean {
  return p.type === 'group' ? state.groups.has(p.id) : state.users.has(p.id);
}

export function visible(state: MatrixState, p: PrincipalRef): boolean {
  if (!exists(state, p)) return false;
  const set = p.type === 'group' ? state.visibleGroups : state.visibleUsers;
  return set === null || set.has(p.id);
}

/** The principal's name (group name or username), or the placeholder when the caller may not view it. */
export function displayName(state: MatrixState, p: PrincipalRef): string {
  if (!visible(state, p)) return p.type === 'group' ? HIDDEN_GROUP : HIDDEN_USER;
  return p.type === 'group' ? state.groups.get(p.id)!.name : state.users.get(p.id)!.username;
}

/** The principals a permission is assigned to, groups first, each by id. */
export function assignees(p: Pick<Permission, 'groups' | 'users'>): PrincipalRef[] {
  return [...p.groups.map((id) => ({ type: 'group' as const, id })), ...p.users.map((id) => ({ type: 'user' as const, id }))];
}

export function assignedTo(p: Pick<Permission, 'groups' | 'users'>, principal: PrincipalRef): boolean {
  return (principal.type === 'group' ? p.groups : p.users).includes(principal.id);
}

/** Assigned to `principal` and nobody else (hidden principals count). */
export function assignedAlone(p: Pick<Permission, 'groups' | 'users'>, principal: PrincipalRef): boolean {
  return p.groups.length + p.users.length === 1 && assignedTo(p, principal);
}

/**
 * NetBox treats constraints that are null, `{}`, `[]`, or a list holding null or `{}` as "all
 * objects" (utilities/permissions.py qs_filter_from_constraints).
 */
export function isUnconstrained(constraints: unknown): boolean {
  if (constraints === null || constraints === undefined) return true;
  const empty = (c: unknown) => c === null || (typeof c === 'object' && !Array.isArray(c) && Object.keys(c as object).length === 0);
  if (Array.isArray(constraints)) return constraints.length === 0 || constraints.some(empty);
  return empty(constraints);
}

/** Sorted by name, then id (NetBox's ordering of permissions, made total). */
export function byNameThenId(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
}
