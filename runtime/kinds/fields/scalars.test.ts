/**
 * Booleans, dates and times, JSON values and passwords: columns, DRF's validation, NetBox's time
 * format in SQL, staging (a password is stored hashed) and schemas.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakeItem, fakeCatalog, fakeOpenApiContext, fakeResource, fakeSelectContext, fakeStageContext, fieldOf, parse } from '../../testing/kinds.ts';
import { boolean, date, datetime, isoTimestamp, json, password } from './scalars.ts';

const user = fakeResource('users.users', [
  { name: 'is_active', kind: 'boolean', default: true },
  { name: 'is_staff', kind: 'boolean', nullable: true },
  { name: 'expires', kind: 'datetime', nullable: true },
  { name: 'born', kind: 'date', nullable: true },
  { name: 'data', kind: 'json', nullable: true },
  { name: 'password', kind: 'password', required: true, maxLength: 128 },
]);
const catalog = fakeCatalog([user]);
const api = fakeOpenApiContext(catalog);
const validate = (kind: typeof boolean, name: string, value: unknown) => parse(kind.validators!(fieldOf(user, name), catalog)[name], value);
const DATETIME_FORMAT = 'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].';
const DATE_FORMAT = 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.';

describe('boolean', () => {
  it('is a boolean column and takes the spellings of true and false', () => {
    expect(boolean.column(fieldOf(user, 'is_active'), catalog)).toEqual({ builder: 'boolean', name: 'is_active', args: null, modifiers: [{ kind: 'notNull' }], sqlType: 'boolean' });
    for (const yes of [true, 'true', 'True', 'TRUE', '1', 1, 'yes', 'on']) expect(validate(boolean, 'is_active', yes), String(yes)).toEqual({ value: true });
    for (const no of [false, 'false', 'False', 'FALSE', '0', 0, 'no', 'off']) expect(validate(boolean, 'is_active', no), String(no)).toEqual({ value: false });
    for (const bad of ['maybe', 2, '', [], {}]) expect(validate(boolean, 'is_active', bad), JSON.stringify(bad)).toEqual({ errors: ['Must be a valid boolean.'] });
    expect(validate(boolean, 'is_staff', null)).toEqual({ value: null });
    expect(validate(boolean, 'is_active', null)).toEqual({ errors: ['This field may not be null.'] });
    expect(boolean.filters!(fieldOf(user, 'is_active'), user, catalog)).toEqual([{ name: 'is_active', kind: 'boolean' }]);
    expect(boolean.response(fieldOf(user, 'is_staff'), api)).toEqual({ type: 'boolean', nullable: true });
  });

  it("takes every spelling DRF's BooleanField takes", () => {
    for (const yes of ['t', 'y', 'Y', 'Yes', 'ON']) expect(validate(boolean, 'is_active', yes), yes).toEqual({ value: true });
    for (const no of ['f', 'n', 'N', 'No', 'OFF']) expect(validate(boolean, 'is_active', no), no).toEqual({ value: false });
  });
});

describe('datetime', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  it('is a timestamptz(6) column selected in NetBox\'s format', () => {
    expect(datetime.column(fieldOf(user, 'expires'), catalog)).toEqual({ builder: 'timestamp', name: 'expires', args: { precision: 6, withTimezone: true }, modifiers: [], sqlType: 'timestamptz' });
    expect(datetime.select(fieldOf(user, 'expires'), user, 't', fakeSelectContext(catalog))).toBe(isoTimestamp('t."expires"'));
    expect(isoTimestamp('x')).toBe(`to_char(x AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
    expect(datetime.response(fieldOf(user, 'expires'), api)).toEqual({ type: 'string', format: 'date-time', nullable: true });
    expect(datetime.filters!(fieldOf(user, 'expires'), user, catalog)).toEqual([{ name: 'expires', kind: 'datetime' }]);
  });

  it('takes ISO 8601 forms and stores them in UTC', () => {
    expect(validate(datetime, 'expires', '2026-05-01T17:42:11Z')).toEqual({ value: '2026-05-01T17:42:11.000000Z' });
    expect(validate(datetime, 'expires', '2026-05-01T19:42:11+02:00')).toEqual({ value: '2026-05-01T17:42:11.000000Z' });
    expect(validate(datetime, 'expires', '2026-05-01')).toEqual({ value: '2026-05-01T00:00:00.000000Z' });
    expect(validate(datetime, 'expires', null)).toEqual({ value: null });
  });

  it('refuses other forms with DRF\'s message', () => {
    for (const bad of ['tomorrow', '01/05/2026', '2026-05-01T25:00', '', 1714585331, '2026-13-01']) expect(validate(datetime, 'expires', bad), JSON.stringify(bad)).toEqual({ errors: [DATETIME_FORMAT] });
  });

  it('refuses days that do not exist', () => {
    expect(validate(datetime, 'expires', '2026-02-30T10:00:00Z')).toEqual({ errors: [DATETIME_FORMAT] });
  });

  it('keeps microseconds', () => {
    expect(validate(datetime, 'expires', '2026-05-01T17:42:11.123456Z')).toEqual({ value: '2026-05-01T17:42:11.123456Z' });
  });

  it('reads a time without offset as UTC whatever the process time zone', () => {
    process.env.TZ = 'America/New_York';
    expect(validate(datetime, 'expires', '2026-05-01T17:42:11')).toEqual({ value: '2026-05-01T17:42:11.000000Z' });
  });
});

describe('date', () => {
  it('is a date column selected as YYYY-MM-DD', () => {
    expect(date.column(fieldOf(user, 'born'), catalog)).toEqual({ builder: 'date', name: 'born', args: null, modifiers: [], sqlType: 'date' });
    expect(date.select(fieldOf(user, 'born'), user, 't', fakeSelectContext(catalog))).toBe(`to_char(t."born", 'YYYY-MM-DD')`);
    expect(validate(date, 'born', '2024-02-29')).toEqual({ value: '2024-02-29' });
    for (const bad of ['2024-2-1', '2024-02-29T10:00', 'today', 20240101]) expect(validate(date, 'born', bad), String(bad)).toEqual({ errors: [DATE_FORMAT] });
    expect(date.response(fieldOf(user, 'born'), api)).toEqual({ type: 'string', format: 'date', nullable: true });
  });

  it('refuses days that do not exist', () => {
    expect(validate(date, 'born', '2023-02-29')).toEqual({ errors: [DATE_FORMAT] });
    expect(validate(date, 'born', '2024-04-31')).toEqual({ errors: [DATE_FORMAT] });
  });
});

describe('json', () => {
  it('is a jsonb column that takes any JSON value without NUL characters', () => {
    expect(json.column(fieldOf(user, 'data'), catalog)).toEqual({ builder: 'jsonb', name: 'data', args: null, modifiers: [], sqlType: 'jsonb' });
    expect(json.orderable).toBe(false);
    expect(validate(json, 'data', { a: [1, { b: 'c' }] })).toEqual({ value: { a: [1, { b: 'c' }] } });
    expect(validate(json, 'data', null)).toEqual({ value: null });
    expect(validate(json, 'data', { a: ['x\u0000'] })).toEqual({ errors: ['Null characters are not allowed.'] });
    expect(validate(json, 'data', { 'k\u0000': 1 })).toEqual({ errors: ['Null characters are not allowed.'] });
    expect(json.response(fieldOf(user, 'data'), api)).toEqual({ nullable: true });
  });
});

describe('password', () => {
  it('is validated as a string, never orderable, and stored hashed', async () => {
    const field = fieldOf(user, 'password');
    expect(field.writeOnly).toBe(true);
    expect(field.orderable).toBe(false);
    expect(password.column(field, catalog)).toEqual({ builder: 'varchar', name: 'password', args: { length: 128 }, modifiers: [{ kind: 'notNull' }], sqlType: 'varchar' });
    expect(validate(password, 'password', '')).toEqual({ errors: ['This field may not be blank.'] });
    expect(validate(password, 'password', 'x'.repeat(129))).toEqual({ errors: ['Ensure this field has no more than 128 characters.'] });
    const item = new FakeItem();
    await password.stage!(field, 'password', 's3cret', item, fakeStageContext(catalog));
    expect(item.columns).toEqual({ password: 'hashed:s3cret' });
    expect(password.response(field, api)).toEqual({ type: 'string', writeOnly: true });
  });
});
