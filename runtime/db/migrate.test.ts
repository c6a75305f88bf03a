/**
 * Migrate-at-boot on hand-made migration directories: order, bookkeeping, idempotence and
 * all-or-nothing failure, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type OpenedTestDatabase } from '../testing/database.ts';
import { DatabaseError, MigrationError, MigrationHistoryError, migrate, readMigrations, splitStatements, type Database } from './index.ts';

describe('splitStatements', () => {
  it('splits on breakpoint lines and drops the comment-only header', () => {
    const sql = [
      '-- Generated header',
      '-- Migration 0001_abc',
      '',
      'CREATE TABLE a (id int);',
      '--> statement-breakpoint',
      "INSERT INTO a VALUES (1); -- trailing comment with --> statement-breakpoint inside",
      '--> statement-breakpoint  ',
      '',
    ].join('\n');
    expect(splitStatements(sql)).toEqual(['-- Generated header\n-- Migration 0001_abc\n\nCREATE TABLE a (id int);', "INSERT INTO a VALUES (1); -- trailing comment with --> statement-breakpoint inside"]);
  });

  it('returns nothing for a file of comments', () => {
    expect(splitStatements('-- only\n-- comments\n')).toEqual([]);
  });
});

describe('readMigrations', () => {
  it('refuses two migrations with one number, naming both', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nb-duplicate-'));
    try {
      writeFileSync(join(dir, '0001_first.sql'), 'CREATE TABLE a (x int);\n');
      writeFileSync(join(dir, '0002_b.sql'), 'CREATE TABLE b (x int);\n');
      writeFileSync(join(dir, '0002_again.sql'), 'CREATE TABLE b (x int);\n');
      expect(() => readMigrations(dir)).toThrow(MigrationHistoryError);
      expect(() => readMigrations(dir)).toThrow(/^two migrations are numbered 0002 \(0002_again\.sql, 0002_b\.sql\) in .*; delete the one history\.json does not record/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(testDatabases({ migrationsDir: null }))('migrate on $name', (database) => {
  let opened: OpenedTestDatabase;
  let db: Database;
  const dir = mkdtempSync(join(tmpdir(), 'nb-migrations-'));
  const write = (name: string, contents: string) => writeFileSync(join(dir, name), contents);
  const tables = async () => (await db.query<{ t: string }>(`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).map((r) => r.t);

  beforeAll(async () => {
    opened = await database.open();
    db = opened.db;
  });
  afterAll(async () => {
    await opened?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates only the bookkeeping table when there is nothing to apply', async () => {
    expect(await migrate(db, join(dir, 'missing'))).toEqual({ applied: [], skipped: [] });
    expect(await tables()).toEqual(['schema_migrations']);
  });

  it('applies files in name order and records each', async () => {
    write('0002_second.sql', '-- header\nALTER TABLE first ADD COLUMN b int;\n--> statement-breakpoint\nINSERT INTO first (a, b) VALUES (1, 2);\n');
    write('0001_first.sql', '-- header\nCREATE TABLE first (a int);\n');
    write('README.md', 'not a migration');
    write('1_bad_name.sql', 'SELECT broken syntax here');
    expect(readMigrations(dir).map((m) => m.name)).toEqual(['0001_first', '0002_second']);
    expect(await migrate(db, dir)).toEqual({ applied: ['0001_first', '0002_second'], skipped: [] });
    expect(await db.query('SELECT a, b FROM first')).toEqual([{ a: 1, b: 2 }]);
    const recorded = await db.query<{ name: string; applied_at: unknown }>('SELECT name, applied_at FROM schema_migrations ORDER BY name');
    expect(recorded.map((r) => r.name)).toEqual(['0001_first', '0002_second']);
    expect(recorded.every((r) => typeof r.applied_at === 'string')).toBe(true);
  });

  it('applies nothing twice', async () => {
    expect(await migrate(db, dir)).toEqual({ applied: [], skipped: ['0001_first', '0002_second'] });
    expect(await db.query('SELECT count(*) AS n FROM first')).toEqual([{ n: 1 }]);
  });

  it('applies only what is new', async () => {
    write('0003_third.sql', 'CREATE TABLE third (c int);\n');
    expect(await migrate(db, dir)).toEqual({ applied: ['0003_third'], skipped: ['0001_first', '0002_second'] });
  });

  it('rolls a failing migration back whole and leaves it pending', async () => {
    write('0004_broken.sql', 'CREATE TABLE half_done (x int);\n--> statement-breakpoint\nINSERT INTO no_such_table VALUES (1);\n');
    write('0005_after.sql', 'CREATE TABLE after_broken (x int);\n');
    let error: unknown;
    try {
      await migrate(db, dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MigrationError);
    const failure = error as MigrationError;
    expect(failure.migration).toBe('0004_broken');
    expect(failure.statement).toBe('INSERT INTO no_such_table VALUES (1);');
    expect(failure.cause).toBeInstanceOf(DatabaseError);
    expect((failure.cause as DatabaseError).code).toBe('42P01');
    expect(await tables()).not.toContain('half_done');
    expect(await tables()).not.toContain('after_broken');
    expect((await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name)).toEqual(['0001_first', '0002_second', '0003_third']);
  });

  it('continues once the failing migration is fixed', async () => {
    write('0004_broken.sql', 'CREATE TABLE half_done (x int);\n');
    expect((await migrate(db, dir)).applied).toEqual(['0004_broken', '0005_after']);
  });

  it('applies each migration once when two migrators race (separate pooled connections on PostgreSQL)', async () => {
    write('0006_race.sql', 'CREATE TABLE raced (x int);\n--> statement-breakpoint\nINSERT INTO raced VALUES (1);\n');
    write('0007_race.sql', 'INSERT INTO raced VALUES (2);\n');
    const [a, b] = await Promise.all([migrate(db, dir), migrate(db, dir)]);
    expect([...a.applied, ...b.applied].sort()).toEqual(['0006_race', '0007_race']);
    expect(await db.query('SELECT x FROM raced ORDER BY x')).toEqual([{ x: 1 }, { x: 2 }]);
  });

  const failure = async () => migrate(db, dir).then(() => null, (error: unknown) => error as Error);

  it('records the checksum of each file it applies', async () => {
    const [row] = await db.query<{ checksum: string }>(`SELECT checksum FROM schema_migrations WHERE name = '0007_race'`);
    expect(row.checksum).toBe(readMigrations(dir).find((m) => m.name === '0007_race')!.checksum);
    expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses an applied migration that was edited, naming it, and applies nothing', async () => {
    const original = readFileSync(join(dir, '0003_third.sql'), 'utf8');
    write('0003_third.sql', `${original}-- an edit\n`);
    write('0008_pending.sql', 'CREATE TABLE pending (x int);\n');
    const error = await failure();
    expect(error).toBeInstanceOf(MigrationHistoryError);
    expect(error?.message).toMatch(/^migration 0003_third\.sql was edited after it was applied to this database \(its checksum changed\); migrations are history/);
    expect(error?.message).not.toContain('\n');
    expect(await tables()).not.toContain('pending');
    write('0003_third.sql', original);
    expect((await migrate(db, dir)).applied).toEqual(['0008_pending']);
  });

  it('refuses an applied migration whose file is gone', async () => {
    rmSync(join(dir, '0008_pending.sql'));
    const error = await failure();
    expect(error).toBeInstanceOf(MigrationHistoryError);
    expect(error?.message).toMatch(/^migration 0008_pending\.sql was applied to this database but is missing from .*; restore it from version control$/);
    write('0008_pending.sql', 'CREATE TABLE pending (x int);\n');
  });

  it('records the checksums of migrations applied before checksums were, then checks them', async () => {
    await db.query('ALTER TABLE schema_migrations DROP COLUMN checksum');
    expect((await migrate(db, dir)).applied).toEqual([]);
    const rows = await db.query<{ checksum: string | null }>('SELECT checksum FROM schema_migrations');
    expect(rows.every((r) => r.checksum !== null)).toBe(true);
    write('0001_first.sql', '-- rewritten\nCREATE TABLE first (a int);\n');
    expect(await failure()).toBeInstanceOf(MigrationHistoryError);
  });
});
