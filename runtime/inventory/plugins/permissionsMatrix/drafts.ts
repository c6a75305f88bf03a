/**
 * @module
 * The planner's working copies: a draft per permission the plan touches (an existing one, keyed
 * by its id, or one to create, keyed `tmp-<n>` until the plan numbers its creates), each with the
 * reasons that explain what happens to it. One draft per permission, so every change to one
 * permission ends in one operation.
 */
import type { Permission, PrincipalRef } from './model.ts';

export interface Draft {
  key: string;
  /** The permission as stored; null for one the plan creates. */
  original: Permission | null;
  /** What it will be (id 0 for one to create). */
  perm: Permission;
  reasons: string[];
  /** For creates: the name before it is made unique. */
  baseName: string;
}

export function copyOf(p: Permission): Permission {
  return { ...p, object_types: [...p.object_types], actions: [...p.actions], groups: [...p.groups], users: [...p.users] };
}

export class Drafts {
  private readonly drafts = new Map<string, Draft>();
  private created = 0;

  /** The draft of a stored permission (made on first use). */
  of(original: Permission): Draft {
    const key = String(original.id);
    let draft = this.drafts.get(key);
    if (!draft) this.drafts.set(key, (draft = { key, original, perm: copyOf(original), reasons: [], baseName: original.name }));
    return draft;
  }

  has(id: number): boolean {
    return this.drafts.has(String(id));
  }

  create(fields: Omit<Permission, 'id'>, reason: string): Draft {
    const key = `tmp-${++this.created}`;
    const draft: Draft = { key, original: null, perm: { id: 0, ...fields }, reasons: [reason], baseName: fields.name };
    this.drafts.set(key, draft);
    return draft;
  }

  discard(draft: Draft): void {
    this.drafts.delete(draft.key);
  }

  all(): Draft[] {
    return [...this.drafts.values()];
  }
}

/**
 * Appends `items` to `target` one by one: `target.push(...items)` passes every item as an
 * argument and overflows the stack past ~120,000 of them (the reasons of a large change set).
 */
export function append<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}

/** Adds `values` to a sorted list of ids, keeping it sorted and without repeats. */
export function withIds(list: number[], values: Iterable<number>): number[] {
  return [...new Set([...list, ...values])].sort((a, b) => a - b);
}

/** Takes `principals` off `perm`, in one pass over its assignments however many they are. */
export function withoutPrincipals(perm: Permission, principals: readonly PrincipalRef[]): void {
  const groups = new Set(principals.filter((p) => p.type === 'group').map((p) => p.id));
  const users = new Set(principals.filter((p) => p.type === 'user').map((p) => p.id));
  if (groups.size) perm.groups = perm.groups.filter((id) => !groups.has(id));
  if (users.size) perm.users = perm.users.filter((id) => !users.has(id));
}

export function alone(p: PrincipalRef): Pick<Permission, 'groups' | 'users'> {
  return p.type === 'group' ? { groups: [p.id], users: [] } : { groups: [], users: [p.id] };
}
