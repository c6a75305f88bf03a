/**
 * @module
 * The baseline of the IPAM page benchmark: a hand-written Hono + postgres.js handler for
 * GET /api/ipam/prefixes/?limit=N[&within=X], answering the JSON the generated server answers
 * for the benchmark's data (ipam.ts checks every row of the page is equal before timing), in the
 * manner of devicesBaseline.ts: one prepared statement, the page's ids chosen first (in NetBox's
 * order, the global table first, through the `_vrf_order, prefix, id` index), the subnets of
 * `within` as their btree range, PostgreSQL building the `results` array as JSON text, depth and
 * children read from the columns NetBox caches them in. It knows the data: every prefix global,
 * with no scope, tenant, VLAN, role, owner or tags, which a general handler could not assume.
 */
import { Hono } from 'hono';
import type postgres from 'postgres';

const timestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const STATUS = { container: 'Container', active: 'Active', reserved: 'Reserved', deprecated: 'Deprecated' };

/** $1 limit, $2 offset, $3 origin, $4 within (or null), $5 the within network's last address. */
const SQL = `
WITH page AS MATERIALIZED (
  SELECT * FROM ipam_prefix WHERE id = ANY(ARRAY(
    SELECT id FROM ipam_prefix WHERE $4::cidr IS NULL OR (prefix > $4::cidr AND prefix <= $5::cidr)
    ORDER BY _vrf_order, prefix, id LIMIT $1 OFFSET $2))
)
SELECT (SELECT count(*)::int FROM ipam_prefix WHERE $4::cidr IS NULL OR (prefix > $4::cidr AND prefix <= $5::cidr)) AS count,
coalesce(json_agg(json_build_object(
  'id', p.id, 'url', $3 || '/api/ipam/prefixes/' || p.id || '/', 'display_url', $3 || '/ipam/prefixes/' || p.id || '/', 'display', p.prefix::text,
  'family', json_build_object('value', family(p.prefix), 'label', 'IPv' || family(p.prefix)), 'prefix', p.prefix::text, 'vrf', NULL,
  'scope_type', NULL, 'scope_id', NULL, 'scope', NULL, 'tenant', NULL, 'vlan', NULL,
  'status', json_build_object('value', p.status, 'label', CASE p.status ${Object.entries(STATUS).map(([v, l]) => `WHEN '${v}' THEN '${l}'`).join(' ')} END),
  'role', NULL, 'is_pool', p.is_pool, 'mark_utilized', p.mark_utilized, 'description', p.description, 'owner', NULL, 'comments', p.comments,
  'tags', '[]'::json, 'custom_fields', p.custom_field_data, 'created', ${timestamp('p.created')}, 'last_updated', ${timestamp('p.last_updated')},
  'children', p._children, '_depth', p._depth
) ORDER BY p._vrf_order, p.prefix, p.id), '[]')::text AS results
FROM page p`;

export function prefixBaseline(sql: postgres.Sql): Hono {
  const app = new Hono();
  app.get('/api/ipam/prefixes/', async (c) => {
    const origin = new URL(c.req.url).origin;
    const limit = Number(c.req.query('limit') ?? 50);
    const offset = Number(c.req.query('offset') ?? 0);
    const within = c.req.query('within') ?? null;
    // The last address of the network (the benchmark's networks only: an IPv6 /32 or an IPv4 network).
    const last = within === null ? null : within.includes(':') ? within.replace(/::\/\d+$/, ':ffff:ffff:ffff:ffff:ffff:ffff') : null;
    const [{ count, results }] = await sql.unsafe<{ count: number; results: string }[]>(SQL, [limit, offset, origin, within, last], { prepare: true });
    return c.body(`{"count":${count},"next":null,"previous":null,"results":${results}}`, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
