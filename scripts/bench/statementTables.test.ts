import { describe, expect, it } from 'vitest';
import { growingGroups, statementGroups, statementKey } from './statementTables.ts';

describe('statementKey', () => {
  it('names the table a statement writes', () => {
    expect(statementKey('INSERT INTO "dcim_interface" ("name") SELECT x.name FROM jsonb_populate_recordset(NULL::"dcim_interface", $1)')).toBe('INSERT dcim_interface');
    expect(statementKey('UPDATE "dcim_interface" t SET a = 1 FROM unnest($1) u')).toBe('UPDATE dcim_interface');
    expect(statementKey('WITH d AS (DELETE FROM core_objectchange WHERE x) SELECT count(*) FROM d')).toBe('DELETE core_objectchange');
  });

  it('names the first table a read reads, past subqueries', () => {
    expect(statementKey('SELECT t.* FROM "dcim_interfacetemplate" t WHERE t.device_type_id = ANY($1)')).toBe('SELECT dcim_interfacetemplate');
    expect(statementKey('SELECT x FROM (SELECT id FROM "dcim_device") s')).toBe('SELECT dcim_device');
    expect(statementKey('WITH page AS (SELECT * FROM dcim_device) SELECT 1')).toBe('SELECT dcim_device');
    expect(statementKey('BEGIN')).toBe('BEGIN');
  });
});

describe('statementGroups', () => {
  it('counts and times each group, the longest first', () => {
    const s = (text: string, ms: number) => ({ text, startedMs: 0, endedMs: ms });
    expect(statementGroups([s('INSERT INTO a VALUES (1)', 1), s('SELECT 1 FROM b', 5), s('INSERT INTO a VALUES (2)', 2)])).toEqual([
      { key: 'SELECT b', count: 1, ms: 5 },
      { key: 'INSERT a', count: 2, ms: 3 },
    ]);
  });
});

describe('growingGroups', () => {
  it('lists the groups whose count changed with the size', () => {
    const g = (key: string, count: number) => ({ key, count, ms: 0 });
    expect(growingGroups([g('INSERT a', 1), g('SELECT b', 2)], [g('INSERT a', 1), g('SELECT b', 20), g('UPDATE c', 1)])).toEqual(['SELECT b: 2 → 20', 'UPDATE c: 0 → 1']);
  });
});
