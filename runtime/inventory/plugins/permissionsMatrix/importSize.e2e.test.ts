/**
 * A large import against the server, on both databases: a client allowed one write action on
 * users.objectpermission sends 20,000 empty groups (about 250 KB of YAML), and while that import
 * is in flight every other request — here /api/status/ — still answers within a second (the
 * server has one thread: an import that reads its file in quadratic time held it for 6.5 s).
 * The import's own answer is the rules': 200, each unknown group listed in `errors`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { BASE, permission, userWithToken } from '../../../testing/permissionsMatrix/testClient.ts';

const GROUPS = 20_000;

describe.each(testDatabases())('permissions matrix import of a large file on $name', (database) => {
  let api: TestClient;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 120_000);
  afterAll(async () => api?.close());

  it(`answers /api/status/ within 1 s while importing ${GROUPS} empty groups, and lists each unknown group`, async () => {
    const hostile = await userWithToken(api, 'many-groups');
    await permission(api, { name: 'many-groups may add permissions', object_types: ['users.objectpermission'], actions: ['view', 'add'], users: [hostile.id] });
    const yaml = `version: 1\nactions: [view]\ngroups:\n${Array.from({ length: GROUPS }, (_, i) => `  hostile-${i}: {}\n`).join('')}`;
    let settled = false;
    const importing = api.request('POST', `${BASE}/import/`, { yaml }, hostile.as).finally(() => (settled = true));
    // Ask for the status again and again until the import answers: each wait is one the import caused.
    // A pause between requests, as between a real client's: in-process, a request on PGlite may
    // complete in microtasks alone and would otherwise never let the import's next turn come.
    const waits: number[] = [];
    do {
      const started = performance.now();
      const status = await api.request('GET', '/api/status/');
      waits.push(performance.now() - started);
      expect(status.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (!settled);
    expect(Math.max(...waits), `waits: ${waits.map((w) => w.toFixed(0)).join(', ')} ms`).toBeLessThan(1000);
    const imported = await importing;
    expect(imported.status).toBe(200);
    expect(imported.body.changes).toEqual([]);
    expect(imported.body.warnings).toEqual([]);
    expect(imported.body.errors).toHaveLength(GROUPS);
    expect(imported.body.errors[GROUPS - 1]).toBe(`groups.hostile-${GROUPS - 1}: unknown group; skipped.`);
  }, 120_000);
});
