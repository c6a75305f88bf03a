/**
 * @module
 * The permissions matrix on real PostgreSQL (issue #10's targets): with 200 groups, 1,000 users
 * (each in two or three groups), 5,000 permissions over every object type (a fifth assigned to
 * users, a tenth shared by two groups, some constrained or disabled) — GET matrix/?action=*,
 * GET principal/ (a group and a user), POST plan/ of 1,000 changes and POST apply/ of the same,
 * each over HTTP as a client sees it; then the same with the data doubled, to show how each grows.
 * The data is written with set-based SQL (seeding through the API would take longer than the
 * measurements); the server reads it as any other.
 */
import { startInventoryServer } from '../../runtime/server/server.ts';
import type { Database } from '../../runtime/db/index.ts';
import { Registry } from '../../runtime/rest/index.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { listen, median } from './timing.ts';

export interface MatrixFigures {
  scale: number;
  groups: number;
  users: number;
  permissions: number;
  objectTypes: number;
  matrixAllMs: number;
  /** matrix/?action=* with a column for every user holding a direct permission too. */
  matrixAllUsersMs: number;
  principalMs: number;
  planMs: number;
  applyMs: number;
  operations: number;
}

const TOKEN = '0123456789abcdef0123456789abcdef01234570';
const STANDARD = ['view', 'add', 'change', 'delete'];

/** A small deterministic generator (mulberry32), so both scales and every run see the same shapes. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function seed(db: Database, types: string[], scale: number): Promise<{ groups: number; users: number; permissions: number }> {
  const rnd = random(42);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const groups = 200 * scale;
  const users = 1000 * scale;
  const permissions = 5000 * scale;
  await db.query(`INSERT INTO users_group (name, description) SELECT 'group-' || g, '' FROM generate_series(1, $1) g`, [groups]);
  await db.query(
    `INSERT INTO users_user (username, password, first_name, last_name, email, is_active, date_joined, is_superuser)
     SELECT 'user-' || u, '!', '', '', '', true, now(), false FROM generate_series(1, $1) u`,
    [users],
  );
  const [{ first_group: firstGroup, first_user: firstUser }] = await db.query<{ first_group: number; first_user: number }>(
    "SELECT (SELECT min(id) FROM users_group WHERE name LIKE 'group-%') AS first_group, (SELECT min(id) FROM users_user WHERE username LIKE 'user-%') AS first_user",
  );
  const membership: [number, number][] = [];
  for (let u = 0; u < users; u++) {
    const mine = new Set<number>();
    const count = 2 + Math.floor(rnd() * 2);
    while (mine.size < count) mine.add(firstGroup + Math.floor(rnd() * groups));
    for (const g of mine) membership.push([firstUser + u, g]);
  }
  await db.query('INSERT INTO users_user_groups (user_id, group_id) SELECT * FROM unnest($1::int[], $2::int[])', [membership.map((m) => m[0]), membership.map((m) => m[1])]);
  const rows: { name: string; enabled: boolean; types: string[]; actions: string[]; constraints: unknown }[] = [];
  const groupLinks: [number, number][] = [];
  const userLinks: [number, number][] = [];
  for (let p = 0; p < permissions; p++) {
    const kinds = new Set<string>();
    const typeCount = 1 + Math.floor(rnd() * 3);
    while (kinds.size < typeCount) kinds.add(pick(types));
    const actions = STANDARD.filter(() => rnd() < 0.45);
    if (!actions.length) actions.push(pick(STANDARD));
    const roll = rnd();
    rows.push({ name: `perm-${p}`, enabled: roll > 0.05, types: [...kinds], actions, constraints: roll > 0.9 ? { id__gt: 0 } : null });
    const owner = rnd();
    if (owner < 0.2) userLinks.push([p, firstUser + Math.floor(rnd() * users)]);
    else {
      groupLinks.push([p, firstGroup + Math.floor(rnd() * groups)]);
      if (owner > 0.9) groupLinks.push([p, firstGroup + Math.floor(rnd() * groups)]);
    }
  }
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO users_object_permission (name, description, enabled, object_types, actions, constraints)
     SELECT r.name, '', r.enabled, ARRAY(SELECT jsonb_array_elements_text(r.types)), ARRAY(SELECT jsonb_array_elements_text(r.actions)), r.constraints
     FROM jsonb_to_recordset($1::jsonb) AS r(name text, enabled boolean, types jsonb, actions jsonb, constraints jsonb) RETURNING id`,
    [rows],
  );
  const ids = inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
  const distinct = (links: [number, number][]) => [...new Map(links.map(([p, x]) => [`${p}:${x}`, [ids[p], x] as const])).values()];
  const g = distinct(groupLinks);
  const u = distinct(userLinks);
  await db.query('INSERT INTO users_group_permissions (permission_id, group_id) SELECT * FROM unnest($1::int[], $2::int[])', [g.map((l) => l[0]), g.map((l) => l[1])]);
  await db.query('INSERT INTO users_user_permissions (permission_id, user_id) SELECT * FROM unnest($1::int[], $2::int[])', [u.map((l) => l[0]), u.map((l) => l[1])]);
  await db.query('ANALYZE');
  return { groups, users, permissions };
}

/** 1,000 changes over 50 groups from `offset` on: grants of uncovered cells and revokes of covered ones, half and half. */
async function changeSet(url: string, headers: Record<string, string>, groupIds: number[], types: string[], rnd: () => number) {
  const changes: unknown[] = [];
  for (const id of groupIds) {
    const principal = await (await fetch(`${url}/api/plugins/permissions-matrix/principal/?type=group&id=${id}`, { headers })).json() as { cells: Record<string, Record<string, unknown>> };
    const covered = Object.entries(principal.cells).flatMap(([type, byAction]) => Object.keys(byAction).filter((a) => STANDARD.includes(a)).map((a) => [type, a] as const));
    for (let i = 0; i < 20; i++) {
      const revoke = i % 2 === 1 && covered.length;
      const [type, action] = revoke ? covered.splice(Math.floor(rnd() * covered.length), 1)[0] : [types[Math.floor(rnd() * types.length)], STANDARD[Math.floor(rnd() * 4)]];
      changes.push({ principal: { type: 'group', id }, object_type: type, action, granted: !revoke });
    }
  }
  return changes;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** `wrap` may wrap the server's database (to time its statements while profiling). */
export async function measurePermissionsMatrix(adminUrl: string, scale: number, wrap: (db: Database) => Database = (db) => db): Promise<MatrixFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_matrix_${scale}_${process.pid}`);
  try {
    const { app } = await startInventoryServer(wrap(scratch.db), { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const types = [...new Set(Registry.load().resources.map((r) => r.objectType))].sort();
    const sizes = await seed(scratch.db, types, scale);
    const server = await listen(app);
    const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { headers });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
      return body;
    };
    const post = async (path: string, payload: unknown) => {
      const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(payload) });
      const body = (await response.json()) as any;
      if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
      return body;
    };
    try {
      const runs = async (n: number, fn: () => Promise<unknown>) => {
        await fn(); // warm-up
        const times: number[] = [];
        for (let i = 0; i < n; i++) times.push((await timed(fn)).ms);
        return median(times);
      };
      const base = '/api/plugins/permissions-matrix';
      const matrixAllMs = await runs(5, () => get(`${base}/matrix/?action=*`));
      const matrixAllUsersMs = await runs(3, () => get(`${base}/matrix/?action=*&include_users=true`));
      const groupIds = (await scratch.db.query<{ id: number }>("SELECT id FROM users_group WHERE name LIKE 'group-%' ORDER BY id")).map((r) => Number(r.id));
      const [{ id: userId }] = await scratch.db.query<{ id: number }>("SELECT min(id) AS id FROM users_user WHERE username LIKE 'user-%'");
      let turn = 0;
      const principalMs = await runs(20, () => get(`${base}/principal/?${turn++ % 2 ? `type=user&id=${userId}` : `type=group&id=${groupIds[turn % groupIds.length]}`}`));
      // Three disjoint sets of 50 groups: each plan and apply starts from a state no earlier apply touched.
      const rnd = random(7);
      const plans: number[] = [];
      const applies: number[] = [];
      let operations = 0;
      for (let round = 0; round < 3; round++) {
        const changes = await changeSet(server.url, headers, groupIds.slice(round * 50, round * 50 + 50), types, rnd);
        await post(`${base}/plan/`, { changes }); // warm-up of the statements
        const planned = await timed(() => post(`${base}/plan/`, { changes }));
        plans.push(planned.ms);
        const applied = await timed(() => post(`${base}/apply/`, { changes, token: planned.value.token }));
        applies.push(applied.ms);
        operations = applied.value.written.length;
      }
      return { scale, ...sizes, objectTypes: types.length, matrixAllMs, matrixAllUsersMs, principalMs, planMs: median(plans), applyMs: median(applies), operations };
    } finally {
      server.close();
    }
  } finally {
    await scratch.drop();
  }
}
