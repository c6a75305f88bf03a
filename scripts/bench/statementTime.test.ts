import { describe, expect, it } from 'vitest';
import { sqlLiteral } from './statementTime.ts';

describe('sqlLiteral', () => {
  it('writes values as the text the driver sends, quoted for EXECUTE', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(50)).toBe("'50'");
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral(new Date('2026-05-01T10:00:00Z'))).toBe("'2026-05-01T10:00:00.000Z'");
    expect(sqlLiteral({ a: [1, "x'"] })).toBe(`'{"a":[1,"x''"]}'`);
  });

  it('writes arrays as PostgreSQL array literals, NULL elements unquoted', () => {
    expect(sqlLiteral([1, 2, 3])).toBe(`'{"1","2","3"}'`);
    // Backslashes make it an escape string (runtime/kinds/sqlText.ts), read the same whatever standard_conforming_strings says.
    expect(sqlLiteral(['a"b', 'c\\d', null])).toBe(`E'{"a\\\\"b","c\\\\\\\\d",NULL}'`);
    expect(sqlLiteral([[1], [2]])).toBe(`'{{"1"},{"2"}}'`);
  });
});
