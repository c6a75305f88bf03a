/**
 * @module
 * The baseline of the device list benchmark: the best hand-written Hono + postgres.js handler we
 * could write for GET /api/dcim/devices/?limit=N&offset=M, answering the JSON the generated server
 * answers for the benchmark's data (devices.ts checks every row of the page is equal before timing).
 *
 * One prepared statement, one round trip, and no JSON parsed or built in JavaScript:
 *  - the page's devices are chosen first (`page`: ids in list order, then their rows by id);
 *  - every object the page references (device type with its manufacturer, role, platform, tenant,
 *    site, rack, tag) is built once, with its counts, in a materialized CTE of its own, however
 *    many devices share it: 50 devices of one type count that type's devices once, not 50 times;
 *  - what belongs to one device (its primary IP, its tags' order, its ten component counts) is
 *    looked up per device by index (BENCH_BASELINE_COUNTS=grouped counts each component table
 *    once over the page's ids instead, grouped by device);
 *  - PostgreSQL assembles the page's `results` array as JSON text, which the handler wraps in the
 *    envelope and sends as it is.
 * Variants measured and left behind: one JSON value per row, parsed by postgres.js and stringified
 * again (as fast, more work in node); the page's ids first and the page by id in a second
 * statement, the count beside (slower: a round trip and more PostgreSQL time).
 *
 * The statement's text never changes, so postgres.js prepares it once per connection. Under
 * PostgreSQL's default plan_cache_mode (auto) the server settles on the generic plan after five
 * runs (planning 0.07 ms): that is what this baseline uses, and it measured as fast as
 * force_generic_plan; a custom plan each time costs 3–9 ms of planning for 3–4 ms of execution.
 * The generic plan is only good because no estimate depends on the parameters: a generic plan
 * takes `LIMIT $1` for 10% of the table, and, costed for 1,000 rows, this statement crossed
 * jit_above_cost and spent ~450 ms compiling expressions on every run. Choosing the page as
 * `id = ANY(ARRAY(SELECT id … LIMIT $1))` makes every estimate a handful of rows.
 *
 * It knows the benchmark's data, which a general handler could not assume (every device named and
 * without asset tag, no IPv6 or out-of-band address, no location, parent, module, bay, cluster,
 * virtual chassis, owner or config template, no NAT, no virtual machines): that is what makes it
 * a lower bound on the work. Nor does it authenticate: the engine looks the token up, one small
 * statement and a round trip (a variant that did the same measured no different within the noise).
 */
import { Hono } from 'hono';
import type postgres from 'postgres';

/** Parameters: $1 limit, $2 offset, $3 the request's origin (`http://host:port`). */
const url = (path: string, id: string) => `$3 || '/api/${path}/' || ${id} || '/'`;
const timestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** A choice as NetBox shows it: null when empty, else `{value, label}` (labels from definitions/choices.yaml). */
const choice = (column: string, labels: Record<string, string>) =>
  `CASE WHEN ${column} <> '' THEN json_build_object('value', ${column}, 'label', CASE ${column} ${Object.entries(labels).map(([v, l]) => `WHEN '${v}' THEN '${l}'`).join(' ')} END) END`;
/** A nested tree node's device count: its own devices and its descendants'. */
const treeCount = (table: string, column: string, node: string) =>
  `(SELECT count(*) FROM dcim_device x WHERE x.${column} = ANY(ARRAY(SELECT y.id FROM ${table} y WHERE ${node}.id = ANY(y.tree_path))))`;

const STATUS = { offline: 'Offline', active: 'Active', planned: 'Planned', staged: 'Staged', failed: 'Failed', inventory: 'Inventory', decommissioning: 'Decommissioning' };
const FACE = { front: 'Front', rear: 'Rear' };
const AIRFLOW = {
  'front-to-rear': 'Front to rear', 'rear-to-front': 'Rear to front', 'left-to-right': 'Left to right', 'right-to-left': 'Right to left', 'side-to-rear': 'Side to rear',
  'rear-to-side': 'Rear to side', 'bottom-to-top': 'Bottom to top', 'top-to-bottom': 'Top to bottom', passive: 'Passive', mixed: 'Mixed',
};

/** How a variant of the baseline shows `custom_fields` (bench/customFields.ts). */
export interface BaselineCustomFields {
  /** More CTEs, each `name AS MATERIALIZED (…)`, that may read `page` (the page's device rows). */
  with: string;
  /** The SQL expression of `custom_fields` over the device row `d`. */
  expression: string;
}

/** Each component count of a device and the table it counts (a column `device_id`, indexed). */
const COMPONENTS = [
  ['console_port_count', 'dcim_console_port'], ['console_server_port_count', 'dcim_console_server_port'], ['power_port_count', 'dcim_power_port'],
  ['power_outlet_count', 'dcim_power_outlet'], ['interface_count', 'dcim_interface'], ['front_port_count', 'dcim_front_port'],
  ['rear_port_count', 'dcim_rear_port'], ['device_bay_count', 'dcim_device_bay'], ['module_bay_count', 'dcim_module_bay'],
  ['inventory_item_count', 'dcim_inventory_item'],
] as const;

/**
 * How the baseline counts a device's components: `correlated`, one count per device and table by
 * the `device_id` index (what the engine writes), or `grouped`, one count per table over the
 * page's ids, grouped by device and joined.
 */
export type BaselineCounts = 'correlated' | 'grouped';

/** The baseline's way (BENCH_BASELINE_COUNTS; the faster measured, see the module's notes). */
export const BASELINE_COUNTS: BaselineCounts = process.env.BENCH_BASELINE_COUNTS === 'grouped' ? 'grouped' : 'correlated';

/** The statement: one row with `count` (all devices) and `results` (the page's JSON array, as text). */
export function devicesBaselineSql(customFields?: BaselineCustomFields, counts: BaselineCounts = BASELINE_COUNTS): string {
  return `
WITH page AS MATERIALIZED (
  SELECT * FROM dcim_device WHERE id = ANY(ARRAY(SELECT id FROM dcim_device ORDER BY _name, id LIMIT $1 OFFSET $2))
), device_type AS MATERIALIZED (
  SELECT t.id, json_build_object('id', t.id, 'url', ${url('dcim/device-types', 't.id')}, 'display', t.model,
    'manufacturer', json_build_object('id', m.id, 'url', ${url('dcim/manufacturers', 'm.id')}, 'display', m.name, 'name', m.name, 'slug', m.slug, 'description', m.description),
    'model', t.model, 'slug', t.slug, 'description', t.description,
    'device_count', (SELECT count(*) FROM dcim_device x WHERE x.device_type_id = t.id)) AS j
  FROM dcim_device_type t JOIN dcim_manufacturer m ON m.id = t.manufacturer_id WHERE t.id IN (SELECT device_type_id FROM page)
), role AS MATERIALIZED (
  SELECT r.id, json_build_object('id', r.id, 'url', ${url('dcim/device-roles', 'r.id')}, 'display', r.name, 'name', r.name, 'slug', r.slug, 'description', r.description,
    'device_count', ${treeCount('dcim_device_role', 'role_id', 'r')}, 'virtualmachine_count', 0, '_depth', r.tree_depth) AS j
  FROM dcim_device_role r WHERE r.id IN (SELECT role_id FROM page)
), platform AS MATERIALIZED (
  SELECT p.id, json_build_object('id', p.id, 'url', ${url('dcim/platforms', 'p.id')}, 'display', p.name, 'name', p.name, 'slug', p.slug, 'description', p.description,
    'device_count', ${treeCount('dcim_platform', 'platform_id', 'p')}, 'virtualmachine_count', 0, '_depth', p.tree_depth) AS j
  FROM dcim_platform p WHERE p.id IN (SELECT platform_id FROM page)
), tenant AS MATERIALIZED (
  SELECT n.id, json_build_object('id', n.id, 'url', ${url('tenancy/tenants', 'n.id')}, 'display', n.name, 'name', n.name, 'slug', n.slug, 'description', n.description) AS j
  FROM tenancy_tenant n WHERE n.id IN (SELECT tenant_id FROM page)
), site AS MATERIALIZED (
  SELECT s.id, json_build_object('id', s.id, 'url', ${url('dcim/sites', 's.id')}, 'display', s.name, 'name', s.name, 'slug', s.slug, 'description', s.description) AS j
  FROM dcim_site s WHERE s.id IN (SELECT site_id FROM page)
), rack AS MATERIALIZED (
  SELECT k.id, json_build_object('id', k.id, 'url', ${url('dcim/racks', 'k.id')}, 'display', k.name, 'name', k.name, 'description', k.description) AS j
  FROM dcim_rack k WHERE k.id IN (SELECT rack_id FROM page)
), tag AS MATERIALIZED (
  SELECT g.id, g.weight, g.name, json_build_object('id', g.id, 'url', ${url('extras/tags', 'g.id')}, 'display_url', $3 || '/extras/tags/' || g.id || '/',
    'display', g.name, 'name', g.name, 'slug', g.slug, 'color', g.color) AS j
  FROM extras_tag g WHERE g.id IN (SELECT ti.tag_id FROM extras_tagged_item ti WHERE ti.object_type = 'dcim.device' AND ti.object_id IN (SELECT id FROM page))
)${customFields ? `, ${customFields.with}` : ''}
SELECT (SELECT count(*)::int FROM dcim_device) AS count, coalesce(json_agg(json_build_object(
  'id', d.id, 'url', ${url('dcim/devices', 'd.id')}, 'display_url', $3 || '/dcim/devices/' || d.id || '/', 'display', d.name, 'name', d.name,
  'device_type', device_type.j, 'role', role.j, 'tenant', tenant.j, 'platform', platform.j, 'serial', d.serial, 'asset_tag', d.asset_tag,
  'site', site.j, 'location', NULL, 'rack', rack.j, 'position', d.position, 'face', ${choice('d.face', FACE)}, 'latitude', d.latitude, 'longitude', d.longitude,
  'parent_device', NULL, 'status', ${choice('d.status', STATUS)}, 'airflow', ${choice('d.airflow', AIRFLOW)}, 'primary_ip', ip.j, 'primary_ip4', ip.j, 'primary_ip6', NULL, 'oob_ip', NULL, 'cluster', NULL, 'virtual_chassis', NULL,
  'vc_position', d.vc_position, 'vc_priority', d.vc_priority, 'description', d.description, 'owner', NULL, 'comments', d.comments, 'config_template', NULL,
  'config_context', CASE WHEN jsonb_typeof(d.local_context_data) = 'object' THEN d.local_context_data ELSE '{}'::jsonb END, 'local_context_data', d.local_context_data,
  'tags', (SELECT coalesce(json_agg(tag.j ORDER BY tag.weight, tag.name, tag.id), '[]') FROM extras_tagged_item ti JOIN tag ON tag.id = ti.tag_id WHERE ti.object_type = 'dcim.device' AND ti.object_id = d.id),
  'custom_fields', ${customFields ? customFields.expression : 'd.custom_field_data'}, 'created', ${timestamp('d.created')}, 'last_updated', ${timestamp('d.last_updated')},
  ${COMPONENTS.map(([name, table]) => `'${name}', ${counts === 'grouped' ? `coalesce(${table}.n, 0)` : `(SELECT count(*) FROM ${table} c WHERE c.device_id = d.id)`}`).join(', ')}
) ORDER BY d._name, d.id), '[]')::text AS results
FROM page d
LEFT JOIN device_type ON device_type.id = d.device_type_id
LEFT JOIN role ON role.id = d.role_id
LEFT JOIN platform ON platform.id = d.platform_id
LEFT JOIN tenant ON tenant.id = d.tenant_id
LEFT JOIN site ON site.id = d.site_id
LEFT JOIN rack ON rack.id = d.rack_id
${counts === 'grouped' ? COMPONENTS.map(([, table]) => `LEFT JOIN (SELECT device_id, count(*) AS n FROM ${table} WHERE device_id IN (SELECT id FROM page) GROUP BY device_id) ${table} ON ${table}.device_id = d.id`).join('\n') : ''}
-- OFFSET 0 keeps the lookup per device (by primary key); flattened, a generic plan hashed the whole table.
LEFT JOIN LATERAL (
  SELECT json_build_object('id', a.id, 'url', ${url('ipam/ip-addresses', 'a.id')}, 'display', a.address::text,
    'family', json_build_object('value', family(a.address), 'label', 'IPv' || family(a.address)), 'address', a.address::text,
    'nat_inside', NULL, 'nat_outside', '[]'::json, 'dns_name', a.dns_name, 'description', a.description) AS j
  FROM ipam_ip_address a WHERE a.id = d.primary_ip4_id OFFSET 0
) ip ON true`;
}

export function devicesBaseline(sql: postgres.Sql, customFields?: BaselineCustomFields, counts: BaselineCounts = BASELINE_COUNTS): Hono {
  const text = devicesBaselineSql(customFields, counts);
  const app = new Hono();
  app.get('/api/dcim/devices/', async (c) => {
    const origin = new URL(c.req.url).origin;
    const limit = Number(c.req.query('limit') ?? 50);
    const offset = Number(c.req.query('offset') ?? 0);
    const [{ count, results }] = await sql.unsafe<{ count: number; results: string }[]>(text, [limit, offset, origin], { prepare: true });
    // The envelope's links as the engine writes them (runtime/rest/query/pagination.ts).
    const link = (at: number) => JSON.stringify(`${origin}/api/dcim/devices/?limit=${limit}${at > 0 ? `&offset=${at}` : ''}`);
    const next = offset + limit < count ? link(offset + limit) : 'null';
    const previous = offset > 0 ? link(offset - limit) : 'null';
    return c.body(`{"count":${count},"next":${next},"previous":${previous},"results":${results}}`, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
