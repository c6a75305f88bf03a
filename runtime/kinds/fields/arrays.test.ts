/**
 * PostgreSQL arrays: lists of strings, of integers, of IP networks (DRF's ListField errors under
 * the item's index) and integer ranges — columns with their defaults, validation, serialisation.
 */
import { describe, expect, it } from 'vitest';
import { fakeCatalog, fakeOpenApiContext, fakeResource, fakeSerializeContext, fieldOf, parse } from '../../testing/kinds.ts';
import { integerList, integerRanges, ipNetworkList, stringList } from './arrays.ts';

const res = fakeResource('users.tokens', [
  { name: 'actions', kind: 'string_list' },
  { name: 'object_types', kind: 'string_list', nullable: true },
  { name: 'vids', kind: 'integer_list', minValue: 1, maxValue: 4094 },
  { name: 'positions', kind: 'integer_list', nullable: true },
  { name: 'allowed_ips', kind: 'ip_network_list', nullable: true },
  { name: 'vid_ranges', kind: 'integer_ranges', minValue: 1, maxValue: 4094 },
]);
const catalog = fakeCatalog([res]);
const api = fakeOpenApiContext(catalog);
const validate = (kind: typeof stringList, name: string, value: unknown) => parse(kind.validators!(fieldOf(res, name), catalog)[name], value);
const ctx = fakeSerializeContext(catalog);

describe('columns', () => {
  it("are arrays NOT NULL DEFAULT '{}' unless nullable; ranges are jsonb", () => {
    expect(stringList.column(fieldOf(res, 'actions'), catalog)).toEqual({ builder: 'text', name: 'actions', args: null, modifiers: [{ kind: 'array' }, { kind: 'notNull' }, { kind: 'default', sql: `'{}'` }], sqlType: 'text[]' });
    expect(stringList.column(fieldOf(res, 'object_types'), catalog)).toEqual({ builder: 'text', name: 'object_types', args: null, modifiers: [{ kind: 'array' }], sqlType: 'text[]' });
    expect(integerList.column(fieldOf(res, 'vids'), catalog)).toMatchObject({ builder: 'integer', sqlType: 'integer[]' });
    expect(ipNetworkList.column(fieldOf(res, 'allowed_ips'), catalog)).toMatchObject({ builder: 'text', sqlType: 'text[]' });
    expect(integerRanges.column(fieldOf(res, 'vid_ranges'), catalog)).toEqual({ builder: 'jsonb', name: 'vid_ranges', args: null, modifiers: [{ kind: 'notNull' }, { kind: 'default', sql: `'[]'::jsonb` }], sqlType: 'jsonb' });
    for (const kind of [stringList, integerList, ipNetworkList, integerRanges]) expect(kind.orderable, kind.name).toBe(false);
  });
});

describe('string_list', () => {
  it('takes a list of strings', () => {
    expect(validate(stringList, 'actions', ['view', 'add'])).toEqual({ value: ['view', 'add'] });
    expect(validate(stringList, 'actions', [])).toEqual({ value: [] });
    expect(validate(stringList, 'object_types', null)).toEqual({ value: null });
    expect(validate(stringList, 'actions', 'view')).toEqual({ errors: ['Expected a list of items but got type "str".'] });
    expect(validate(stringList, 'actions', { a: 1 })).toEqual({ errors: ['Expected a list of items but got type "dict".'] });
    // Each item is a DRF CharField: numbers become their text, booleans are refused, whitespace is trimmed.
    expect(validate(stringList, 'actions', ['view', 1, ' change '])).toEqual({ value: ['view', '1', 'change'] });
    expect(validate(stringList, 'actions', ['view', true])).toEqual({ errors: [['1', 'Not a valid string.']] });
    expect(validate(stringList, 'actions', ['vi\u0000ew'])).toEqual({ errors: [['0', 'Null characters are not allowed.']] });
    const bounded = stringList.validators!({ ...fieldOf(res, 'actions'), maxLength: 4 }, catalog).actions;
    expect(parse(bounded, ['view', 'change'])).toEqual({ errors: [['1', 'Ensure this field has no more than 4 characters.']] });
    expect(stringList.serialize(fieldOf(res, 'object_types'), res, { object_types: null }, ctx)).toEqual([]);
    expect(stringList.response(fieldOf(res, 'actions'), api)).toEqual({ type: 'array', items: { type: 'string' } });
  });
});

describe('integer_list', () => {
  it('takes integers within bounds, reporting a bad item under its index', () => {
    expect(validate(integerList, 'vids', [1, '20', 4094])).toEqual({ value: [1, 20, 4094] });
    expect(validate(integerList, 'vids', [1, 'x', 5000])).toEqual({ errors: [['1', 'A valid integer is required.'], ['2', 'Ensure this value is less than or equal to 4094.']] });
    expect(validate(integerList, 'vids', null)).toEqual({ errors: ['This field may not be null.'] });
    expect(validate(integerList, 'vids', '1')).toEqual({ errors: ['Expected a list of items but got type "str".'] });
    expect(integerList.serialize(fieldOf(res, 'vids'), res, { vids: ['1', 2] }, ctx)).toEqual([1, 2]);
    expect(integerList.serialize(fieldOf(res, 'vids'), res, { vids: null }, ctx)).toEqual([]);
    // A nullable list shows its null, as NetBox's ArrayField(null=True) does.
    expect(integerList.serialize(fieldOf(res, 'positions'), res, { positions: null }, ctx)).toBeNull();
    expect(integerList.filters!(fieldOf(res, 'vids'), res, catalog)).toEqual([{ name: 'vids', kind: 'number' }]);
  });
});

describe('ip_network_list', () => {
  it("normalises networks as netaddr's IPNetwork and reports a bad entry under its index", () => {
    expect(validate(ipNetworkList, 'allowed_ips', ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'])).toEqual({ value: ['10.0.0.0/8', '192.0.2.7/32', '2001:db8::/32'] });
    expect(validate(ipNetworkList, 'allowed_ips', ['10.0.0.0/8', 'nope', 7])).toEqual({ errors: [['1', 'Invalid IP address format: nope'], ['2', 'Not a valid string.']] });
    expect(validate(ipNetworkList, 'allowed_ips', ['1.2.3.4\u0000'])).toEqual({ errors: [['0', 'Invalid IP address format: 1.2.3.4']] });
    expect(validate(ipNetworkList, 'allowed_ips', null)).toEqual({ value: null });
    expect(validate(ipNetworkList, 'allowed_ips', '10.0.0.0/8')).toEqual({ errors: ['Expected a list of items but got type "str".'] });
  });
});

describe('integer_ranges', () => {
  it("takes [[lower, upper], …] within bounds, with NetBox's messages", () => {
    expect(validate(integerRanges, 'vid_ranges', [[1, 100], [200, 299]])).toEqual({ value: [[1, 100], [200, 299]] });
    expect(validate(integerRanges, 'vid_ranges', [[5, 5]])).toEqual({ value: [[5, 5]] });
    expect(validate(integerRanges, 'vid_ranges', [[1, 2, 3]])).toEqual({ errors: ['Ranges must be specified in the form [[lower, upper], ...].'] });
    expect(validate(integerRanges, 'vid_ranges', [[1, 'x']])).toEqual({ errors: ['Ranges must be specified in the form [[lower, upper], ...].'] });
    // A reversed pair is the model's to refuse (VLANGroup.clean()).
    expect(validate(integerRanges, 'vid_ranges', [[10, 1]])).toEqual({ value: [[10, 1]] });
    expect(validate(integerRanges, 'vid_ranges', [[0, 10]])).toEqual({ errors: ['Ranges must be within 1-4094.'] });
    expect(validate(integerRanges, 'vid_ranges', [[1, 4095]])).toEqual({ errors: ['Ranges must be within 1-4094.'] });
    expect(validate(integerRanges, 'vid_ranges', 'x')).toEqual({ errors: ['Expected a list of items but got type "str".'] });
    expect(integerRanges.response(fieldOf(res, 'vid_ranges'), api)).toEqual({ type: 'array', items: { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 2 } });
    expect(integerRanges.serialize(fieldOf(res, 'vid_ranges'), res, { vid_ranges: null }, ctx)).toEqual([]);
  });
});
