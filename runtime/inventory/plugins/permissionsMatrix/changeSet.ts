/**
 * @module
 * The body of plan/ and apply/: `changes` (cells to grant or revoke) and `edits` (fields of a
 * principal's permission). Read in two steps: `readChangeSet` checks the shape without the
 * database (and says which principals and permissions to load), `resolveChangeSet` checks what the
 * entries name against the loaded state. Every error is a 400 naming the position of the bad
 * entry, in DRF's shape: `{"changes": {"3": {"action": ["…"]}}}`. Changes are normalised: exact
 * duplicates dropped, the last entry for a cell wins, sorted by principal, type and action.
 */
import { badRequest, expectedDictionary, type FieldErrors } from '../../../rest/index.ts';
import { ACTION_NAME, type ActionCatalog } from './actions.ts';
import { assignees, visible, type MatrixState, type PrincipalRef } from './model.ts';

export interface Change {
  principal: PrincipalRef;
  object_type: string;
  action: string;
  granted: boolean;
}

export interface Edit {
  principal: PrincipalRef;
  perm_id?: number;
  action?: string;
  name?: string;
  description?: string;
  enabled?: boolean;
  /** Present (possibly null) only when the edit sets constraints. */
  constraints?: unknown;
  add_actions?: string[];
  add_groups?: number[];
  add_users?: number[];
}

export interface ChangeSet {
  changes: Change[];
  edits: Edit[];
  /** Where each change stood in the body (its last entry), for error positions; its index in `changes` when absent. */
  positions?: Map<Change, number>;
}

/** What a change set names, to load before resolving it. */
export interface References {
  principals: PrincipalRef[];
  permissionIds: number[];
}

type Errors = Record<string, Record<string, FieldErrors>>;

const REQUIRED = 'This field is required.';
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0 && v <= 2147483647;
const listMessage = (v: unknown) => `Expected a list of items but got type "${isObject(v) ? 'dict' : typeof v === 'string' ? 'str' : typeof v}".`;

function principalError(v: unknown): string | null {
  if (!isObject(v)) return expectedDictionary(v);
  if (v.type !== 'group' && v.type !== 'user') return `"${String(v.type)}" is not a valid principal type (group or user).`;
  if (!isId(v.id)) return 'A principal id must be a positive integer.';
  return null;
}

/** Checks the shape of `{changes, edits}` (and `extra` keys the caller allows); throws 400 with every error found. */
export function readChangeSet(body: unknown, extra: readonly string[] = []): { set: ChangeSet; references: References } {
  if (!isObject(body)) throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  const top: FieldErrors = {};
  const unknown = Object.keys(body).filter((k) => !['changes', 'edits', ...extra].includes(k));
  if (unknown.length) top.non_field_errors = [`Unknown field(s): ${unknown.join(', ')}.`];
  const errors: Errors = { changes: {}, edits: {} };
  const changes: Change[] = [];
  const positions = new Map<Change, number>();
  const edits: Edit[] = [];
  for (const part of ['changes', 'edits'] as const) if (body[part] !== undefined && !Array.isArray(body[part])) top[part] = [listMessage(body[part])];
  (Array.isArray(body.changes) ? body.changes : []).forEach((entry: unknown, index: number) => {
    const e: FieldErrors = {};
    if (!isObject(entry)) return void (errors.changes[index] = { non_field_errors: [expectedDictionary(entry)] });
    for (const key of ['principal', 'object_type', 'action', 'granted']) if (!(key in entry)) e[key] = [REQUIRED];
    const principal = 'principal' in entry ? principalError(entry.principal) : null;
    if (principal) e.principal = [principal];
    if ('object_type' in entry && typeof entry.object_type !== 'string') e.object_type = ['Not a valid string.'];
    if ('action' in entry && (typeof entry.action !== 'string' || !ACTION_NAME.test(entry.action))) e.action = [`"${String(entry.action)}" is not a valid action name.`];
    if ('granted' in entry && typeof entry.granted !== 'boolean') e.granted = ['Must be a valid boolean.'];
    const unknownKeys = Object.keys(entry).filter((k) => !['principal', 'object_type', 'action', 'granted', 'name'].includes(k));
    if (unknownKeys.length) e.non_field_errors = [`Unknown field(s): ${unknownKeys.join(', ')}.`];
    if (Object.keys(e).length) return void (errors.changes[index] = e);
    const p = entry.principal as Record<string, unknown>;
    const change: Change = { principal: { type: p.type as PrincipalRef['type'], id: p.id as number }, object_type: entry.object_type as string, action: entry.action as string, granted: entry.granted as boolean };
    changes.push(change);
    positions.set(change, index);
  });
  (Array.isArray(body.edits) ? body.edits : []).forEach((entry: unknown, index: number) => {
    const e: FieldErrors = {};
    if (!isObject(entry)) return void (errors.edits[index] = { non_field_errors: [expectedDictionary(entry)] });
    if (!('principal' in entry)) e.principal = [REQUIRED];
    else {
      const principal = principalError(entry.principal);
      if (principal) e.principal = [principal];
    }
    const hasId = entry.perm_id !== undefined && entry.perm_id !== null;
    const hasAction = entry.action !== undefined && entry.action !== null;
    if (hasId === hasAction) e.non_field_errors = [hasId ? 'Give exactly one of perm_id and action, not both.' : 'Give exactly one of perm_id and action.'];
    if (hasId && !isId(entry.perm_id)) e.perm_id = ['A valid integer is required.'];
    if (hasAction && (typeof entry.action !== 'string' || !ACTION_NAME.test(entry.action))) e.action = [`"${String(entry.action)}" is not a valid action name.`];
    if (entry.name !== undefined && (typeof entry.name !== 'string' || !entry.name.trim() || entry.name.length > 100)) e.name = [typeof entry.name === 'string' && entry.name.length > 100 ? 'Ensure this field has no more than 100 characters.' : 'This field may not be blank.'];
    if (entry.description !== undefined && (typeof entry.description !== 'string' || entry.description.length > 200)) e.description = ['Ensure this field is a string of no more than 200 characters.'];
    if (entry.enabled !== undefined && typeof entry.enabled !== 'boolean') e.enabled = ['Must be a valid boolean.'];
    if ('constraints' in entry && entry.constraints !== null && !isObject(entry.constraints) && !(Array.isArray(entry.constraints) && entry.constraints.every(isObject))) {
      e.constraints = ['Constraints must be a dictionary of lookups or a list of them.'];
    }
    if (entry.add_actions !== undefined) {
      if (!Array.isArray(entry.add_actions)) e.add_actions = [listMessage(entry.add_actions)];
      else {
        const bad = entry.add_actions.find((a) => typeof a !== 'string' || !ACTION_NAME.test(a));
        if (bad !== undefined) e.add_actions = [`"${String(bad)}" is not a valid action name.`];
      }
    }
    for (const key of ['add_groups', 'add_users'] as const) {
      if (entry[key] === undefined) continue;
      const list = entry[key];
      if (!Array.isArray(list)) e[key] = [listMessage(list)];
      else if (!list.every(isId)) e[key] = ['A valid integer is required.'];
    }
    const unknownKeys = Object.keys(entry).filter((k) => !['principal', 'perm_id', 'action', 'name', 'description', 'enabled', 'constraints', 'add_actions', 'add_groups', 'add_users'].includes(k));
    if (unknownKeys.length) e.non_field_errors = [...(e.non_field_errors as string[] | undefined ?? []), `Unknown field(s): ${unknownKeys.join(', ')}.`];
    if (Object.keys(e).length) return void (errors.edits[index] = e);
    const p = entry.principal as Record<string, unknown>;
    const edit: Edit = { principal: { type: p.type as PrincipalRef['type'], id: p.id as number } };
    if (hasId) edit.perm_id = entry.perm_id as number;
    if (hasAction) edit.action = entry.action as string;
    for (const key of ['name', 'description', 'enabled'] as const) if (entry[key] !== undefined) (edit as unknown as Record<string, unknown>)[key] = entry[key];
    if ('constraints' in entry) edit.constraints = entry.constraints ?? null;
    if (entry.add_actions !== undefined) edit.add_actions = [...new Set(entry.add_actions as string[])];
    if (entry.add_groups !== undefined) edit.add_groups = [...new Set(entry.add_groups as number[])].sort((a, b) => a - b);
    if (entry.add_users !== undefined) edit.add_users = [...new Set(entry.add_users as number[])].sort((a, b) => a - b);
    edits.push(edit);
  });
  throwIfAny(top, errors);
  return { set: { changes: normalise(changes), edits, positions }, references: referencesOf(changes, edits) };
}

function throwIfAny(top: FieldErrors, errors: Errors): void {
  const body: FieldErrors = { ...top };
  for (const part of ['changes', 'edits'] as const) if (Object.keys(errors[part]).length && !body[part]) body[part] = errors[part] as unknown as Record<string, string[]>;
  if (Object.keys(body).length) throw badRequest(body);
}

/** Drops exact duplicates, keeps the last entry for each cell, and sorts: the order of the entries does not matter. */
export function normalise(changes: Change[]): Change[] {
  const byCell = new Map<string, Change>();
  for (const c of changes) {
    const key = `${c.principal.type}:${c.principal.id}|${c.object_type}|${c.action}`;
    byCell.delete(key);
    byCell.set(key, c);
  }
  const rank = (c: Change) => [c.principal.type === 'group' ? 0 : 1, c.principal.id] as const;
  return [...byCell.values()].sort((a, b) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1] || cmp(a.object_type, b.object_type) || cmp(a.action, b.action));
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function referencesOf(changes: Change[], edits: Edit[]): References {
  const seen = new Map<string, PrincipalRef>();
  const add = (p: PrincipalRef) => seen.set(`${p.type}:${p.id}`, p);
  for (const c of changes) add(c.principal);
  for (const e of edits) {
    add(e.principal);
    for (const id of e.add_groups ?? []) add({ type: 'group', id });
    for (const id of e.add_users ?? []) add({ type: 'user', id });
  }
  return { principals: [...seen.values()], permissionIds: [...new Set(edits.flatMap((e) => (e.perm_id ? [e.perm_id] : [])))] };
}

/** Why a principal cannot be named: it does not exist, or the caller may not view it (the same to the caller). */
export const unknownPrincipal = (p: PrincipalRef) => `Invalid pk "${p.id}" - object does not exist.`;

/**
 * Checks what a read change set names against the state: principals the caller may view, object
 * types a permission may name, actions that apply to them, permissions that exist and are shared
 * with nobody the caller cannot view, groups and users to add. Throws 400 with every error.
 * `missing` collects principals that do not exist at all (apply answers 409 for those).
 */
export function resolveChangeSet(set: ChangeSet, state: MatrixState, catalog: ActionCatalog, objectTypes: ReadonlySet<string>, missing?: PrincipalRef[]): void {
  const errors: Errors = { changes: {}, edits: {} };
  const principalOk = (p: PrincipalRef) => {
    if (visible(state, p)) return true;
    if (missing && !(p.type === 'group' ? state.groups.has(p.id) : state.users.has(p.id))) missing.push(p);
    return false;
  };
  set.changes.forEach((c, index) => {
    const e: FieldErrors = {};
    if (!principalOk(c.principal)) e.principal = [unknownPrincipal(c.principal)];
    if (c.object_type.split('.').length !== 2) e.object_type = ["Invalid value. Specify a content type as '<app_label>.<model_name>'."];
    else if (!objectTypes.has(c.object_type)) e.object_type = [`Invalid content type: ${c.object_type}`];
    else if (!catalog.applies(c.action, c.object_type)) e.action = [`Action "${c.action}" does not apply to ${c.object_type}.`];
    if (Object.keys(e).length) errors.changes[set.positions?.get(c) ?? index] = e;
  });
  set.edits.forEach((edit, index) => {
    const e: FieldErrors = {};
    if (!principalOk(edit.principal)) e.principal = [unknownPrincipal(edit.principal)];
    if (edit.perm_id !== undefined) {
      const perm = state.visiblePermissions && !state.visiblePermissions.has(edit.perm_id) ? undefined : state.permissions.get(edit.perm_id);
      if (!perm) e.perm_id = [`Invalid pk "${edit.perm_id}" - object does not exist.`];
      else if (assignees(perm).some((a) => !visible(state, a))) e.perm_id = [`Permission ${edit.perm_id} is also assigned to groups or users you cannot view.`];
    }
    const badGroup = edit.add_groups?.find((id) => !principalOk({ type: 'group', id }));
    if (badGroup !== undefined) e.add_groups = [`Invalid pk "${badGroup}" - object does not exist.`];
    const badUser = edit.add_users?.find((id) => !principalOk({ type: 'user', id }));
    if (badUser !== undefined) e.add_users = [`Invalid pk "${badUser}" - object does not exist.`];
    if (Object.keys(e).length) errors.edits[index] = e;
  });
  throwIfAny({}, errors);
}
