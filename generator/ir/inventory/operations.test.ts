/**
 * @module
 * The operations of each route set, and extra operations placed before the detail routes.
 */
import { describe, expect, it } from 'vitest';
import type { ResourceIR } from '../types.ts';
import { resourceOperations } from './operations.ts';

const resource = (routes: ResourceIR['routes'], operations: ResourceIR['operations'] = []) => ({ app: 'users', path: 'tokens', routes, operations }) as ResourceIR;
const summary = (r: ResourceIR) => resourceOperations(r).map((o) => `${o.method} ${o.path} ${o.operation}${o.extra ? ` ${o.extra.handler}` : ''}${o.auth ? '' : ' (no auth)'}`);

describe('resourceOperations', () => {
  it('gives a full route set nine operations, collection first', () => {
    expect(summary(resource('full'))).toEqual([
      'GET /api/users/tokens/ list',
      'POST /api/users/tokens/ create',
      'PUT /api/users/tokens/ bulk_update',
      'PATCH /api/users/tokens/ bulk_partial_update',
      'DELETE /api/users/tokens/ bulk_destroy',
      'GET /api/users/tokens/{id}/ retrieve',
      'PUT /api/users/tokens/{id}/ update',
      'PATCH /api/users/tokens/{id}/ partial_update',
      'DELETE /api/users/tokens/{id}/ destroy',
    ]);
  });

  it('restricts read-only, no-bulk and no-create route sets', () => {
    expect(resourceOperations(resource('read-only')).map((o) => o.operation)).toEqual(['list', 'retrieve']);
    expect(resourceOperations(resource('no-bulk')).map((o) => o.operation)).toEqual(['list', 'create', 'retrieve', 'update', 'partial_update', 'destroy']);
    expect(resourceOperations(resource('no-create')).map((o) => o.operation)).not.toContain('create');
    expect(resourceOperations(resource('list-only')).map((o) => o.operation)).toEqual(['list']);
    expect(resourceOperations(resource('none'))).toEqual([]);
    expect(resourceOperations(resource('no-create'))).toHaveLength(8);
  });

  it('places extra operations between the collection and the detail routes', () => {
    const ops = summary(resource('read-only', [{ handler: 'provision-token', method: 'POST', path: 'provision/', auth: false }]));
    expect(ops).toEqual(['GET /api/users/tokens/ list', 'POST /api/users/tokens/provision/ extra provision-token (no auth)', 'GET /api/users/tokens/{id}/ retrieve']);
  });

  it('carries the declared operation on extra operations and nothing on standard ones', () => {
    const declared = { handler: 'available-ips', method: 'GET', path: '{id}/available-ips/', response: 'AvailableIP', many: true } as const;
    const ops = resourceOperations(resource('read-only', [declared]));
    expect(ops.find((o) => o.operation === 'extra')).toEqual({ operation: 'extra', method: 'GET', path: '/api/users/tokens/{id}/available-ips/', extra: declared, auth: true });
    expect(ops.filter((o) => o.operation !== 'extra').map((o) => o.extra)).toEqual([null, null]);
  });
});
