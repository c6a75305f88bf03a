/**
 * The SQL quoting helpers: their text, and that PostgreSQL reads every hostile value back exactly
 * (quotes, backslashes, `$$`, comments, newlines), with standard_conforming_strings on and off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type OpenedTestDatabase } from '../testing/database.ts';
import { sqlIdentifier, sqlLiteral, sqlString } from './sqlText.ts';

const HOSTILE = [
  '',
  'plain',
  "it's",
  "'; DROP TABLE users; --",
  "''",
  '\\',
  "\\'",
  "\\'; SELECT 1; --",
  'a\\nb',
  '$$',
  '$$; SELECT 1; $$',
  '$tag$ x $tag$',
  'line\nbreak\r\nand\ttab',
  '/* not a comment */ -- nor this',
  '"double" quotes',
  'ünïcødé ✓ 𝄞',
  'E\'x\'',
];

describe('sqlString', () => {
  it('doubles quotes in a standard string, and writes an escape string when there is a backslash', () => {
    expect(sqlString('plain')).toBe("'plain'");
    expect(sqlString("it's")).toBe("'it''s'");
    expect(sqlString('')).toBe("''");
    expect(sqlString('a\\b')).toBe("E'a\\\\b'");
    expect(sqlString("\\'")).toBe("E'\\\\'''");
    expect(sqlString('$$\n--')).toBe("'$$\n--'");
  });

  it('refuses NUL, which PostgreSQL text and statements cannot hold', () => {
    expect(() => sqlString('a\0b')).toThrow(RangeError);
  });
});

describe('sqlIdentifier', () => {
  it('double-quotes a name, doubling its double quotes and keeping its case', () => {
    expect(sqlIdentifier('dcim_device')).toBe('"dcim_device"');
    expect(sqlIdentifier('Mixed Case')).toBe('"Mixed Case"');
    expect(sqlIdentifier('a"; DROP TABLE t; --')).toBe('"a""; DROP TABLE t; --"');
  });

  it('refuses an empty name and NUL', () => {
    expect(() => sqlIdentifier('')).toThrow(RangeError);
    expect(() => sqlIdentifier('a\0')).toThrow(RangeError);
  });
});

describe('sqlLiteral', () => {
  it('writes finite numbers as they are and strings as sqlString', () => {
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(-1.5)).toBe('-1.5');
    expect(sqlLiteral("o'k")).toBe("'o''k'");
  });

  it('refuses numbers that are not finite (NaN would read as a column name)', () => {
    for (const n of [NaN, Infinity, -Infinity]) expect(() => sqlLiteral(n)).toThrow(RangeError);
  });
});

describe.each(testDatabases({ migrationsDir: null }))('read back by PostgreSQL on $name', (database) => {
  let opened: OpenedTestDatabase;
  beforeAll(async () => {
    opened = await database.open();
  });
  afterAll(() => opened?.drop());

  const roundTrip = async () => {
    for (const text of HOSTILE) {
      const [row] = await opened.db.query<{ v: string; n: number }>(`SELECT ${sqlString(text)}::text AS v, ${sqlLiteral(-7)} AS n`);
      expect(row).toEqual({ v: text, n: -7 });
    }
  };

  it('gives back every hostile string exactly, as one value', roundTrip);

  it('gives back every hostile name as a column name', async () => {
    for (const name of HOSTILE.filter(Boolean)) {
      const [row] = await opened.db.query(`SELECT ${sqlIdentifier(name)} FROM (SELECT 1 AS ${sqlIdentifier(name)}) t`);
      expect(Object.keys(row!)).toEqual([name]);
    }
  });

  it('gives back backslashes as they are with standard_conforming_strings off too', async () => {
    await opened.db.transaction(async (tx) => {
      await tx.query('SET LOCAL standard_conforming_strings = off');
      // The setting is in effect: a plain literal's backslash now escapes the quote after it.
      const [naive] = await tx.query<{ v: string }>(`SELECT '\\''::text AS v`);
      expect(naive!.v).toBe("'");
      for (const text of HOSTILE) {
        const [row] = await tx.query<{ v: string }>(`SELECT ${sqlString(text)}::text AS v`);
        expect(row!.v).toBe(text);
      }
    });
  });
});
