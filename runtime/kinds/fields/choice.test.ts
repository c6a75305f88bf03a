/**
 * Choices: a varchar(50) (or integer for numeric sets) column, NetBox's ChoiceField validation
 * (raw values, coerced strings, blank), `{value, label}` rendering and the multichoice filter.
 */
import { describe, expect, it } from 'vitest';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeSerializeContext, fakeStageContext, fieldOf, parse } from '../../testing/kinds.ts';
import { choice, choiceValueSchema } from './choice.ts';

const choiceSets = {
  SiteStatus: [['planned', 'Planned'], ['active', 'Active'], ['retired', 'Retired']] as [string, string][],
  Family: [[4, 'IPv4'], [6, 'IPv6']] as [number, string][],
};
const res = fakeResource('dcim.sites', [
  { name: 'status', kind: 'choice', choices: 'SiteStatus', default: 'active' },
  { name: 'family', kind: 'choice', choices: 'Family', readOnly: true },
  { name: 'phase', kind: 'choice', choices: 'SiteStatus', nullable: true },
  { name: 'stage', kind: 'choice', choices: 'SiteStatus', blank: true },
  { name: 'cable_end', kind: 'choice', choices: 'SiteStatus', labelled: false, nullable: true },
]);
const catalog = fakeCatalog([res], choiceSets);
const api = fakeOpenApiContext(catalog);
const validate = (name: string, value: unknown) => parse(choice.validators!(fieldOf(res, name), catalog)[name], value);

describe('choice', () => {
  it('is a varchar(50), or an integer column for a numeric set', () => {
    expect(choice.column(fieldOf(res, 'status'), catalog)).toEqual({ builder: 'varchar', name: 'status', args: { length: 50 }, modifiers: [{ kind: 'notNull' }], sqlType: 'varchar' });
    expect(choice.column(fieldOf(res, 'family'), catalog)).toEqual({ builder: 'integer', name: 'family', args: null, modifiers: [{ kind: 'notNull' }], sqlType: 'integer' });
  });

  it('takes a value of the set, coercing numeric strings', () => {
    expect(validate('status', 'active')).toEqual({ value: 'active' });
    expect(validate('family', '6')).toEqual({ value: 6 });
    expect(validate('family', 4)).toEqual({ value: 4 });
    expect(validate('phase', null)).toEqual({ value: null });
    expect(validate('status', null)).toEqual({ errors: ['This field may not be null.'] });
  });

  it('refuses a dictionary or a list with NetBox\'s message', () => {
    expect(validate('status', { value: 'active', label: 'Active' })).toEqual({ errors: ['Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.'] });
    expect(validate('status', ['active'])).toEqual({ errors: ['Value must be passed directly (e.g. "foo": 123); do not use a dictionary or list.'] });
  });

  it('accepts blank where the field allows it: stored as null when nullable, as "" otherwise', () => {
    expect(validate('phase', '')).toEqual({ value: null });
    expect(validate('stage', '')).toEqual({ value: '' });
  });

  it('refuses a value outside the set', () => {
    expect(validate('status', 'nope')).toMatchObject({ errors: [expect.stringMatching(/nope"? is not a valid choice\.$/)] });
    expect(validate('family', 5)).toMatchObject({ errors: [expect.stringMatching(/5"? is not a valid choice\.$/)] });
  });

  it("words its refusals as NetBox's ChoiceField does", () => {
    expect(validate('status', 'nope')).toEqual({ errors: ['nope is not a valid choice.'] });
    expect(validate('status', '')).toEqual({ errors: ['This field may not be blank.'] });
  });

  it("words a plain (labelled: false) field's refusals as DRF's own ChoiceField does: quoted, looked up by str()", () => {
    expect(validate('cable_end', 'nope')).toEqual({ errors: ['"nope" is not a valid choice.'] });
    expect(validate('cable_end', true)).toEqual({ errors: ['"True" is not a valid choice.'] });
    expect(validate('cable_end', { a: 1 })).toEqual({ errors: ['"{\'a\': 1}" is not a valid choice.'] });
    expect(validate('cable_end', 'active')).toEqual({ value: 'active' });
  });

  it('describes the set in OpenAPI: {value, label} in answers, the raw value in requests', () => {
    // The set's values are one shared component (the document emits it once); fields refer to it.
    expect(choiceValueSchema(fieldOf(res, 'family').choices!, catalog)).toEqual({ type: 'integer', enum: [4, 6], description: '* `4` - IPv4\n* `6` - IPv6' });
    const set = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    expect(choice.response(fieldOf(res, 'status'), api)).toEqual({ type: 'object', properties: { value: set(fieldOf(res, 'status').choices!), label: { type: 'string' } } });
    expect(choice.response(fieldOf(res, 'cable_end'), api)).toEqual({ allOf: [set(fieldOf(res, 'cable_end').choices!)], nullable: true });
    expect(choice.request!(fieldOf(res, 'family'), api)).toEqual(set(fieldOf(res, 'family').choices!));
    expect(choice.filters!(fieldOf(res, 'status'), res, catalog)).toEqual([{ name: 'status', kind: 'multichoice', choices: 'SiteStatus' }]);
  });

  it('stages the raw value, selects the column and renders {value, label}, or null for blank', () => {
    const item = new FakeItem();
    choice.stage!(fieldOf(res, 'status'), 'status', 'retired', item, fakeStageContext(catalog));
    expect(item.columns).toEqual({ status: 'retired' });
    expect(choice.select(fieldOf(res, 'status'), res, 't', fakeSelectContext(catalog))).toBe('t."status"');
    const ctx = fakeSerializeContext(catalog);
    expect(choice.serialize(fieldOf(res, 'status'), res, { status: 'active' }, ctx)).toEqual({ value: 'active', label: 'Active' });
    expect(choice.serialize(fieldOf(res, 'family'), res, { family: 6 }, ctx)).toEqual({ value: 6, label: 'IPv6' });
    expect(choice.serialize(fieldOf(res, 'stage'), res, { stage: '' }, ctx)).toBeNull();
    expect(choice.serialize(fieldOf(res, 'phase'), res, { phase: null }, ctx)).toBeNull();
    expect(choice.serialize(fieldOf(res, 'cable_end'), res, { cable_end: 'active' }, ctx)).toBe('active');
  });
});
