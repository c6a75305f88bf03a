import { describe, expect, it } from 'vitest';
import type { TableOperation, TableParam } from '../../contract/toolTable.ts';
import { buildRequest, queryString } from './buildRequest.ts';

function param(name: string, where: TableParam['in'], type: TableParam['type'], extra: Partial<TableParam> = {}): TableParam {
  return { name, in: where, required: where === 'path', type, items: null, enum: null, default: null, description: '', ...extra };
}

function op(extra: Partial<TableOperation>): TableOperation {
  return { operationId: 'x', method: 'GET', path: '/x', tag: 'T - X', summary: '', deprecated: false, readOnly: true, params: [], body: null, action: 'get_x', source: 'a.yaml', ...extra };
}

const info = op({ path: '/device/{deviceId}/info', params: [param('deviceId', 'path', 'string'), param('count', 'query', 'integer'), param('state', 'query', 'string', { enum: ['up', 'down'] }), param('ids', 'query', 'array', { items: 'string' })] });
const doccount = op({
  method: 'POST',
  path: '/statistics/bfd/doccount',
  body: { contentType: 'application/json', required: true, shape: 'object', fields: [{ name: 'query', type: 'object', required: false, description: '' }, { name: 'size', type: 'integer', required: false, description: '' }] },
});
const siteList = op({
  method: 'PUT',
  path: '/template/policy/list/site/{id}',
  params: [param('id', 'path', 'string')],
  body: { contentType: 'application/json', required: true, shape: 'object', fields: [{ name: 'name', type: 'string', required: true, description: '' }, { name: 'entries', type: 'array', required: true, description: '' }] },
});
const arrayBody = op({ method: 'POST', path: '/bulk', body: { contentType: 'application/json', required: true, shape: 'array', fields: [] } });

describe('building the controller request from params', () => {
  it('routes path, query and body fields, encoding path values whole', () => {
    const r = buildRequest(info, 'get_x_info', { deviceId: '10.0.0.1/../admin?x', count: 5, state: 'up', ids: ['a', 'b'] });
    expect(r.path).toBe('/device/10.0.0.1%2F..%2Fadmin%3Fx/info');
    expect(r.query).toEqual({ count: '5', state: 'up', ids: ['a', 'b'] });
    expect(queryString(r.query)).toBe('?count=5&state=up&ids=a&ids=b');
    expect(r.body).toBeUndefined();
  });

  it('sends a statistics query at the top level of params as the body', () => {
    const query = { condition: 'AND', rules: [{ field: 'state', value: ['up'], operator: 'in' }] };
    expect(buildRequest(doccount, 'post_bfd_doccount', { query, size: 10 }).body).toEqual({ query, size: 10 });
    expect(buildRequest(doccount, 'post_bfd_doccount', { body: { query } }).body).toEqual({ query });
  });

  it('keeps path parameters out of the body', () => {
    const r = buildRequest(siteList, 'put_x', { id: 'abc', name: 'west', entries: [{ siteId: '1' }] });
    expect(r).toMatchObject({ path: '/template/policy/list/site/abc', body: { name: 'west', entries: [{ siteId: '1' }] } });
  });

  it('takes a non-object body from params.body', () => {
    expect(buildRequest(arrayBody, 'post_bulk', { body: [1, 2] }).body).toEqual([1, 2]);
    expect(() => buildRequest(arrayBody, 'post_bulk', {})).toThrow(/missing required parameter\(s\): body/);
  });

  it('names every missing parameter', () => {
    expect(() => buildRequest(info, 'get_x_info', {})).toThrow('Invalid params for get_x_info (GET /device/{deviceId}/info): missing required parameter(s): deviceId (path).');
    expect(() => buildRequest(siteList, 'put_x', { id: '1' })).toThrow(/missing required parameter\(s\): name \(body\), entries \(body\)/);
  });

  it('names every wrongly typed parameter', () => {
    const error = (() => {
      try {
        buildRequest(info, 'get_x_info', { deviceId: { a: 1 }, count: 'many', state: 'sideways', ids: [{}] });
      } catch (e) {
        return (e as Error).message;
      }
    })();
    expect(error).toMatch(/deviceId \(path\): expected string, got object/);
    expect(error).toMatch(/count \(query\): expected integer, got string "many"/);
    expect(error).toMatch(/state \(query\): must be one of "up", "down", got "sideways"/);
    expect(error).toMatch(/ids \(query\): expected string values, got object/);
    expect(() => buildRequest(siteList, 'put_x', { id: '1', name: 7, entries: 'x' })).toThrow(/name \(body\): expected string, got number; entries \(body\): expected array, got string/);
    expect(() => buildRequest(info, 'get_x_info', 'not-an-object')).toThrow(/"params" must be an object/);
  });

  it('rejects parameters an operation without a body does not take', () => {
    expect(() => buildRequest(info, 'get_x_info', { deviceId: '1', colour: 'red' })).toThrow(/unknown parameter\(s\) colour; this action takes deviceId, count, state, ids/);
    expect(() => buildRequest(op({}), 'get_x', { a: 1 })).toThrow(/this action takes no parameters/);
  });

  it('accepts numbers given as strings and drops nulls', () => {
    expect(buildRequest(info, 'get_x_info', { deviceId: 12, count: '3', state: null }).query).toEqual({ count: '3' });
  });
});
