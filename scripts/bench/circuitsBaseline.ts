/**
 * @module
 * The baseline of the circuit list benchmark: a hand-written Hono + postgres.js handler for
 * GET /api/circuits/circuits/?limit=N&offset=M, answering the JSON the generated server answers
 * for the benchmark's data (circuits.ts checks two pages equal, every row, before timing), written
 * as devicesBaseline.ts is: one prepared statement, the page chosen first by ids in NetBox's order
 * (Circuit.Meta.ordering: provider, account, cid, where a relation orders by its model's own
 * ordering — the provider's name, the account's provider and number — read through joins), every provider
 * and circuit type the page names built once with its circuit count, the page's A and Z
 * terminations with the site or provider network each names, the page's `results` assembled as
 * JSON text by PostgreSQL and wrapped in the envelope as it is.
 *
 * It knows the benchmark's data: no account, tenant, owner, dates or distance; terminations at a
 * site or a provider network only; no tags, custom fields or group assignments are looked up
 * beyond what the data holds (tags and assignments per circuit by index, as the engine does).
 */
import { Hono } from 'hono';
import type postgres from 'postgres';

/** Parameters: $1 limit, $2 offset, $3 the request's origin (`http://host:port`). */
const url = (path: string, id: string) => `$3 || '/api/${path}/' || ${id} || '/'`;
const uiUrl = (path: string, id: string) => `$3 || '/${path}/' || ${id} || '/'`;
const timestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const STATUS = { planned: 'Planned', provisioning: 'Provisioning', active: 'Active', offline: 'Offline', deprovisioning: 'Deprovisioning', decommissioned: 'Decommissioned' };
const choice = (column: string, labels: Record<string, string>) =>
  `CASE WHEN ${column} <> '' THEN json_build_object('value', ${column}, 'label', CASE ${column} ${Object.entries(labels).map(([v, l]) => `WHEN '${v}' THEN '${l}'`).join(' ')} END) END`;

export function circuitsBaselineSql(): string {
  return `
WITH page AS MATERIALIZED (
  SELECT * FROM circuits_circuit WHERE id = ANY(ARRAY(
    SELECT c.id FROM circuits_circuit c JOIN circuits_provider p ON p.id = c.provider_id LEFT JOIN circuits_provider_account a ON a.id = c.provider_account_id
    ORDER BY p.name, c.provider_id, a.provider_id, a.account, c.provider_account_id, c.cid, c.id LIMIT $1 OFFSET $2))
), provider AS MATERIALIZED (
  SELECT p.id, json_build_object('id', p.id, 'url', ${url('circuits/providers', 'p.id')}, 'display', p.name, 'name', p.name, 'slug', p.slug, 'description', p.description,
    'circuit_count', (SELECT count(*) FROM circuits_circuit x WHERE x.provider_id = p.id)) AS j
  FROM circuits_provider p WHERE p.id IN (SELECT provider_id FROM page)
), circuit_type AS MATERIALIZED (
  SELECT t.id, json_build_object('id', t.id, 'url', ${url('circuits/circuit-types', 't.id')}, 'display', t.name, 'name', t.name, 'slug', t.slug, 'description', t.description,
    'circuit_count', (SELECT count(*) FROM circuits_circuit x WHERE x.type_id = t.id)) AS j
  FROM circuits_circuit_type t WHERE t.id IN (SELECT type_id FROM page)
), term AS MATERIALIZED (
  SELECT t.id, json_build_object('id', t.id, 'url', ${url('circuits/circuit-terminations', 't.id')}, 'display_url', ${uiUrl('circuits/circuit-terminations', 't.id')},
    'display', c.cid || ': Termination ' || t.term_side, 'termination_type', t.termination_type, 'termination_id', t.termination_id,
    'termination', CASE t.termination_type
      WHEN 'dcim.site' THEN (SELECT json_build_object('id', s.id, 'url', ${url('dcim/sites', 's.id')}, 'display', s.name, 'name', s.name, 'description', s.description, 'slug', s.slug) FROM dcim_site s WHERE s.id = t.termination_id)
      WHEN 'circuits.providernetwork' THEN (SELECT json_build_object('id', n.id, 'url', ${url('circuits/provider-networks', 'n.id')}, 'display', n.name, 'name', n.name, 'description', n.description) FROM circuits_provider_network n WHERE n.id = t.termination_id)
    END,
    'port_speed', t.port_speed, 'upstream_speed', t.upstream_speed, 'xconnect_id', t.xconnect_id, 'description', t.description) AS j
  FROM circuits_circuit_termination t JOIN page c ON c.id = t.circuit_id
)
SELECT (SELECT count(*)::int FROM circuits_circuit) AS count, coalesce(json_agg(json_build_object(
  'id', d.id, 'url', ${url('circuits/circuits', 'd.id')}, 'display_url', ${uiUrl('circuits/circuits', 'd.id')}, 'display', d.cid, 'cid', d.cid,
  'provider', provider.j, 'provider_account', NULL, 'type', circuit_type.j, 'status', ${choice('d.status', STATUS)}, 'tenant', NULL,
  'install_date', NULL, 'termination_date', NULL, 'commit_rate', d.commit_rate, 'description', d.description, 'distance', NULL, 'distance_unit', NULL,
  'termination_a', a.j, 'termination_z', z.j, 'owner', NULL, 'comments', d.comments,
  'tags', (SELECT coalesce(json_agg(g.id), '[]') FROM extras_tagged_item ti JOIN extras_tag g ON g.id = ti.tag_id WHERE ti.object_type = 'circuits.circuit' AND ti.object_id = d.id),
  'custom_fields', d.custom_field_data, 'created', ${timestamp('d.created')}, 'last_updated', ${timestamp('d.last_updated')},
  'assignments', (SELECT coalesce(json_agg(x.id), '[]') FROM circuits_circuit_group_assignment x WHERE x.member_type = 'circuits.circuit' AND x.member_id = d.id)
) ORDER BY d.provider_id, d.provider_account_id, d.cid, d.id), '[]')::text AS results
FROM page d
LEFT JOIN provider ON provider.id = d.provider_id
LEFT JOIN circuit_type ON circuit_type.id = d.type_id
LEFT JOIN term a ON a.id = d.termination_a_id
LEFT JOIN term z ON z.id = d.termination_z_id`;
}

export function circuitsBaseline(sql: postgres.Sql): Hono {
  const text = circuitsBaselineSql();
  const app = new Hono();
  app.get('/api/circuits/circuits/', async (c) => {
    const origin = new URL(c.req.url).origin;
    const limit = Number(c.req.query('limit') ?? 50);
    const offset = Number(c.req.query('offset') ?? 0);
    const [{ count, results }] = await sql.unsafe<{ count: number; results: string }[]>(text, [limit, offset, origin], { prepare: true });
    const link = (at: number) => JSON.stringify(`${origin}/api/circuits/circuits/?limit=${limit}${at > 0 ? `&offset=${at}` : ''}`);
    const next = offset + limit < count ? link(offset + limit) : 'null';
    const previous = offset > 0 ? link(offset - limit) : 'null';
    return c.body(`{"count":${count},"next":${next},"previous":${previous},"results":${results}}`, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
