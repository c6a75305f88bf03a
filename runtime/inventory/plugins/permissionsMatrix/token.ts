/**
 * @module
 * A plan's token (rules §7): HMAC-SHA-256 under a server secret over the canonical JSON (keys
 * sorted) of `{v: 1, changes, edits, operations, dependencies}` — or, for a revert plan, the apply
 * it undoes in place of changes and edits. Dependencies are everything the plan read: every
 * permission assigned to a principal it names (all fields, assignments sorted), each such
 * principal (its existence, name and, for a user, group ids), and every name it creates. Any
 * change to them, through the matrix, /api/users/permissions/ or /api/users/groups/, changes the
 * token; reordering the changes does not (they are normalised).
 * The secret is the database's (secret.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { assignees, principalKey, type MatrixState, type Permission, type PrincipalRef } from './model.ts';
import { core, type PlannedOperation } from './operations.ts';

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What the plan depends on, in a fixed order. */
export function dependencies(state: MatrixState, principals: readonly PrincipalRef[], operations: readonly PlannedOperation[]): unknown {
  const byKey = new Map(principals.map((p) => [principalKey(p), p]));
  const named = [...byKey.keys()].sort().map((key) => byKey.get(key)!);
  // A permission depends on the plan when one of its assignees is named: one look-up per assignee.
  const concerns = (perm: Permission) => assignees(perm).some((a) => byKey.has(principalKey(a)));
  return {
    principals: named.map((p) => {
      const group = p.type === 'group' ? state.groups.get(p.id) : undefined;
      const user = p.type === 'user' ? state.users.get(p.id) : undefined;
      return { key: principalKey(p), exists: !!(group ?? user), name: group?.name ?? user?.username ?? null, groups: user?.groups ?? null };
    }),
    permissions: [...state.permissions.values()]
      .filter(concerns)
      .sort((a, b) => a.id - b.id)
      .map((perm) => ({ id: perm.id, ...core(perm) })),
    names: operations.filter((o) => o.op === 'create').map((o) => o.after!.name).sort(),
  };
}

/** The operations as the token sees them: what is written, not how responses word it. */
export function tokenOperations(operations: readonly PlannedOperation[]): unknown {
  return operations.map((o) => ({ op: o.op, key: o.key, id: o.id, before: o.before && core(o.before), after: o.after && core(o.after) }));
}

export function planToken(payload: Record<string, unknown>, secret: Buffer): string {
  return createHmac('sha256', secret).update(canonicalJson({ v: 1, ...payload })).digest('hex');
}

export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
