import { describe, expect, it } from 'vitest';
import { parseArrayLiteral, parseInt8, prepareParam } from './values.ts';

describe('parseArrayLiteral', () => {
  it('tells SQL NULL from the string "NULL" and unescapes quoted elements', () => {
    expect(parseArrayLiteral('{a,NULL,"NULL","x,\\"y\\\\z}",""}')).toEqual(['a', null, 'NULL', 'x,"y\\z}', '']);
  });

  it('parses nested arrays, empty arrays, explicit bounds and element types', () => {
    expect(parseArrayLiteral('{{1,NULL},{3,4}}', Number)).toEqual([[1, null], [3, 4]]);
    expect(parseArrayLiteral('{}')).toEqual([]);
    expect(parseArrayLiteral('[0:1]={7,8}', Number)).toEqual([7, 8]);
    expect(parseArrayLiteral('{(1,2),(0,0);(3,3),(2,2)}', undefined, ';')).toEqual(['(1,2),(0,0)', '(3,3),(2,2)']);
  });

  it('rejects malformed text instead of looping or guessing', () => {
    expect(() => parseArrayLiteral('{"unterminated')).toThrow(/malformed array value/);
    expect(() => parseArrayLiteral('{1,2')).toThrow(/malformed array value/);
    expect(() => parseArrayLiteral('1,2')).toThrow(/malformed array value/);
  });
});

describe('value rules', () => {
  it('reads int8 as a number only when exact', () => {
    expect(parseInt8('4294967295')).toBe(4294967295);
    expect(parseInt8('-9007199254740991')).toBe(-9007199254740991);
    expect(parseInt8('9007199254740993')).toBe('9007199254740993');
  });

  it('prepares parameters the same way for both drivers', () => {
    expect(prepareParam(undefined)).toBeNull();
    expect(prepareParam(new Date('2024-05-01T10:00:00Z'))).toBe('2024-05-01T10:00:00.000Z');
    expect(prepareParam(12n)).toBe('12');
    expect(prepareParam([new Date(0), undefined, 1n])).toEqual(['1970-01-01T00:00:00.000Z', null, '1']);
    expect(prepareParam({ a: 1 })).toEqual({ a: 1 });
    expect(() => prepareParam(new Date('nope'))).toThrow(/invalid Date/);
  });
});
