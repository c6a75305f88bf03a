/**
 * The driver contract, run on embedded PGlite and (with TEST_DATABASE_URL) on PostgreSQL: both
 * must return the same values and raise the same errors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';

const constraints = JSON.parse(readFileSync(new URL('../../generated/inventory/constraints.json', import.meta.url), 'utf8')) as Record<string, unknown>;
import { tenancyTenantGroup } from '../../generated/inventory/schema.ts';
import { testDatabases, type OpenedTestDatabase } from '../testing/database.ts';
import { DatabaseError, SqlState, asDatabaseError, migrate, openDatabase, type Database } from './index.ts';

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe.each(testDatabases())('database on $name', (database) => {
  let opened: OpenedTestDatabase;
  let db: Database;
  beforeAll(async () => {
    opened = await database.open();
    db = opened.db;
  });
  afterAll(async () => opened?.drop());

  const insertRegion = (tx: { query: Database['query'] }, name: string, parent: number | null = null) =>
    tx.query<{ id: number }>(`INSERT INTO dcim_region (name, slug, parent_id, description, comments) VALUES ($1, $2, $3, '', '') RETURNING id`, [name, name.toLowerCase(), parent]);

  it('reports its driver', () => {
    expect(db.kind).toBe(database.name);
  });

  it('treats a second migrate as a no-op', async () => {
    const again = await migrate(db);
    expect(again.applied).toEqual([]);
    expect(again.skipped.length).toBeGreaterThan(0);
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.map((r) => r.name)).toEqual(again.skipped);
  });

  it('inserts and selects rows with the schema defaults', async () => {
    const [row] = await db.query(`INSERT INTO tenancy_tenant_group (name, slug, description, comments) VALUES ($1, $2, '', '') RETURNING *`, ['Group A', 'group-a']);
    expect(row).toMatchObject({ name: 'Group A', slug: 'group-a', parent_id: null, custom_field_data: {}, tree_depth: 0, tree_path: [], created: null });
    expect(typeof row.id).toBe('number');
    const selected = await db.query('SELECT name FROM tenancy_tenant_group WHERE id = $1', [row.id]);
    expect(selected).toEqual([{ name: 'Group A' }]);
  });

  it('commits a transaction and returns its value', async () => {
    const id = await db.transaction(async (tx) => (await insertRegion(tx, 'Committed'))[0].id);
    expect(await db.query('SELECT name FROM dcim_region WHERE id = $1', [id])).toEqual([{ name: 'Committed' }]);
  });

  it('rolls a transaction back entirely when it throws', async () => {
    const failure = new Error('stop here');
    const error = await caught(
      db.transaction(async (tx) => {
        const [parent] = await insertRegion(tx, 'Doomed parent');
        await insertRegion(tx, 'Doomed child', parent.id);
        throw failure;
      }),
    );
    expect(error).toBe(failure);
    expect(await db.query(`SELECT id FROM dcim_region WHERE name LIKE 'Doomed%'`)).toEqual([]);
  });

  it('rolls back when a statement fails inside the transaction', async () => {
    const error = await caught(
      db.transaction(async (tx) => {
        await insertRegion(tx, 'Half done');
        await insertRegion(tx, 'Half done');
      }),
    );
    expect(error).toBeInstanceOf(DatabaseError);
    expect(await db.query(`SELECT id FROM dcim_region WHERE name = 'Half done'`)).toEqual([]);
  });

  it('surfaces a unique violation with code 23505 and the index name', async () => {
    await db.query(`INSERT INTO dcim_site (name, slug, status, facility, description, physical_address, shipping_address, comments) VALUES ('S1', 's1', 'active', '', '', '', '', '')`);
    const error = await caught(db.query(`INSERT INTO dcim_site (name, slug, status, facility, description, physical_address, shipping_address, comments) VALUES ('S1', 's1-other', 'active', '', '', '', '', '')`));
    expect(error).toBeInstanceOf(DatabaseError);
    const dbError = error as DatabaseError;
    expect(dbError.code).toBe(SqlState.uniqueViolation);
    expect(dbError.constraint).toBe('dcim_site_name_uniq');
    expect(dbError.table).toBe('dcim_site');
    expect(dbError.detail).toContain('(name)=(S1)');
    expect(constraints[dbError.constraint!]).toEqual({ kind: 'unique', table: 'dcim_site', columns: ['name'], resource: 'dcim.sites', unique: 0 });
  });

  it('enforces partial uniques only among root nodes', async () => {
    const [parentA] = await insertRegion(db, 'Parent A');
    const [parentB] = await insertRegion(db, 'Parent B');
    await insertRegion(db, 'Leaf', parentA.id);
    await insertRegion(db, 'Leaf', parentB.id);
    await insertRegion(db, 'Root twin');
    const error = (await caught(insertRegion(db, 'Root twin'))) as DatabaseError;
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('dcim_region_name_where_parent_id_null_uniq');
  });

  it('surfaces foreign-key violations with code 23503 and the constraint name', async () => {
    const error = (await caught(db.query(`INSERT INTO dcim_site (name, slug, status, facility, description, physical_address, shipping_address, comments, region_id) VALUES ('S2', 's2', 'active', '', '', '', '', '', 999999)`))) as DatabaseError;
    expect(error.code).toBe(SqlState.foreignKeyViolation);
    expect(error.constraint).toBe('dcim_site_region_id_fk');
    expect(constraints['dcim_site_region_id_fk']).toMatchObject({ kind: 'foreign_key', resource: 'dcim.sites', field: 'region', references: 'dcim_region' });
  });

  it('round-trips jsonb and arrays as JS values', async () => {
    const constraintsValue = { status: ['active', 'planned'], nested: { n: 1, ok: true, none: null } };
    const [row] = await db.query(`INSERT INTO users_object_permission (name, description, enabled, object_types, actions, constraints) VALUES ($1, '', true, $2, $3, $4) RETURNING object_types, actions, constraints`, [
      'perm',
      ['dcim.site', 'dcim.region'],
      ['view', 'change'],
      constraintsValue,
    ]);
    expect(row).toEqual({ object_types: ['dcim.site', 'dcim.region'], actions: ['view', 'change'], constraints: constraintsValue });
    const [list] = await db.query(`SELECT $1::jsonb AS arr, $2::jsonb AS str, $3::int[] AS ints, $4::text[] AS empty`, [[1, 'two', { three: 3 }], 'plain text', [3, 1, 2], []]);
    expect(list).toEqual({ arr: [1, 'two', { three: 3 }], str: 'plain text', ints: [3, 1, 2], empty: [] });
  });

  it('reads NULL array elements as null, on every pooled connection', async () => {
    const text = `SELECT ARRAY['a', NULL, 'NULL', 'x,"y\\z}'] AS t, ARRAY[true, NULL] AS b, ARRAY[1.5, NULL]::numeric[] AS n, ARRAY[NULL, '{"a":1}']::jsonb[] AS j, ARRAY[[1, NULL], [3, 4]] AS nested`;
    const expected = { t: ['a', null, 'NULL', 'x,"y\\z}'], b: [true, null], n: ['1.5', null], j: [null, { a: 1 }], nested: [[1, null], [3, 4]] };
    const results = await Promise.all(Array.from({ length: 6 }, () => db.query(text)));
    for (const rows of results) expect(rows).toEqual([expected]);
  });

  it('plans statements once, or for their values each time when asked, with the same values read back', async () => {
    const mode = async (options?: { planEachTime: boolean }) => (await db.query<{ mode: string }>('SELECT current_setting($1) AS mode', ['plan_cache_mode'], options))[0].mode;
    // PGlite, one embedded connection, plans as PostgreSQL does by default and ignores the option.
    expect([await mode(), await mode({ planEachTime: true })]).toEqual(database.name === 'postgres' ? ['force_generic_plan', 'force_custom_plan'] : ['auto', 'auto']);
    const text = `SELECT ARRAY['a', NULL] AS t, $1::jsonb AS j, count(*) AS n FROM (VALUES (1)) v`;
    expect(await db.query(text, [{ a: 1 }], { planEachTime: true })).toEqual(await db.query(text, [{ a: 1 }]));
    expect(await db.query(text, [{ a: 1 }])).toEqual([{ t: ['a', null], j: { a: 1 }, n: 1 }]);
  });

  it('reads int8 as numbers, numeric as strings and timestamps as UTC text', async () => {
    const [row] = await db.query(`SELECT count(*) AS n, $1::bigint AS asn, 9007199254740993::bigint AS huge, $2::numeric(8,6) AS lat, $3::timestamptz AS at, $4::date AS day`, [
      4294967295,
      '12.5',
      new Date('2024-05-01T10:00:00.123Z'),
      '2024-02-29',
    ]);
    expect(row).toEqual({ n: 1, asn: 4294967295, huge: '9007199254740993', lat: '12.500000', at: '2024-05-01 10:00:00.123+00', day: '2024-02-29' });
    const [arrays] = await db.query(`SELECT $1::timestamptz[] AS times, $2::bigint[] AS bigs`, [[new Date('2024-01-02T03:04:05Z'), undefined], [1n, 2]]);
    expect(arrays).toEqual({ times: ['2024-01-02 03:04:05+00', null], bigs: [1, 2] });
  });

  it('gives a Drizzle instance over the generated schema', async () => {
    const [inserted] = await (await db.orm()).insert(tenancyTenantGroup).values({ name: 'Via ORM', slug: 'via-orm', description: '', comments: '' }).returning();
    expect(inserted).toMatchObject({ name: 'Via ORM', tree_path: [], custom_field_data: {} });
    const raw = await db.query('SELECT slug FROM tenancy_tenant_group WHERE id = $1', [inserted.id]);
    expect(raw).toEqual([{ slug: 'via-orm' }]);
  });

  it('lets Drizzle errors be read as DatabaseError', async () => {
    const error = await caught((await db.orm()).insert(tenancyTenantGroup).values({ name: 'Via ORM', slug: 'other', description: '', comments: '' }));
    const dbError = asDatabaseError(error);
    expect(dbError?.code).toBe('23505');
    expect(dbError?.constraint).toBe('tenancy_tenant_group_name_uniq');
  });

  it('serialises concurrent migrations', async () => {
    const results = await Promise.all([migrate(db), migrate(db)]);
    expect(results.every((r) => r.applied.length === 0)).toBe(true);
  });
});

describe('openDatabase', () => {
  it('keeps the embedded database in its data directory across restarts', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'nb-pglite-')), 'nested', 'data');
    try {
      const first = await openDatabase({ dataDir });
      expect(first.kind).toBe('pglite');
      await first.query('CREATE TABLE kept (v text)');
      await first.query('INSERT INTO kept VALUES ($1)', ['survives']);
      await first.close();
      await first.close();
      const second = await openDatabase({ dataDir });
      expect(await second.query('SELECT v FROM kept')).toEqual([{ v: 'survives' }]);
      await second.close();
    } finally {
      rmSync(dirname(dirname(dataDir)), { recursive: true, force: true });
    }
  });

  it('refuses an unknown URL scheme instead of falling back to the embedded database', async () => {
    await expect(openDatabase({ url: 'mysql://root:pw@localhost/db' })).rejects.toThrow(/unsupported database URL scheme "mysql"/);
  });

  it('reports an unreachable PostgreSQL without revealing the password', async () => {
    const error = (await caught(openDatabase({ url: 'postgres://user:s3cret@127.0.0.1:1/nowhere' }))) as Error;
    expect(error.message).toMatch(/^cannot connect to PostgreSQL at postgres:\/\/user:\*\*\*@127\.0\.0\.1:1\/nowhere/);
    expect(error.message).not.toContain('s3cret');
    expect(asDatabaseError(error)).toBeNull();
  });
});
