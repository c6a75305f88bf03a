/**
 * @module
 * What rendering a device's configuration costs, on real PostgreSQL: `POST devices/{id}/render-config/`
 * of a template that renders about 200 lines (hostname, 10 context sections, 20 VLANs, 48
 * interfaces with their addresses through `device.interfaces.all()` and `iface.ip_addresses.all()`,
 * BGP neighbours, an included template), with a context the size of 10 merged config contexts
 * (until config contexts are served, the device's local_context_data holds it), one request at a
 * time, against GET /api/status/ in the same run (the HTTP floor) and `render/` of a template with
 * no object (the rendering thread's round trip alone) and GET of the device's interfaces (the
 * related objects in their full API form, as the view read them before it chose the fields the
 * template names: configTemplates/fieldChoice.ts). Medians of 50 after a warm-up; the output is
 * checked to have its lines.
 */
import { performance } from 'node:perf_hooks';
import { closeRenderer } from '../../runtime/inventory/extras/rendering/index.ts';
import { startInventoryServer } from '../../runtime/server/server.ts';
import { scratchDatabase } from './scratchDatabase.ts';
import { apiPoster, listen, median } from './timing.ts';

export interface RenderConfigFigures {
  lines: number;
  renderConfigMs: number;
  renderOnlyMs: number;
  /** GET of the device's 48 interfaces in their full API form (the view now reads only the fields the template names). */
  interfacesMs: number;
  statusMs: number;
}

const TOKEN = '0123456789abcdef0123456789abcdef0123456b';
const ROUNDS = 50;

/** A context as 10 scoped config contexts would merge into: a section each, a few keys to a few dozen entries. */
export function mergedContext(): Record<string, unknown> {
  return {
    ntp: { servers: ['192.0.2.1', '192.0.2.2', '192.0.2.3'], source: 'Loopback0' },
    dns: { servers: ['198.51.100.53', '198.51.100.54'], domain: 'example.net' },
    syslog: { hosts: ['192.0.2.50', '192.0.2.51'], level: 'informational' },
    snmp: { communities: [{ name: 'public', mode: 'ro' }, { name: 'ops', mode: 'rw' }], location: 'DC1 row 4', contact: 'noc@example.net' },
    aaa: { tacacs: ['192.0.2.60', '192.0.2.61'], key: 'k3y' },
    vlans: Array.from({ length: 20 }, (_, i) => ({ id: 100 + i, name: `vlan-${100 + i}` })),
    bgp: { asn: 65001, router_id: '10.255.0.1', neighbors: Array.from({ length: 8 }, (_, i) => ({ ip: `10.0.${i}.2`, remote_as: 65100 + i, description: `peer-${i}` })) },
    banner: 'Authorised access only',
    qos: { policies: ['voice', 'video', 'default'] },
    features: { lldp: true, ssh: true, telnet: false },
  };
}

export const TEMPLATE = `hostname {{ device.name }}
{% for s in ntp.servers %}ntp server {{ s }} source {{ ntp.source }}
{% endfor %}{% for s in dns.servers %}ip name-server {{ s }}
{% endfor %}ip domain-name {{ dns.domain }}
{% for h in syslog.hosts %}logging host {{ h }} level {{ syslog.level }}
{% endfor %}{% for c in snmp.communities %}snmp-server community {{ c.name }} {{ c.mode | upper }}
{% endfor %}snmp-server location {{ snmp.location }}
snmp-server contact {{ snmp.contact }}
{% for t in aaa.tacacs %}tacacs-server host {{ t }} key {{ aaa.key }}
{% endfor %}{% for v in vlans %}vlan {{ v.id }}
 name {{ v.name }}
{% endfor %}{% for iface in device.interfaces.all() %}interface {{ iface.name }}
 description {{ iface.description | default("unused", true) }}
{% for ip in iface.ip_addresses.all() %} ip address {{ ip.address | ipaddr("address") }} {{ ip.address | ipaddr("netmask") }}
{% else %} shutdown
{% endfor %}!
{% endfor %}router bgp {{ bgp.asn }}
 bgp router-id {{ bgp.router_id }}
{% for n in bgp.neighbors %} neighbor {{ n.ip }} remote-as {{ n.remote_as }}
 neighbor {{ n.ip }} description {{ n.description }}
{% endfor %}{% for p in qos.policies %}policy-map {{ p }}
{% endfor %}{% if features.lldp %}lldp run
{% endif %}{% include "banner" %}
`;

export async function measureRenderConfig(adminUrl: string): Promise<RenderConfigFigures> {
  const scratch = await scratchDatabase(adminUrl, `nbbench_render_${process.pid}`);
  try {
    const { app } = await startInventoryServer(scratch.db, { SUPERUSER_NAME: 'bench', SUPERUSER_PASSWORD: 'Bench-password-1', SUPERUSER_API_TOKEN: TOKEN });
    const server = await listen(app);
    try {
      const headers = { Authorization: `Token ${TOKEN}`, 'Content-Type': 'application/json' };
      const post = apiPoster(server.url, headers);
      const banner = await post('extras/config-templates', { name: 'banner', template_code: 'banner motd ^{{ banner }}^' });
      const template = await post('extras/config-templates', { name: 'router', template_code: TEMPLATE, environment_params: { trim_blocks: false } });
      const site = await post('dcim/sites', { name: 'Bench', slug: 'bench' });
      const manufacturer = await post('dcim/manufacturers', { name: 'Acme', slug: 'acme' });
      const type = await post('dcim/device-types', { manufacturer: manufacturer.id, model: 'Router', slug: 'router' });
      const role = await post('dcim/device-roles', { name: 'Edge', slug: 'edge', color: 'aa1409' });
      const device = await post('dcim/devices', { name: 'edge1', device_type: type.id, role: role.id, site: site.id, config_template: template.id, local_context_data: mergedContext() });
      const interfaces = await post('dcim/interfaces', Array.from({ length: 48 }, (_, i) => ({ device: device.id, name: `Ethernet${i + 1}`, type: '10gbase-x-sfpp', description: i % 2 ? `uplink ${i}` : '' })));
      await post('ipam/ip-addresses', interfaces.slice(0, 24).map((iface: { id: number }, i: number) => ({ address: `10.1.${i}.1/30`, assigned_object_type: 'dcim.interface', assigned_object_id: iface.id })));
      await scratch.db.query('ANALYZE');

      const timed = async (method: string, path: string, body: unknown, check: (text: string) => void): Promise<number> => {
        const times: number[] = [];
        for (let i = 0; i < ROUNDS + 5; i++) {
          const start = performance.now();
          const response = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
          const text = await response.text();
          const elapsed = performance.now() - start;
          if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
          check(text);
          if (i >= 5) times.push(elapsed);
        }
        return median(times);
      };
      let lines = 0;
      const renderConfigMs = await timed('POST', `/api/dcim/devices/${device.id}/render-config/?format=txt`, {}, (text) => {
        lines = text.split('\n').length;
        if (lines < 190 || !text.includes('banner motd ^Authorised access only^') || !text.includes(' ip address 10.1.23.1 255.255.255.252')) throw new Error(`the rendered configuration is not the expected one (${lines} lines)`);
      });
      const renderOnlyMs = await timed('POST', `/api/extras/config-templates/${banner.id}/render/?format=txt`, { banner: 'x' }, (text) => {
        if (text !== 'banner motd ^x^') throw new Error(`render/ answered ${text}`);
      });
      const interfacesMs = await timed('GET', `/api/dcim/interfaces/?device_id=${device.id}&limit=48`, undefined, (text) => {
        if (JSON.parse(text).results.length !== 48) throw new Error('the interface list does not hold 48 interfaces');
      });
      const statusMs = await timed('GET', '/api/status/', undefined, () => {});
      return { lines, renderConfigMs, renderOnlyMs, interfacesMs, statusMs };
    } finally {
      server.close();
      await closeRenderer();
    }
  } finally {
    await scratch.drop();
  }
}
