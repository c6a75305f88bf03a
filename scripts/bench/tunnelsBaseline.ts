/**
 * @module
 * The baseline of the tunnel list benchmark: the best hand-written Hono + postgres.js handler we
 * could write for GET /api/vpn/tunnels/?limit=N&offset=M, answering the JSON the generated server
 * answers for the benchmark's data (tunnels.ts checks every row of two pages is equal before
 * timing). As the device list's baseline (devicesBaseline.ts): one prepared statement, one round
 * trip, the page's ids chosen first, every object the page references (group with its tunnel
 * count, IPSec profile, tenant, tag) built once in a materialized CTE of its own however many
 * tunnels share it, a tunnel's terminations counted by the `tunnel_id` index, and PostgreSQL
 * assembling the `results` array as JSON text that the handler wraps in the envelope.
 *
 * It knows the benchmark's data (no owner, no custom fields), which a general handler could not
 * assume: that makes it a lower bound on the work. Nor does it authenticate.
 */
import { Hono } from 'hono';
import type postgres from 'postgres';

/** Parameters: $1 limit, $2 offset, $3 the request's origin (`http://host:port`). */
const url = (path: string, id: string) => `$3 || '/api/${path}/' || ${id} || '/'`;
const timestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const choice = (column: string, labels: Record<string, string>) =>
  `CASE WHEN ${column} <> '' THEN json_build_object('value', ${column}, 'label', CASE ${column} ${Object.entries(labels).map(([v, l]) => `WHEN '${v}' THEN '${l}'`).join(' ')} END) END`;

const STATUS = { planned: 'Planned', active: 'Active', disabled: 'Disabled' };
const ENCAPSULATION = {
  'ipsec-transport': 'IPsec - Transport', 'ipsec-tunnel': 'IPsec - Tunnel', 'ip-ip': 'IP-in-IP', gre: 'GRE', wireguard: 'WireGuard', openvpn: 'OpenVPN', l2tp: 'L2TP',
  pptp: 'PPTP',
};

/** The statement: one row with `count` (all tunnels) and `results` (the page's JSON array, as text). */
export function tunnelsBaselineSql(): string {
  return `
WITH page AS MATERIALIZED (
  SELECT * FROM vpn_tunnel WHERE id = ANY(ARRAY(SELECT id FROM vpn_tunnel ORDER BY name, id LIMIT $1 OFFSET $2))
), grp AS MATERIALIZED (
  SELECT g.id, json_build_object('id', g.id, 'url', ${url('vpn/tunnel-groups', 'g.id')}, 'display', g.name, 'name', g.name, 'slug', g.slug, 'description', g.description,
    'tunnel_count', (SELECT count(*) FROM vpn_tunnel x WHERE x.group_id = g.id)) AS j
  FROM vpn_tunnel_group g WHERE g.id IN (SELECT group_id FROM page)
), profile AS MATERIALIZED (
  SELECT p.id, json_build_object('id', p.id, 'url', ${url('vpn/ipsec-profiles', 'p.id')}, 'display', p.name, 'name', p.name, 'description', p.description) AS j
  FROM vpn_ipsec_profile p WHERE p.id IN (SELECT ipsec_profile_id FROM page)
), tenant AS MATERIALIZED (
  SELECT n.id, json_build_object('id', n.id, 'url', ${url('tenancy/tenants', 'n.id')}, 'display', n.name, 'name', n.name, 'slug', n.slug, 'description', n.description) AS j
  FROM tenancy_tenant n WHERE n.id IN (SELECT tenant_id FROM page)
), tag AS MATERIALIZED (
  SELECT g.id, g.weight, g.name, json_build_object('id', g.id, 'url', ${url('extras/tags', 'g.id')}, 'display_url', $3 || '/extras/tags/' || g.id || '/',
    'display', g.name, 'name', g.name, 'slug', g.slug, 'color', g.color) AS j
  FROM extras_tag g WHERE g.id IN (SELECT ti.tag_id FROM extras_tagged_item ti WHERE ti.object_type = 'vpn.tunnel' AND ti.object_id IN (SELECT id FROM page))
)
SELECT (SELECT count(*)::int FROM vpn_tunnel) AS count, coalesce(json_agg(json_build_object(
  'id', t.id, 'url', ${url('vpn/tunnels', 't.id')}, 'display_url', $3 || '/vpn/tunnels/' || t.id || '/', 'display', t.name, 'name', t.name,
  'status', ${choice('t.status', STATUS)}, 'group', grp.j, 'encapsulation', ${choice('t.encapsulation', ENCAPSULATION)}, 'ipsec_profile', profile.j,
  'tenant', tenant.j, 'tunnel_id', t.tunnel_id, 'description', t.description, 'owner', NULL, 'comments', t.comments,
  'tags', (SELECT coalesce(json_agg(tag.j ORDER BY tag.weight, tag.name, tag.id), '[]') FROM extras_tagged_item ti JOIN tag ON tag.id = ti.tag_id WHERE ti.object_type = 'vpn.tunnel' AND ti.object_id = t.id),
  'custom_fields', t.custom_field_data, 'created', ${timestamp('t.created')}, 'last_updated', ${timestamp('t.last_updated')},
  'terminations_count', (SELECT count(*) FROM vpn_tunnel_termination c WHERE c.tunnel_id = t.id)
) ORDER BY t.name, t.id), '[]')::text AS results
FROM page t
LEFT JOIN grp ON grp.id = t.group_id
LEFT JOIN profile ON profile.id = t.ipsec_profile_id
LEFT JOIN tenant ON tenant.id = t.tenant_id`;
}

export function tunnelsBaseline(sql: postgres.Sql): Hono {
  const text = tunnelsBaselineSql();
  const app = new Hono();
  app.get('/api/vpn/tunnels/', async (c) => {
    const origin = new URL(c.req.url).origin;
    const limit = Number(c.req.query('limit') ?? 50);
    const offset = Number(c.req.query('offset') ?? 0);
    const [{ count, results }] = await sql.unsafe<{ count: number; results: string }[]>(text, [limit, offset, origin], { prepare: true });
    const link = (at: number) => JSON.stringify(`${origin}/api/vpn/tunnels/?limit=${limit}${at > 0 ? `&offset=${at}` : ''}`);
    const next = offset + limit < count ? link(offset + limit) : 'null';
    const previous = offset > 0 ? link(offset - limit) : 'null';
    return c.body(`{"count":${count},"next":${next},"previous":${previous},"results":${results}}`, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
