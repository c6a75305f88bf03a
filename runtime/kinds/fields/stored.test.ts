/**
 * The common shape of stored kinds (storedKind): defaults it fills in, OpenAPI flags, ownFilter.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { column } from '../columns.ts';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeSerializeContext, fakeStageContext, fieldOf } from '../../testing/kinds.ts';
import { flags, ownFilter, storedKind } from './stored.ts';

const plain = storedKind({
  name: 'plain',
  optionsType: 'string',
  column: (field) => column('text', field.column!, null, []),
  validator: () => z.string(),
  schema: () => ({ type: 'string' }),
  requestExtra: () => ({ minLength: 2 }),
});
const res = fakeResource('x.things', [{ name: 'name', kind: 'string', readOnly: true, nullable: true }, { name: 'secret', kind: 'string', writeOnly: true }]);
const catalog = fakeCatalog([res]);

describe('storedKind', () => {
  it('fills in an orderable column named after the field, stored and read back as it is', () => {
    expect(plain.orderable).toBe(true);
    expect(plain.defaultColumn('thing')).toBe('thing');
    const field = fieldOf(res, 'name');
    expect(Object.keys(plain.validators!(field, catalog))).toEqual(['name']);
    const item = new FakeItem();
    plain.stage!(field, 'name', 'v', item, fakeStageContext(catalog));
    expect(item.columns).toEqual({ name: 'v' });
    expect(plain.select(field, res, 't', fakeSelectContext(catalog))).toBe('t."name"');
    expect(plain.serialize(field, res, {}, fakeSerializeContext(catalog))).toBeNull();
  });

  it('adds flags to responses and the request-only extra to requests', () => {
    const api = fakeOpenApiContext(catalog);
    expect(plain.response(fieldOf(res, 'name'), api)).toEqual({ type: 'string', readOnly: true, nullable: true });
    expect(plain.request!(fieldOf(res, 'name'), api)).toEqual({ type: 'string', minLength: 2, nullable: true });
    expect(flags(fieldOf(res, 'secret'))).toEqual({ writeOnly: true });
    expect(flags(fieldOf(res, 'secret'), true)).toEqual({ writeOnly: true });
  });

  it('ownFilter names a filter after the field', () => {
    expect(ownFilter(fieldOf(res, 'name'), 'char', { lookups: ['n'] })).toEqual({ name: 'name', kind: 'char', lookups: ['n'] });
  });
});
