/**
 * `object_list`: lists of `{object_type, object_id}` of several types (a cable's terminations),
 * validated per item, kept aside for the model's rules, read through a named expression.
 */
import { describe, expect, it } from 'vitest';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeSerializeContext, fakeStageContext, fieldOf, parse } from '../../testing/kinds.ts';
import { objectList } from './objects.ts';

const iface = fakeResource('dcim.interfaces', [{ name: 'name', kind: 'string' }]);
const port = fakeResource('dcim.front-ports', [{ name: 'name', kind: 'string' }]);
const cable = fakeResource('dcim.cables', [
  { name: 'a_terminations', kind: 'object_list', expression: 'cable_a', generic: { typeField: '', idField: '', targets: ['dcim.interfaces', 'dcim.front-ports'] } },
  { name: 'link_peers', kind: 'object_list', expression: 'peers', bare: true },
  { name: 'endpoints', kind: 'object_list', expression: 'ends', bare: true, nullable: true },
]);
const catalog = fakeCatalog([iface, port, cable]);
const terminations = fieldOf(cable, 'a_terminations');
const peers = fieldOf(cable, 'link_peers');
const validate = (value: unknown) => parse(objectList.validators!(terminations, catalog).a_terminations, value);

describe('object_list', () => {
  it('is written only when it has targets', () => {
    expect(Object.keys(objectList.validators!(terminations, catalog))).toEqual(['a_terminations']);
    expect(objectList.validators!(peers, catalog)).toEqual({});
    expect(objectList.column(terminations, catalog)).toBeNull();
  });

  it('takes a list of {object_type, object_id} among the targets, reporting each bad item under its index', () => {
    expect(validate([{ object_type: 'dcim.interface', object_id: 7 }, { object_type: 'dcim.frontport', object_id: '8' }])).toEqual({
      value: [{ object_type: 'dcim.interface', object_id: 7 }, { object_type: 'dcim.frontport', object_id: 8 }],
    });
    expect(validate([7, { object_type: 'dcim.site', object_id: 1 }, { object_type: 'dcim.interface', object_id: 0 }, { object_type: 'dcim.interface' }])).toEqual({
      errors: [
        ['0', 'Invalid data. Expected a dictionary.'],
        ['1', 'object_type: Invalid content type: dcim.site'],
        ['2', 'object_id: Ensure this value is greater than or equal to 1.'],
        ['3', 'object_id: A valid integer is required.'],
      ],
    });
    expect(validate(null)).toEqual({ errors: ['Expected a list of items but got type "NoneType".'] });
    expect(validate('x')).toEqual({ errors: ['Expected a list of items but got type "str".'] });
  });

  it("keeps the written list for the model's rules and selects the named expression", () => {
    const item = new FakeItem();
    const value = [{ object_type: 'dcim.interface', object_id: 7 }];
    objectList.stage!(terminations, 'a_terminations', value, item, fakeStageContext(catalog));
    expect(item.extras.get('a_terminations')).toBe(value);
    expect(item.columns).toEqual({});
    expect(objectList.select(terminations, cable, 't', fakeSelectContext(catalog))).toBe('EXPR(cable_a, t)');
  });

  it('shows {object_type, object_id, object}, or the objects alone when bare', () => {
    const ctx = fakeSerializeContext(catalog, [iface, port]);
    const rows = [{ object_type: 'dcim.interface', object_id: '7', object: { id: 7, name: 'eth0' } }, { object_type: 'dcim.gone', object_id: 9, object: { id: 9 } }];
    expect(objectList.serialize(terminations, cable, { a_terminations: rows }, ctx)).toEqual([
      { object_type: 'dcim.interface', object_id: 7, object: { nested: 'dcim.interfaces', id: 7, name: 'eth0' } },
      { object_type: 'dcim.gone', object_id: 9, object: null },
    ]);
    expect(objectList.serialize(peers, cable, { link_peers: rows.slice(0, 1) }, ctx)).toEqual([{ nested: 'dcim.interfaces', id: 7, name: 'eth0' }]);
    expect(objectList.serialize(peers, cable, { link_peers: null }, ctx)).toEqual([]);
    // A nullable list keeps null (NetBox's connected_endpoints without a path).
    expect(objectList.serialize(fieldOf(cable, 'endpoints'), cable, { endpoints: null }, ctx)).toBeNull();
    expect(objectList.serialize(fieldOf(cable, 'endpoints'), cable, { endpoints: rows.slice(0, 1) }, ctx)).toEqual([{ nested: 'dcim.interfaces', id: 7, name: 'eth0' }]);
    const api = fakeOpenApiContext(catalog);
    expect(objectList.response(peers, api)).toEqual({ type: 'array', items: { type: 'object', additionalProperties: {} }, readOnly: true });
    expect(objectList.response(fieldOf(cable, 'endpoints'), api)).toMatchObject({ type: 'array', nullable: true });
    expect(objectList.request!(terminations, api)).toMatchObject({ items: { required: ['object_type', 'object_id'], properties: { object_type: { enum: ['dcim.interface', 'dcim.frontport'] } } } });
  });
});
