/**
 * The fuzzing guard: walks the OpenAPI document and sends every write route generated bodies
 * (fitting the schema, hostile, malformed, of the wrong media type) and odd query strings, then
 * checks each answer: never a 5xx, always JSON in NetBox's shapes, and a refused request changes
 * no row of any table. Seeded and bounded for CI (FUZZ_RUNS requests per database, default 1000);
 * `FUZZ_RUNS=10000 npx vitest run runtime/server/fuzz.e2e.test.ts` runs a long campaign, and
 * FUZZ_SEED replays one. A histogram of the status codes is printed at the end.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/index.ts';
import { testDatabases } from '../testing/database.ts';
import { bootTestApp, type TestClient } from '../testing/inventoryApp.ts';
import { queryString, SchemaArbitraries } from '../testing/schemaArbitrary.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const document = JSON.parse(readFileSync(new URL('../../generated/inventory/openapi.json', import.meta.url), 'utf8')) as OpenAPIV3.Document;
const writeMethods = ['post', 'put', 'patch', 'delete'] as const;
/** Routes whose refusal records itself: a data source's failed sync marks the source `failed` (and writes no file). */
const REFUSALS_THAT_RECORD = new Set(['post /api/core/data-sources/{id}/sync/']);

interface Route {
  method: (typeof writeMethods)[number];
  path: string;
  body: OpenAPIV3.SchemaObject | OpenAPIV3.ReferenceObject | null;
  /** Filter names of the collection's list operation (bulk writes accept query strings too). */
  filters: string[];
  /** Whether the body may be a list (bulk create, update or delete), whose errors come per item. */
  takesList: boolean;
}

const routes: Route[] = Object.entries(document.paths).flatMap(([path, item]) =>
  writeMethods
    .filter((m) => item?.[m])
    .map((method) => {
      const body = (item![method]!.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json']?.schema ?? null;
      const list = document.paths[path.replace(/\{id\}\/.*$/, '')]?.get?.parameters as OpenAPIV3.ParameterObject[] | undefined;
      const resolved = body as OpenAPIV3.SchemaObject | null;
      const takesList = !!resolved && (resolved.type === 'array' || !!resolved.oneOf?.some((s) => (s as OpenAPIV3.SchemaObject).type === 'array'));
      return { method, path, body, filters: (list ?? []).map((p) => p.name), takesList };
    }),
);

interface FuzzRequest {
  route: Route;
  id: string;
  query: string;
  /** JSON value, raw text, or a form: how the body travels. */
  body: { kind: 'json'; value: unknown } | { kind: 'text'; text: string; type: string } | { kind: 'none' };
}

const ids = fc.oneof({ arbitrary: fc.integer({ min: 1, max: 30 }), weight: 8 }, { arbitrary: fc.constantFrom(0, 2147483647, 2147483648), weight: 1 });
// Mostly fitting bodies (which succeed and build state), and bodies with hostile values anywhere.
const calm = new SchemaArbitraries(document, { ids, hostility: 0.01 });
const hostile = new SchemaArbitraries(document, { ids, hostility: 0.2 });

const rawBody = fc.oneof(
  fc.constantFrom('{', '[1,', '{"name": }', 'null', '"text"', '123', '{"a":"\\u0000"}').map((text) => ({ kind: 'text' as const, text, type: 'application/json' })),
  // Nested far past any real body (built as text: JSON.stringify itself overflows at such depths).
  fc.constantFrom(100, 3000, 20000).map((depth) => ({ kind: 'text' as const, text: `{"name": "x", "region": ${'{"name":'.repeat(depth)}1${'}'.repeat(depth)}}`, type: 'application/json' })),
  fc.string({ maxLength: 50 }).map((text) => ({ kind: 'text' as const, text: text || 'x', type: 'text/plain' })),
  fc.constant({ kind: 'text' as const, text: 'name=x&slug=y', type: 'application/x-www-form-urlencoded' }),
);

const fuzzRequest: fc.Arbitrary<FuzzRequest> = fc.constantFrom(...routes).chain((route) =>
  fc.record({
    route: fc.constant(route),
    id: fc.oneof({ arbitrary: ids.map(String), weight: 9 }, { arbitrary: fc.constantFrom('99999999999999999999', '-1', 'abc'), weight: 1 }),
    query: fc.oneof({ arbitrary: fc.constant(''), weight: 3 }, { arbitrary: queryString(route.filters), weight: 1 }),
    body: fc.oneof(
      { arbitrary: route.body ? calm.value(route.body).map((value) => ({ kind: 'json' as const, value })) : fc.constant({ kind: 'none' as const }), weight: 4 },
      { arbitrary: route.body ? hostile.value(route.body).map((value) => ({ kind: 'json' as const, value })) : fc.constant({ kind: 'none' as const }), weight: 4 },
      { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'json' as const, value })), weight: 1 },
      { arbitrary: rawBody, weight: 1 },
    ),
  }),
);

/**
 * The fuzzer's own account (user 1 and its token 1) is never the target of a write: deleting or
 * deactivating it would turn the rest of the run into 403s that test nothing.
 */
function sparingTheCaller(request: FuzzRequest): FuzzRequest {
  if (!/^\/api\/users\/(users|tokens)\//.test(request.route.path)) return request;
  const spare = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) && (v as { id?: unknown }).id === 1 ? { ...v, id: 2 } : v);
  const body = request.body.kind === 'json' && Array.isArray(request.body.value) ? { kind: 'json' as const, value: request.body.value.map(spare) } : request.body;
  return { ...request, id: request.id === '1' ? '2' : request.id, body };
}

/** One hash over every table's rows (a token's last_used is refreshed in the background, so it is left out). */
async function fingerprint(db: Database, tables: string[]): Promise<string[]> {
  const parts = tables.map((t) => `SELECT '${t}' AS t, count(*)::int AS n, md5(coalesce(string_agg((to_jsonb(r) - 'last_used')::text, '|' ORDER BY r.id), '')) AS h FROM "${t}" r`);
  // UNION ALL keeps no order (PostgreSQL may run its parts in parallel): sorted by table.
  const rows = await db.query<{ t: string; n: number; h: string }>(`${parts.join(' UNION ALL ')} ORDER BY t`);
  return rows.map((r) => `${r.t}:${r.n}:${r.h}`);
}

/** The tables whose fingerprints differ. */
const changedTables = (before: string[], after: string[]) => after.filter((entry, i) => entry !== before[i]).map((entry) => entry.split(':')[0]);

const isMessages = (v: unknown) => Array.isArray(v) && v.every((m) => typeof m === 'string');
/**
 * `{"field": ["msg"]}`, with DRF's nested forms: a list item's `{"field": {"0": ["msg"]}}`, a
 * nested serializer's (in a list item) `{"changes": {"0": {"action": ["msg"]}}}`, and a field's
 * own dict of messages, a bare string each (`{"custom_fields": {"x": "Custom field 'x' does not exist…"}}`).
 */
const isFieldErrors = (v: unknown, depth = 0): boolean =>
  !!v && typeof v === 'object' && !Array.isArray(v) && depth < 4 && Object.values(v).every((m) => isMessages(m) || (depth > 0 && typeof m === 'string') || isFieldErrors(m, depth + 1));
/** PostgreSQL's own words: they must never reach a client (they quote stored values and name tables). */
const POSTGRES_TEXT = /invalid input syntax|out of range|violates .* constraint|invalid byte sequence|syntax error at|relation "|column "|duplicate key|unsupported Unicode|value too long|invalid regular expression|cannot be cast/i;
const isDetail = (v: unknown) => !!v && typeof v === 'object' && typeof (v as { detail?: unknown }).detail === 'string' && Object.keys(v).length === 1;

/** Why an answer is not NetBox-shaped, or null when it is. `bulk`: the request sent a list to a collection. */
function shapeProblem(status: number, contentType: string | null, body: unknown, bulk: boolean): string | null {
  if (status >= 500) return `status ${status}`;
  if (POSTGRES_TEXT.test(JSON.stringify(body) ?? '')) return 'PostgreSQL\'s text in the answer';
  if (bulk && status === 400 && !Array.isArray(body) && !isDetail(body)) return 'a bulk error that is not the per-item list';
  if (status === 204) return body === null ? null : 'a 204 with a body';
  if (!contentType?.startsWith('application/json')) return `content type ${contentType}`;
  if (status < 300) return body && typeof body === 'object' ? null : 'a success without an object';
  if (status === 400) return isDetail(body) || isFieldErrors(body) || isMessages(body) || (Array.isArray(body) && body.every((item) => isFieldErrors(item))) ? null : 'a 400 in no NetBox shape';
  return isDetail(body) ? null : `a ${status} without {"detail": …}`;
}

describe.each(testDatabases())('fuzzing guard on $name', (database) => {
  let api: TestClient;
  let tables: string[];
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    // Some of everything, so that generated references often name real objects.
    const seed = async (path: string, items: unknown[]) => expect((await api.request('POST', path, items)).status, path).toBe(201);
    await seed('/api/dcim/regions/', [{ name: 'R1', slug: 'r1' }, { name: 'R2', slug: 'r2' }]);
    await seed('/api/dcim/site-groups/', [{ name: 'G1', slug: 'g1' }]);
    await seed('/api/tenancy/tenant-groups/', [{ name: 'TG', slug: 'tg' }]);
    await seed('/api/tenancy/tenants/', [{ name: 'T1', slug: 't1', group: 1 }, { name: 'T2', slug: 't2' }]);
    await seed('/api/extras/tags/', [{ name: 'Tag1', slug: 'tag1' }, { name: 'Tag2', slug: 'tag2' }]);
    await seed('/api/ipam/rirs/', [{ name: 'RIR1', slug: 'rir1' }]);
    await seed('/api/ipam/roles/', [{ name: 'Role1', slug: 'role1' }]);
    await seed('/api/ipam/asns/', [{ asn: 65001, rir: 1 }, { asn: 65002, rir: 1 }]);
    await seed('/api/dcim/sites/', Array.from({ length: 5 }, (_, i) => ({ name: `S${i}`, slug: `s${i}`, region: 1, tenant: 1, tags: [1], asns: [1] })));
    await seed('/api/dcim/locations/', [{ name: 'L1', slug: 'l1', site: 1 }]);
    await seed('/api/users/groups/', [{ name: 'Group1' }]);
    await seed('/api/users/users/', [{ username: 'u1', password: 'u1-Password-1', groups: [1] }]);
    await seed('/api/users/permissions/', [{ name: 'P1', object_types: ['dcim.site'], actions: ['view'], users: [2] }]);
    await seed('/api/users/owner-groups/', [{ name: 'OG' }]);
    await seed('/api/users/owners/', [{ name: 'O1', group: 1 }]);
    await seed('/api/extras/journal-entries/', [{ assigned_object_type: 'dcim.site', assigned_object_id: 1, comments: 'seeded' }]);
    // The permissions matrix's plan-token secret is the server's own state, created on the first
    // plan or apply whatever its outcome (runtime/inventory/plugins/permissionsMatrix/secret.ts).
    const rows = await api.db.query<{ tablename: string }>(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT IN ('schema_migrations', 'permissions_matrix_secret') ORDER BY tablename`,
    );
    tables = rows.map((r) => r.tablename);
  });
  afterAll(async () => api?.close());

  it(`answers ${RUNS} generated writes in NetBox's shapes, never 5xx, and writes nothing when it refuses`, async () => {
    const histogram = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fuzzRequest.map(sparingTheCaller), async ({ route, id, query, body }) => {
        const path = `${route.path.replace('{id}', id)}${query ? `?${query}` : ''}`;
        const before = await fingerprint(api.db, tables);
        const response =
          body.kind === 'json' ? await api.request(route.method.toUpperCase(), path, body.value)
          : body.kind === 'text' ? await api.raw(route.method.toUpperCase(), path, body.text, { 'Content-Type': body.type })
          : await api.request(route.method.toUpperCase(), path);
        histogram.set(response.status, (histogram.get(response.status) ?? 0) + 1);
        const bulk = route.takesList && route.method !== 'delete' && body.kind === 'json' && Array.isArray(body.value);
        const problem = shapeProblem(response.status, response.headers.get('Content-Type'), response.body, bulk);
        if (problem) throw new Error(`${route.method.toUpperCase()} ${path}: ${problem}: ${JSON.stringify(response.body).slice(0, 300)}`);
        const changed = response.status >= 400 && !REFUSALS_THAT_RECORD.has(`${route.method} ${route.path}`) ? changedTables(before, await fingerprint(api.db, tables)) : [];
        if (changed.length) throw new Error(`${route.method.toUpperCase()} ${path} was refused with ${response.status} but changed the database (${changed.join(', ')})`);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    const counts = [...histogram.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    process.stderr.write(`[fuzz ${database.name}] ${RUNS} requests over ${routes.length} write routes, seed ${SEED}: ${counts}\n`);
    expect([...histogram.keys()].every((s) => s < 500)).toBe(true);
  }, 600_000);
});
