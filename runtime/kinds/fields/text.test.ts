/**
 * Text kinds: `string`, `slug`, `email`, `color`, `text` and `timezone` — columns, DRF's CharField
 * validation (NUL characters, blank, length, patterns), schemas, filters, staging and selection.
 */
import { describe, expect, it } from 'vitest';
import { fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fieldOf, FakeItem, fakeStageContext, fakeSerializeContext, parse } from '../../testing/kinds.ts';
import { color, email, slug, string, text, timezone } from './text.ts';

const site = fakeResource('dcim.sites', [
  { name: 'name', kind: 'string', required: true, maxLength: 100 },
  { name: 'facility', kind: 'string', maxLength: 50, default: '' },
  { name: 'nickname', kind: 'string', nullable: true, maxLength: 20 },
  { name: 'slug', kind: 'slug', required: true, maxLength: 100 },
  { name: 'email', kind: 'email', maxLength: 254, default: '' },
  { name: 'color', kind: 'color', maxLength: 6, required: true },
  { name: 'comments', kind: 'text', default: '' },
  { name: 'time_zone', kind: 'timezone', nullable: true },
  { name: 'shown', kind: 'string', readOnly: true, nullable: true },
]);
const catalog = fakeCatalog([site]);
const api = fakeOpenApiContext(catalog);
const validate = (kind: typeof string, name: string, value: unknown) => parse(kind.validators!(fieldOf(site, name), catalog)[name], value);

describe('string', () => {
  it('is a varchar of its max_length, NOT NULL unless nullable', () => {
    expect(string.column(fieldOf(site, 'name'), catalog)).toEqual({ builder: 'varchar', name: 'name', args: { length: 100 }, modifiers: [{ kind: 'notNull' }], sqlType: 'varchar' });
    expect(string.column(fieldOf(site, 'nickname'), catalog)).toEqual({ builder: 'varchar', name: 'nickname', args: { length: 20 }, modifiers: [], sqlType: 'varchar' });
  });

  it('accepts text and numbers (as text), and null only when nullable', () => {
    expect(validate(string, 'name', 'DC 1')).toEqual({ value: 'DC 1' });
    expect(validate(string, 'name', 42)).toEqual({ value: '42' });
    expect(validate(string, 'nickname', null)).toEqual({ value: null });
    expect(validate(string, 'name', null)).toEqual({ errors: ['This field may not be null.'] });
  });

  it("refuses what DRF's CharField refuses, with its messages", () => {
    expect(validate(string, 'name', true)).toEqual({ errors: ['Not a valid string.'] });
    expect(validate(string, 'name', { a: 1 })).toEqual({ errors: ['Not a valid string.'] });
    expect(validate(string, 'name', ['a'])).toEqual({ errors: ['Not a valid string.'] });
    expect(validate(string, 'name', 'a\u0000b')).toEqual({ errors: ['Null characters are not allowed.'] });
    expect(validate(string, 'name', 'x'.repeat(101))).toEqual({ errors: ['Ensure this field has no more than 100 characters.'] });
    expect(validate(string, 'name', 'x'.repeat(100))).toEqual({ value: 'x'.repeat(100) });
  });

  it('refuses a blank value on a required field only', () => {
    expect(validate(string, 'name', '')).toEqual({ errors: ['This field may not be blank.'] });
    expect(validate(string, 'name', '   ')).toEqual({ errors: ['This field may not be blank.'] });
    expect(validate(string, 'facility', '')).toEqual({ value: '' });
  });

  it("trims surrounding whitespace as DRF's CharField does", () => {
    expect(validate(string, 'name', '  DC 1  ')).toEqual({ value: 'DC 1' });
    expect(validate(string, 'facility', '   ')).toEqual({ value: '' });
  });

  it('describes itself in OpenAPI: length, blank refused on required requests, flags', () => {
    expect(string.response(fieldOf(site, 'name'), api)).toEqual({ type: 'string', maxLength: 100 });
    expect(string.request!(fieldOf(site, 'name'), api)).toEqual({ type: 'string', maxLength: 100, minLength: 1 });
    expect(string.request!(fieldOf(site, 'facility'), api)).toEqual({ type: 'string', maxLength: 50 });
    expect(string.response(fieldOf(site, 'nickname'), api)).toEqual({ type: 'string', maxLength: 20, nullable: true });
    expect(string.response(fieldOf(site, 'shown'), api)).toEqual({ type: 'string', readOnly: true, nullable: true });
    expect(string.request!(fieldOf(site, 'shown'), api)).toEqual({ type: 'string', nullable: true });
  });

  it('derives the char filter, stages into its column, selects the column and serialises null as null', () => {
    expect(string.filters!(fieldOf(site, 'name'), site, catalog)).toEqual([{ name: 'name', kind: 'char' }]);
    const item = new FakeItem();
    string.stage!(fieldOf(site, 'name'), 'name', 'DC 1', item, fakeStageContext(catalog));
    expect(item.columns).toEqual({ name: 'DC 1' });
    expect(string.select(fieldOf(site, 'name'), site, 't', fakeSelectContext(catalog))).toBe('t."name"');
    const ctx = fakeSerializeContext(catalog);
    expect(string.serialize(fieldOf(site, 'nickname'), site, { nickname: null }, ctx)).toBeNull();
    expect(string.serialize(fieldOf(site, 'name'), site, { name: 'DC 1' }, ctx)).toBe('DC 1');
  });
});

describe('formatted strings', () => {
  it('slug: letters, digits, underscores and hyphens only', () => {
    expect(validate(slug, 'slug', 'dc-1_a')).toEqual({ value: 'dc-1_a' });
    expect(validate(slug, 'slug', 'dc 1')).toEqual({ errors: ['Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.'] });
    expect(validate(slug, 'slug', 'dé')).toEqual({ errors: ['Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.'] });
    expect(validate(slug, 'slug', '')).toEqual({ errors: ['This field may not be blank.'] });
    expect(slug.response(fieldOf(site, 'slug'), api)).toEqual({ type: 'string', pattern: '^[-a-zA-Z0-9_]+$', maxLength: 100 });
    expect(slug.optionsType).toBe('slug');
  });

  it('email: an address, or blank when not required', () => {
    expect(validate(email, 'email', 'noc@example.com')).toEqual({ value: 'noc@example.com' });
    expect(validate(email, 'email', 'noc@example')).toEqual({ errors: ['Enter a valid email address.'] });
    expect(validate(email, 'email', 'no c@example.com')).toEqual({ errors: ['Enter a valid email address.'] });
    expect(validate(email, 'email', '')).toEqual({ value: '' });
    expect(email.response(fieldOf(site, 'email'), api)).toMatchObject({ type: 'string', format: 'email' });
  });

  it("color: six lower-case hex digits (NetBox's ColorValidator)", () => {
    expect(validate(color, 'color', 'aa00ff')).toEqual({ value: 'aa00ff' });
    for (const bad of ['AA00FF', '#aa00ff', 'aa00f', 'aa00ffe', 'gggggg']) {
      expect(validate(color, 'color', bad), bad).toEqual({ errors: [expect.stringMatching(/^(Enter a valid hexadecimal RGB color code\.|Ensure this field has no more than 6 characters\.)$/)] });
    }
    expect(validate(color, 'color', 'AA00FF')).toEqual({ errors: ['Enter a valid hexadecimal RGB color code.'] });
  });
});

describe('text', () => {
  it('is an unbounded text column that is never filtered', () => {
    expect(text.column(fieldOf(site, 'comments'), catalog)).toEqual({ builder: 'text', name: 'comments', args: null, modifiers: [{ kind: 'notNull' }], sqlType: 'text' });
    expect(text.filters).toBeUndefined();
    expect(validate(text, 'comments', 'x'.repeat(100_000))).toEqual({ value: 'x'.repeat(100_000) });
    expect(validate(text, 'comments', 'a\u0000')).toEqual({ errors: ['Null characters are not allowed.'] });
  });
});

describe('timezone', () => {
  it('takes an IANA name, stores blank as null, refuses anything else', () => {
    expect(timezone.column(fieldOf(site, 'time_zone'), catalog)).toEqual({ builder: 'varchar', name: 'time_zone', args: { length: 63 }, modifiers: [], sqlType: 'varchar' });
    expect(validate(timezone, 'time_zone', 'Europe/Paris')).toEqual({ value: 'Europe/Paris' });
    expect(validate(timezone, 'time_zone', 'UTC')).toEqual({ value: 'UTC' });
    expect(validate(timezone, 'time_zone', '')).toEqual({ value: null });
    expect(validate(timezone, 'time_zone', null)).toEqual({ value: null });
    expect(validate(timezone, 'time_zone', 'Mars/Olympus')).toEqual({ errors: ['A valid timezone is required.'] });
    expect(validate(timezone, 'time_zone', 5)).toEqual({ errors: ['A valid timezone is required.'] });
    expect(timezone.filters!(fieldOf(site, 'time_zone'), site, catalog)).toEqual([{ name: 'time_zone', kind: 'char' }]);
  });
});
