/**
 * The matrix under concurrency, on real PostgreSQL (PGlite has one connection, so nothing runs
 * at once there): overlapping applies — exactly one succeeds, the others are 409 and the final
 * state is the winner's alone; a writer to /api/users/permissions/ waits while an apply holds its
 * lock and runs after it. And export → import → apply onto a second database reproduces the
 * granted cells (on every database).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../db/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { BASE, cell, group, ok, permission, permissionLines, plan, userWithToken } from '../../../testing/permissionsMatrix/testClient.ts';

const postgres = testDatabases().filter((d) => d.name === 'postgres');

describe.skipIf(!postgres.length).each(postgres)('permissions matrix concurrency on $name', (database) => {
  let api: TestClient;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 120_000);
  afterAll(async () => api?.close());

  it('lets exactly one of several overlapping applies through; the others get 409 and the result is the winner alone', async () => {
    const noc = await group(api, 'race-noc');
    await permission(api, { name: 'race-noc_v', object_types: ['dcim.site'], actions: ['view'], groups: [noc] });
    const bodies = ['dcim.rack', 'dcim.device', 'ipam.prefix', 'dcim.region', 'ipam.vlan'].map((type) => ({ changes: [cell('group', noc, type, 'view'), cell('group', noc, 'dcim.site', 'add')] }));
    const plans = await Promise.all(bodies.map((body) => plan(api, body)));
    const before = await permissionLines(api);
    const results = await Promise.all(bodies.map((body, i) => api.request('POST', `${BASE}/apply/`, { ...body, token: plans[i].token })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(bodies.length - 1);
    const winner = statuses.indexOf(200);
    // The final state is the serial order "winner, then nothing": what the winner's plan said, applied to the state before.
    const expected = new Set(before);
    for (const op of plans[winner].operations) {
      if (op.before) expected.delete(`${op.before.name} [${[...op.before.object_types].sort().join(' ')}] [${op.before.actions.join(' ')}] g:race-noc `);
      if (op.after) expected.add(`${op.after.name} [${[...op.after.object_types].sort().join(' ')}] [${op.after.actions.join(' ')}] g:race-noc `);
    }
    expect(await permissionLines(api)).toEqual([...expected].sort());
    // A loser plans again and applies.
    const loser = bodies[(winner + 1) % bodies.length];
    const again = await plan(api, loser);
    expect((await api.request('POST', `${BASE}/apply/`, { ...loser, token: again.token })).status).toBe(200);
  });

  it('makes a writer to /api/users/permissions/ wait while an apply holds the lock, and lets it run after', async () => {
    const noc = await group(api, 'lock-noc');
    const body = { changes: [cell('group', noc, 'dcim.site', 'view')] };
    const planned = await plan(api, body);
    // Hold the group's row so the apply, once it has its table locks, waits on it (FOR KEY SHARE of the named principals).
    const holder = await openDatabase({ url: await databaseUrl(api), poolSize: 1 });
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const transaction = holder.transaction(async (tx) => {
        await tx.query('SELECT id FROM users_group WHERE id = $1 FOR UPDATE', [noc]);
        holding();
        await released;
      });
      await held;
      const order: string[] = [];
      const applying = api.request('POST', `${BASE}/apply/`, { ...body, token: planned.token }).then((r) => (order.push('apply'), r));
      await waitFor(api, "query LIKE 'SELECT id FROM \"users_group\"%FOR KEY SHARE'");
      const writing = api.request('POST', '/api/users/permissions/', { name: 'lock writer', object_types: ['dcim.rack'], actions: ['view'] }).then((r) => (order.push('writer'), r));
      // The writer waits on the permission table the apply has locked.
      await waitFor(api, "query LIKE 'INSERT INTO \"users_object_permission\"%' AND wait_event_type = 'Lock'");
      expect(order).toEqual([]);
      release();
      await transaction;
      const [applied, written] = await Promise.all([applying, writing]);
      expect(applied.status).toBe(200);
      expect(written.status).toBe(201);
      expect(order).toEqual(['apply', 'writer']);
      expect(written.body.id).toBeGreaterThan(applied.body.written[0].id);
    } finally {
      await holder.close();
    }
  });
});

/** The URL of the test app's database (the throwaway database the suite opened). */
async function databaseUrl(api: TestClient): Promise<string> {
  const [{ name }] = await api.db.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Waits until another session of this database shows a statement matching `condition` (pg_stat_activity). */
async function waitFor(api: TestClient, condition: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const rows = await api.db.query(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND ${condition}`);
    if (rows.length) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no session matched ${condition}`);
}

describe.each(testDatabases())('permissions matrix export and import between databases on $name', (database) => {
  let source: TestClient;
  let target: TestClient;

  beforeAll(async () => {
    [source, target] = await Promise.all([bootTestApp(await database.open()), bootTestApp(await database.open())]);
  }, 180_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  it('reproduces the granted cells of the exported principals on a second database', async () => {
    // The same names on both servers, under different ids.
    const padding = await group(target, 'padding');
    await ok(target, 'DELETE', `/api/users/groups/${padding}/`, undefined, undefined, 204);
    const noc = await group(source, 'noc');
    const ops = await group(source, 'ops');
    const alice = (await userWithToken(source, 'alice', { groups: [noc] })).id;
    for (const api of [target]) {
      await group(api, 'ops');
      await group(api, 'noc');
      await userWithToken(api, 'alice');
    }
    await permission(source, { name: 'noc stuff', object_types: ['dcim.site', 'dcim.rack'], actions: ['view', 'add'], groups: [noc, ops] });
    await permission(source, { name: 'ops devices', object_types: ['dcim.device'], actions: ['view', 'render_config'], groups: [ops] });
    await permission(source, { name: 'alice sync', object_types: ['core.datasource'], actions: ['sync'], users: [alice] });
    await permission(source, { name: 'constrained', object_types: ['ipam.prefix'], actions: ['view'], constraints: { status: 'active' }, groups: [noc] });
    // The target already grants ops something the source does not: the import revokes it.
    const targetOps = (await ok(target, 'GET', '/api/users/groups/?name=ops')).results[0].id;
    await permission(target, { name: 'ops extra', object_types: ['ipam.vlan'], actions: ['view'], groups: [targetOps] });

    const exported = (await source.request('GET', `${BASE}/export/?action=*&include_users=true`)).body as string;
    expect(exported).toContain('version: 1');
    const imported = await ok(target, 'POST', `${BASE}/import/`, { yaml: exported });
    expect(imported.errors).toEqual([]);
    expect(imported.changes.some((c: any) => c.name === 'ops' && c.object_type === 'ipam.vlan' && !c.granted)).toBe(true);
    const changes = imported.changes.map(({ name: _name, ...change }: any) => change);
    const planned = await ok(target, 'POST', `${BASE}/plan/`, { changes });
    await ok(target, 'POST', `${BASE}/apply/`, { changes, token: planned.token });
    const again = (await target.request('GET', `${BASE}/export/?action=*&include_users=true`)).body as string;
    expect(again).toBe(exported);
    // Importing the same file again changes nothing.
    expect((await ok(target, 'POST', `${BASE}/import/`, { yaml: exported })).changes).toEqual([]);
  });

  it('refuses malformed, aliased, wrong-version and oversized files with 400 and writes nothing', async () => {
    for (const [yaml, message] of [
      ['', 'This field may not be blank.'],
      ['version: [1\n', /^Not valid YAML/],
      ['x: &a 1\ny: *a\n', /^Anchors and aliases are not allowed/],
      ['version: 3\nactions: [view]\n', 'version must be 1 (this file says 3).'],
      [`version: 1\nactions: [view]\n# ${'x'.repeat(1024 * 1024)}`, /larger than 1 MiB/],
    ] as const) {
      const response = await target.request('POST', `${BASE}/import/`, { yaml });
      expect(response.status).toBe(400);
      if (typeof message === 'string') expect(response.body).toEqual({ yaml: [message] });
      else expect(response.body.yaml[0]).toMatch(message);
    }
    expect((await target.request('POST', `${BASE}/import/`, {})).body).toEqual({ yaml: ['This field is required.'] });
  });
});
