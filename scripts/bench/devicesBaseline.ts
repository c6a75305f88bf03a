/**
 * @module
 * The baseline of the device list benchmark: a minimal hand-written Hono + postgres.js handler for
 * GET /api/dcim/devices/?limit=N&offset=M returning the JSON the generated server returns for the
 * benchmark's data (devices.ts checks the two pages are equal before timing). One SQL statement
 * builds the page's related objects as JSON, one counts; JavaScript assembles NetBox's shapes.
 * It knows the benchmark's data (every device named, no modules, bays or virtual chassis), which
 * a general handler could not assume: that is what makes it a lower bound on the work.
 */
import { Hono } from 'hono';
import type postgres from 'postgres';

const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const PAGE_SQL = `
SELECT d.*, ${ts('d.created')} AS created_text, ${ts('d.last_updated')} AS updated_text,
  (SELECT json_build_object('id', t.id, 'model', t.model, 'slug', t.slug, 'description', t.description,
     'device_count', (SELECT count(*) FROM dcim_device x WHERE x.device_type_id = t.id),
     'manufacturer', (SELECT json_build_object('id', m.id, 'name', m.name, 'slug', m.slug, 'description', m.description) FROM dcim_manufacturer m WHERE m.id = t.manufacturer_id))
   FROM dcim_device_type t WHERE t.id = d.device_type_id) AS device_type_json,
  (SELECT json_build_object('id', r.id, 'name', r.name, 'slug', r.slug, 'description', r.description, 'depth', r.tree_depth,
     'device_count', (SELECT count(*) FROM dcim_device x JOIN dcim_device_role y ON y.id = x.role_id WHERE r.id = ANY(y.tree_path)))
   FROM dcim_device_role r WHERE r.id = d.role_id) AS role_json,
  (SELECT json_build_object('id', p.id, 'name', p.name, 'slug', p.slug, 'description', p.description, 'depth', p.tree_depth,
     'device_count', (SELECT count(*) FROM dcim_device x JOIN dcim_platform y ON y.id = x.platform_id WHERE p.id = ANY(y.tree_path)))
   FROM dcim_platform p WHERE p.id = d.platform_id) AS platform_json,
  (SELECT json_build_object('id', n.id, 'name', n.name, 'slug', n.slug, 'description', n.description) FROM tenancy_tenant n WHERE n.id = d.tenant_id) AS tenant_json,
  (SELECT json_build_object('id', s.id, 'name', s.name, 'slug', s.slug, 'description', s.description) FROM dcim_site s WHERE s.id = d.site_id) AS site_json,
  (SELECT json_build_object('id', k.id, 'name', k.name, 'description', k.description) FROM dcim_rack k WHERE k.id = d.rack_id) AS rack_json,
  (SELECT json_build_object('id', a.id, 'family', family(a.address), 'address', a.address::text, 'description', a.description, 'dns_name', a.dns_name)
   FROM ipam_ip_address a WHERE a.id = d.primary_ip4_id) AS ip4_json,
  (SELECT count(*) FROM dcim_interface i WHERE i.device_id = d.id)::int AS interface_count,
  (SELECT coalesce(json_agg(json_build_object('id', g.id, 'name', g.name, 'slug', g.slug, 'color', g.color) ORDER BY g.weight, g.name), '[]')
   FROM extras_tag g JOIN extras_tagged_item ti ON ti.tag_id = g.id WHERE ti.object_type = 'dcim.device' AND ti.object_id = d.id) AS tags_json
FROM dcim_device d ORDER BY d._name, d.id LIMIT $1 OFFSET $2`;

/** How a variant of the baseline shows `custom_fields`: an SQL expression over the device row `d`, and its rendering. */
export interface BaselineCustomFields {
  sql: string;
  render(selected: any, api: (path: string, id: number) => string): unknown;
}

export function devicesBaseline(sql: postgres.Sql, customFields?: BaselineCustomFields): Hono {
  const pageSql = customFields ? PAGE_SQL.replace('SELECT d.*,', `SELECT d.*, ${customFields.sql} AS cf_json,`) : PAGE_SQL;
  const app = new Hono();
  app.get('/api/dcim/devices/', async (c) => {
    const origin = new URL(c.req.url).origin;
    const limit = Number(c.req.query('limit') ?? 50);
    const offset = Number(c.req.query('offset') ?? 0);
    const [rows, [{ n }]] = await Promise.all([sql.unsafe(pageSql, [limit, offset]), sql`SELECT count(*)::int AS n FROM dcim_device`]);
    const api = (path: string, id: number) => `${origin}/api/${path}/${id}/`;
    const brief = (path: string, o: any, display: string) => ({ id: o.id, url: api(path, o.id), display });
    const named = (path: string, o: any) => o && { ...brief(path, o, o.name), name: o.name, slug: o.slug, description: o.description };
    const tree = (path: string, o: any) => o && { ...named(path, o), device_count: Number(o.device_count), virtualmachine_count: 0, _depth: o.depth };
    const address = (a: any) =>
      a && { ...brief('ipam/ip-addresses', a, a.address), family: { value: a.family, label: `IPv${a.family}` }, address: a.address, nat_inside: null, nat_outside: [], dns_name: a.dns_name, description: a.description };
    const results = rows.map((d: any) => {
      const t = d.device_type_json;
      const ip4 = address(d.ip4_json);
      return {
        id: d.id, url: api('dcim/devices', d.id), display_url: `${origin}/dcim/devices/${d.id}/`, display: d.name, name: d.name,
        device_type: { ...brief('dcim/device-types', t, t.model), manufacturer: named('dcim/manufacturers', t.manufacturer), model: t.model, slug: t.slug, description: t.description, device_count: Number(t.device_count) },
        role: tree('dcim/device-roles', d.role_json), tenant: named('tenancy/tenants', d.tenant_json), platform: tree('dcim/platforms', d.platform_json),
        serial: d.serial, asset_tag: d.asset_tag, site: named('dcim/sites', d.site_json), location: null,
        rack: d.rack_json && { ...brief('dcim/racks', d.rack_json, d.rack_json.name), name: d.rack_json.name, description: d.rack_json.description },
        position: d.position === null ? null : Number(d.position), face: null, latitude: null, longitude: null, parent_device: null,
        status: { value: d.status, label: d.status === 'active' ? 'Active' : d.status }, airflow: null,
        primary_ip: ip4, primary_ip4: ip4, primary_ip6: null, oob_ip: null, cluster: null, virtual_chassis: null, vc_position: d.vc_position, vc_priority: d.vc_priority,
        description: d.description, owner: null, comments: d.comments, config_template: null,
        config_context: d.local_context_data && typeof d.local_context_data === 'object' && !Array.isArray(d.local_context_data) ? d.local_context_data : {},
        local_context_data: d.local_context_data,
        tags: d.tags_json.map((g: any) => ({ ...brief('extras/tags', g, g.name), display_url: `${origin}/extras/tags/${g.id}/`, name: g.name, slug: g.slug, color: g.color })),
        custom_fields: customFields ? customFields.render(d.cf_json, api) : d.custom_field_data, created: d.created_text, last_updated: d.updated_text,
        console_port_count: 0, console_server_port_count: 0, power_port_count: 0, power_outlet_count: 0, interface_count: d.interface_count,
        front_port_count: 0, rear_port_count: 0, device_bay_count: 0, module_bay_count: 0, inventory_item_count: 0,
      };
    });
    const next = offset + limit < n ? `${origin}/api/dcim/devices/?limit=${limit}&offset=${offset + limit}` : null;
    return c.json({ count: n, next, previous: null, results });
  });
  return app;
}
