/**
 * Unserved relations: always null or an empty list, no column, and a written reference refused as
 * NetBox refuses one that names nothing (none can exist here).
 */
import { describe, expect, it } from 'vitest';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSerializeContext, fakeStageContext, fieldOf, parse } from '../../testing/kinds.ts';
import { unserved } from './unserved.ts';

const iface = fakeResource('dcim.interfaces', [
  { name: 'wireless_link', kind: 'unserved', readOnly: true, nullable: true, targetModel: 'WirelessLink' },
  { name: 'wireless_lans', kind: 'unserved', many: true, targetModel: 'WirelessLAN' },
]);
const catalog = fakeCatalog([iface]);
const link = fieldOf(iface, 'wireless_link');
const lans = fieldOf(iface, 'wireless_lans');

function staged(value: unknown, field = lans): FakeItem {
  const item = new FakeItem(true);
  unserved.stage!(field, field.name, value, item, fakeStageContext(catalog));
  return item;
}

describe('unserved', () => {
  it('is stored nowhere and reads as null or an empty list', () => {
    expect(unserved.column(link, catalog)).toBeNull();
    expect(unserved.select(link, iface, 't', undefined as never)).toBeNull();
    expect(unserved.serialize(link, iface, {}, fakeSerializeContext(catalog))).toBeNull();
    expect(unserved.serialize(lans, iface, {}, fakeSerializeContext(catalog))).toEqual([]);
  });

  it('documents itself as not served yet, a list when many', () => {
    expect(unserved.response(lans, fakeOpenApiContext(catalog))).toMatchObject({ type: 'array', items: { description: 'WirelessLAN (not served by this server yet: always empty)' } });
    expect(unserved.response(link, fakeOpenApiContext(catalog))).toMatchObject({ type: 'object', nullable: true, readOnly: true });
  });

  it('takes an empty value and refuses any reference with NetBox\'s message', () => {
    expect(parse(unserved.validators!(lans, catalog).wireless_lans, [])).toEqual({ value: [] });
    expect(staged([]).errors).toEqual({});
    expect(staged([3, { ssid: 'x' }]).errors).toEqual({ wireless_lans: ['Invalid pk "3" - object does not exist.', 'Incorrect type. Expected pk value, received dict.'] });
    expect(staged(null, link).errors).toEqual({});
    expect(staged({ ssid: 'x' }, link).errors).toEqual({ wireless_link: ["Related object not found using the provided attributes: {'ssid': 'x'}"] });
    expect(staged(7, link).errors).toEqual({ wireless_link: ['Related object not found using the provided numeric ID: 7'] });
  });
});
