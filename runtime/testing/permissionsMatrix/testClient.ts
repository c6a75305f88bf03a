/**
 * @module
 * Helpers for the matrix's end-to-end tests: users with tokens of their own, permissions and
 * groups made through the REST API, and the matrix's endpoints. Used by the matrix's end-to-end tests
 * (runtime/inventory/plugins/permissionsMatrix/*.e2e.test.ts) only.
 */
import { expect } from 'vitest';
import type { TestClient } from '../inventoryApp.ts';

export const BASE = '/api/plugins/permissions-matrix';

export type Headers = Record<string, string>;

export async function ok(api: TestClient, method: string, path: string, body?: unknown, headers?: Headers, status = method === 'POST' && !path.startsWith(BASE) ? 201 : 200): Promise<any> {
  const response = await api.request(method, path, body, headers);
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body).slice(0, 600)}`).toBe(status);
  return response.body;
}

/** A user with a token of their own (write-enabled unless said otherwise); returns its id and Authorization header. */
export async function userWithToken(api: TestClient, username: string, options: { groups?: number[]; writeEnabled?: boolean } = {}): Promise<{ id: number; as: Headers }> {
  const user = await ok(api, 'POST', '/api/users/users/', { username, password: `${username}-Password-1`, groups: options.groups ?? [] });
  const token = await ok(api, 'POST', '/api/users/tokens/provision/', { username, password: `${username}-Password-1`, write_enabled: options.writeEnabled ?? true }, { Authorization: '' });
  return { id: user.id, as: { Authorization: `Bearer nbt_${token.key}.${token.token}` } };
}

export async function group(api: TestClient, name: string): Promise<number> {
  return (await ok(api, 'POST', '/api/users/groups/', { name })).id;
}

export async function permission(api: TestClient, body: Record<string, unknown>): Promise<number> {
  return (await ok(api, 'POST', '/api/users/permissions/', { description: '', ...body })).id;
}

export const cell = (type: 'group' | 'user', id: number, objectType: string, action: string, granted = true) => ({ principal: { type, id }, object_type: objectType, action, granted });

/** Every permission, as `name [types] [actions] g<ids> u<ids>` lines sorted: a state to compare. */
export async function permissionLines(api: TestClient): Promise<string[]> {
  const all = (await ok(api, 'GET', '/api/users/permissions/?limit=0')).results as any[];
  return all
    .map((p) => `${p.name} [${[...p.object_types].sort().join(' ')}] [${p.actions.join(' ')}] ${p.groups.map((g: any) => `g:${g.name}`).join(',')} ${p.users.map((u: any) => `u:${u.username}`).join(',')}${p.enabled ? '' : ' disabled'}${p.constraints ? ` ${JSON.stringify(p.constraints)}` : ''}`)
    .sort();
}

export async function plan(api: TestClient, body: unknown, headers?: Headers): Promise<any> {
  return ok(api, 'POST', `${BASE}/plan/`, body, headers);
}

export async function planAndApply(api: TestClient, body: Record<string, unknown>, headers?: Headers): Promise<any> {
  const planned = await plan(api, body, headers);
  return ok(api, 'POST', `${BASE}/apply/`, { ...body, token: planned.token }, headers);
}
