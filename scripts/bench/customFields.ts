/**
 * @module
 * Custom fields on the device list, on real PostgreSQL: 10,000 devices (as bench/devicesSeed.ts
 * makes them, BENCH_DEVICES) with 10 custom fields of different types set on every one (text, integer, decimal,
 * boolean, date, URL, select, multiselect, JSON and an object field to a tenant), and
 * GET /api/dcim/devices/?limit=50 of the generated server against the hand-written device list
 * handler (bench/devicesBaseline.ts) that knows the ten fields and builds each distinct tenant of
 * the object field once in its one statement: the pages are checked equal first, then both are
 * timed in the same run.
 */
import { isDeepStrictEqual } from 'node:util';
import postgres from 'postgres';
import { scratchDatabase } from './scratchDatabase.ts';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { countingDatabase } from '../../runtime/testing/countingDatabase.ts';
import { alternatingTurns, type AgainstBaseline } from './alternatingTurns.ts';
import { devicesBaseline, type BaselineCustomFields } from './devicesBaseline.ts';
import { firstDifference } from './jsonDifference.ts';
import { isTokenLookup } from './requestOverhead.ts';
import { seedDevices } from './devicesSeed.ts';
import { listen } from './timing.ts';

export interface CustomFieldFigures extends AgainstBaseline {
  devices: number;
  fields: number;
  /** SQL statements of one list request, besides the token lookup. */
  listStatements: number;
}

const LIST = '/api/dcim/devices/?limit=50';
const TOKEN = '0123456789abcdef0123456789abcdef01234568';

/** The ten fields, in the order NetBox shows them (same group and weight: by name). */
const FIELDS = [
  { name: 'a_text', type: 'text' },
  { name: 'b_int', type: 'integer', validation_minimum: 0 },
  { name: 'c_dec', type: 'decimal' },
  { name: 'd_bool', type: 'boolean' },
  { name: 'e_date', type: 'date' },
  { name: 'f_url', type: 'url' },
  { name: 'g_select', type: 'select' },
  { name: 'h_multi', type: 'multiselect' },
  { name: 'i_json', type: 'json' },
  { name: 'j_tenant', type: 'object', related_object_type: 'tenancy.tenant' },
];

const valuesOf = (n: number, tenant: number) => ({
  a_text: `device ${n}`, b_int: n, c_dec: n / 4, d_bool: n % 2 === 0, e_date: '2026-05-01', f_url: `https://example.com/${n}`,
  g_select: n % 2 ? 'red' : 'green', h_multi: ['red', 'green'], i_json: { rack: n % 10 }, j_tenant: tenant,
});

/**
 * The hand-written rendering, in the baseline's statement: the plain values straight from the row,
 * in NetBox's order, and the object field's tenant built once per distinct tenant of the page.
 */
const baselineCustomFields: BaselineCustomFields = {
  with: `cf_tenant AS MATERIALIZED (
  SELECT n.id, json_build_object('id', n.id, 'url', $3 || '/api/tenancy/tenants/' || n.id || '/', 'display', n.name, 'name', n.name, 'slug', n.slug, 'description', n.description) AS j
  FROM tenancy_tenant n WHERE n.id IN (SELECT (custom_field_data ->> 'j_tenant')::int FROM page))`,
  expression: `json_build_object(${FIELDS.filter((f) => f.type !== 'object').map(({ name }) => `'${name}', d.custom_field_data -> '${name}'`).join(', ')},
    'j_tenant', (SELECT cf_tenant.j FROM cf_tenant WHERE cf_tenant.id = (d.custom_field_data ->> 'j_tenant')::int))`,
};

export async function measureCustomFields(adminUrl: string, devices = 10_000, durationMs = 5000): Promise<CustomFieldFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_cf_${process.pid}`);
  const { db, url } = scratch;
  const raw = postgres(url, { max: 10, onnotice: () => {} });
  const counting = countingDatabase(db);
  try {
    const { app } = await startInventoryServer(counting.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    const baseline = await listen(devicesBaseline(raw, baselineCustomFields));
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const send = (method: string) => async (path: string, body: unknown): Promise<any> => {
        const response = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const answer = await response.json();
        if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 500)}`);
        return answer;
      };
      await seedDevices(send('POST'), send('PATCH'), devices);
      const set = await send('POST')('/api/extras/custom-field-choice-sets/', { name: 'Colours', extra_choices: [['red', 'Red'], ['green', 'Green']] });
      await send('POST')('/api/extras/custom-fields/', FIELDS.map((f) => ({ ...f, object_types: ['dcim.device'], ...(f.type.endsWith('select') ? { choice_set: set.id } : {}) })));
      const tenant = (await send('GET')('/api/tenancy/tenants/?slug=bench', undefined)).results[0].id;
      const ids = await raw<{ id: number }[]>`SELECT id FROM dcim_device ORDER BY id`;
      for (let start = 0; start < ids.length; start += 1000) {
        await send('PATCH')('/api/dcim/devices/', ids.slice(start, start + 1000).map(({ id }, k) => ({ id, custom_fields: valuesOf(start + k, tenant) })));
      }

      // A real database's autovacuum would have run after 10,000 updated rows; both handlers read the same tables.
      if (process.env.BENCH_VACUUM !== 'false') await raw.unsafe('VACUUM ANALYZE');
      // A token unused for a minute (the vacuum can take that long) has its last use recorded by the
      // next request, one statement more: counted after it, the figure is the steady state.
      await (await fetch(`${server.url}${LIST}`, { headers })).json();
      counting.reset();
      const generatedPage: any = await (await fetch(`${server.url}${LIST}`, { headers })).json();
      const listStatements = counting.statements.filter((s) => !isTokenLookup(s)).length;
      const baselineText = await (await fetch(`${baseline.url}${LIST}`, { headers })).text();
      const baselinePage = JSON.parse(baselineText.replaceAll(baseline.url, server.url));
      if (!isDeepStrictEqual(generatedPage, baselinePage)) throw new Error(`the baseline answers differently:\n${firstDifference(generatedPage, baselinePage)}`);

      const [generated, handWritten] = await alternatingTurns([server.url, baseline.url], LIST, headers, 50, durationMs);
      return { devices, fields: FIELDS.length, listStatements, generatedRps: generated.rps, baselineRps: handWritten.rps, generatedTurns: generated.turns, baselineTurns: handWritten.turns };
    } finally {
      server.close();
      baseline.close();
    }
  } finally {
    await raw.end();
    await scratch.drop();
  }
}

// `node --import tsx scripts/bench/customFields.ts` runs this scenario alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureCustomFields(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', Number(process.env.BENCH_DEVICES ?? 10_000), Number(process.env.BENCH_SECONDS ?? 5) * 1000);
  console.log(JSON.stringify({ ...figures, ratio: figures.generatedRps / figures.baselineRps }, null, 2));
}
