/**
 * End-to-end tests of config template rendering, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: `render/` with the body as context (JSON and ?format=txt), `render-config/` of a
 * device and a VM (the template from the body, the object, its role or its platform; the config
 * context, the body and the object as `device`/`virtualmachine`, its interfaces and their
 * addresses), includes of other templates by name, NetBox's errors (a syntax error refused at
 * write, a failed render's 500, a template that loops without end stopped).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { countingDatabase, type CountingDatabase } from '../../../testing/countingDatabase.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { closeRenderer } from '../rendering/index.ts';

afterAll(() => closeRenderer());

describe.each(testDatabases())('config template rendering on $name', (database) => {
  let api: TestClient;
  let counting: CountingDatabase;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  beforeAll(async () => {
    const opened = await database.open();
    counting = countingDatabase(opened.db);
    api = await bootTestApp({ db: counting.db, drop: opened.drop });
    const site = await post('/api/dcim/sites/', { name: 'Site 1', slug: 'site-1' });
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'R1000', slug: 'r1000' });
    ids.ntp = (await post('/api/extras/config-templates/', { name: 'ntp', template_code: '{% for s in ntp_servers %}ntp server {{ s }}\n{% endfor %}' })).id;
    ids.main = (await post('/api/extras/config-templates/', {
      name: 'Router',
      environment_params: { trim_blocks: true },
      template_code: [
        'hostname {{ device.name }}',
        'site {{ device.site.slug }}',
        '{% for iface in device.interfaces.all() %}',
        'interface {{ iface.name }}',
        '{% for ip in iface.ip_addresses.all() %}',
        ' ip address {{ ip.address | ipaddr("address") }} {{ ip.address | ipaddr("netmask") }}',
        '{% endfor %}',
        '{% endfor %}',
        '{% include "ntp" %}',
        'banner {{ banner | default("none") }}',
      ].join('\n'),
    })).id;
    ids.roleTemplate = (await post('/api/extras/config-templates/', { name: 'Role', template_code: 'role template for {{ device.name }}' })).id;
    ids.platformTemplate = (await post('/api/extras/config-templates/', { name: 'Platform', template_code: 'platform template for {{ virtualmachine.name }} {{ virtualmachine.interfaces.count() }}' })).id;
    const role = await post('/api/dcim/device-roles/', { name: 'Edge', slug: 'edge', config_template: ids.roleTemplate });
    const platform = await post('/api/dcim/platforms/', { name: 'IOS', slug: 'ios', config_template: ids.platformTemplate });
    ids.device = (await post('/api/dcim/devices/', { name: 'r1', device_type: type.id, role: role.id, site: site.id, config_template: ids.main, local_context_data: { ntp_servers: ['192.0.2.1', '192.0.2.2'] } })).id;
    ids.plain = (await post('/api/dcim/devices/', { name: 'r2', device_type: type.id, role: role.id, site: site.id })).id;
    const eth0 = await post('/api/dcim/interfaces/', { device: ids.device, name: 'eth0', type: '1000base-t' });
    await post('/api/dcim/interfaces/', { device: ids.device, name: 'eth1', type: '1000base-t' });
    await post('/api/ipam/ip-addresses/', { address: '10.0.0.1/24', assigned_object_type: 'dcim.interface', assigned_object_id: eth0.id });
    const vmRole = await post('/api/dcim/device-roles/', { name: 'Server', slug: 'server', vm_role: true });
    ids.vm = (await post('/api/virtualization/virtual-machines/', { name: 'vm1', site: site.id, role: vmRole.id, platform: platform.id })).id;
    await post('/api/virtualization/interfaces/', { virtual_machine: ids.vm, name: 'eth0' });
  }, 120_000);
  afterAll(async () => api?.close());

  it('renders a template with the body as its context, as JSON or text', async () => {
    const r = await api.request('POST', `/api/extras/config-templates/${ids.ntp}/render/`, { ntp_servers: ['a', 'b'] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ configtemplate: { id: ids.ntp, url: expect.stringContaining(`/api/extras/config-templates/${ids.ntp}/`), display: 'ntp', name: 'ntp', description: '' }, content: 'ntp server a\nntp server b\n' });
    const text = await api.request('POST', `/api/extras/config-templates/${ids.ntp}/render/?format=txt`, { ntp_servers: ['a'] });
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.body).toBe('ntp server a\n');
    expect((await api.request('POST', '/api/extras/config-templates/999999/render/', {})).status).toBe(404);
  });

  it("renders a device's template with its config context, the body, its interfaces and their addresses", async () => {
    const r = await api.request('POST', `/api/dcim/devices/${ids.device}/render-config/?format=txt`, { banner: 'hello' });
    expect(r.status).toBe(200);
    expect(r.body).toBe(['hostname r1', 'site site-1', 'interface eth0', ' ip address 10.0.0.1 255.255.255.0', 'interface eth1', 'ntp server 192.0.2.1', 'ntp server 192.0.2.2', 'banner hello'].join('\n'));
    const json = await api.request('POST', `/api/dcim/devices/${ids.device}/render-config/`, {});
    expect(json.body).toMatchObject({ configtemplate: { id: ids.main, name: 'Router' }, content: expect.stringContaining('banner none') });
  });

  it('renders the fields a template names as the full form has them', async () => {
    const fields = ['id', 'url', 'display', 'name', 'serial', 'site', 'role', 'device_type', 'status', 'config_template', 'local_context_data', 'custom_fields', 'tags', 'primary_ip', 'interface_count', 'created', 'config_context'];
    const text = `${fields.map((f) => `${f}={{ device.${f} }}`).join('\n')}\n{% for i in device.interfaces.all() %}{{ i.display }} {{ i.type }} {{ i.device }} {{ i.enabled }} {{ i.mac_address }} {{ i.ip_addresses.count() }}\n{% endfor %}`;
    const render = async (code: string) => {
      const template = await post('/api/extras/config-templates/', { name: `Fields ${code.length}`, template_code: code });
      return (await api.request('POST', `/api/dcim/devices/${ids.device}/render-config/?format=txt`, { config_template_id: template.id })).body;
    };
    // The same text with a computed subscript that never runs: the full form.
    const [named, full] = [await render(text), await render(`${text}{% if false %}{{ device[k] }}{% endif %}`)];
    expect(named).toContain('name=r1');
    expect(named).toBe(full);
  });

  it("reads a device's configuration in five statements, six for a JSON answer", async () => {
    const path = `/api/dcim/devices/${ids.device}/render-config/`;
    const statements = async (query: string) => {
      await api.request('POST', `${path}${query}`, {});
      counting.reset();
      expect((await api.request('POST', `${path}${query}`, {})).status).toBe(200);
      // The token's lookup is the authentication's (and cached), not the render's.
      return counting.statements.filter((text) => !/FROM users_token/.test(text));
    };
    // The device with its template and the one it includes; the interfaces' and addresses' ids; the device, its interfaces, their addresses.
    expect(await statements('?format=txt')).toHaveLength(5);
    // The template's nested form.
    expect(await statements('')).toHaveLength(6);
  });

  it("finds the templates a template includes when the text's quotes do not pair as strings", async () => {
    const quoted = await post('/api/extras/config-templates/', { name: 'Quoted', template_code: "# don't\n{% include 'ntp' %}# it's {{ device.name }}" });
    const r = await api.request('POST', `/api/dcim/devices/${ids.device}/render-config/?format=txt`, { config_template_id: quoted.id });
    expect(r.body).toBe("# don't\nntp server 192.0.2.1\nntp server 192.0.2.2\n# it's r1");
  });

  it("takes the body's config_template_id, else the object's, its role's, then its platform's", async () => {
    expect((await api.request('POST', `/api/dcim/devices/${ids.plain}/render-config/?format=txt`, {})).body).toBe('role template for r2');
    expect((await api.request('POST', `/api/dcim/devices/${ids.plain}/render-config/?format=txt`, { config_template_id: ids.ntp, ntp_servers: ['x'] })).body).toBe('ntp server x\n');
    expect((await api.request('POST', `/api/virtualization/virtual-machines/${ids.vm}/render-config/?format=txt`, {})).body).toBe('platform template for vm1 1');
    const missing = await api.request('POST', `/api/dcim/devices/${ids.plain}/render-config/`, { config_template_id: 999999 });
    expect(missing).toMatchObject({ status: 400, body: { error: 'Config template with ID 999999 not found.' } });
    const bare = await post('/api/virtualization/virtual-machines/', { name: 'vm2', site: (await api.request('GET', `/api/virtualization/virtual-machines/${ids.vm}/`)).body.site.id });
    expect(await api.request('POST', `/api/virtualization/virtual-machines/${bare.id}/render-config/`, {})).toMatchObject({ status: 400, body: { error: 'No config template found for this virtualmachine.' } });
  });

  it('gives the object and its related objects the fields the template names, with their values; every field when it reaches one by a computed name', async () => {
    expect((await api.request('PATCH', `/api/dcim/devices/${ids.device}/`, { serial: 'SN-1' })).status).toBe(200);
    const named = await post('/api/extras/config-templates/', {
      name: 'Named fields',
      template_code: '{{ device.serial }} {{ device | list | join(",") }}\n{% for i in device.interfaces.all() %}{{ i.name }} {{ i["type"].value }} {{ i | list | join(",") }}\n{% endfor %}',
    });
    const r = await api.request('POST', `/api/dcim/devices/${ids.device}/render-config/?format=txt`, { config_template_id: named.id });
    // Only what the text names (and id, and the config context the render needs): no asset_tag, site, custom_fields….
    expect(r.body).toBe(['SN-1 config_context,id,interfaces,name,serial', 'eth0 1000base-t device,id,name,type', 'eth1 1000base-t device,id,name,type', ''].join('\n'));

    const full = (await api.request('GET', `/api/dcim/devices/${ids.device}/`)).body;
    for (const code of ['{% for k, v in device.items() %}{{ k }},{% endfor %}', '{% set f = "x" %}{{ device[f] }}{% for k in device | dictsort %}{{ k[0] }},{% endfor %}']) {
      const dynamic = await post('/api/extras/config-templates/', { name: `Dynamic ${code.length}`, template_code: code });
      const keys = (await api.request('POST', `/api/dcim/devices/${ids.device}/render-config/?format=txt`, { config_template_id: dynamic.id })).body.split(',').filter(Boolean);
      expect(keys.sort(), code).toEqual(Object.keys(full).sort());
    }
    const json = await post('/api/extras/config-templates/', { name: 'As JSON', template_code: '{{ device | tojson }}' });
    // The test client reads a body that parses as JSON as JSON.
    const shown = (await api.request('POST', `/api/dcim/devices/${ids.device}/render-config/?format=txt`, { config_template_id: json.id })).body;
    expect(typeof shown === 'string' ? JSON.parse(shown) : shown).toEqual(full);
  });

  it("answers 404 for an object outside the caller's render_config or view constraints", async () => {
    const user = await api.request('POST', '/api/users/users/', { username: 'renderer', password: 'Renderer-pass-1' });
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'renderer', password: 'Renderer-pass-1' }, { Authorization: '' });
    const as = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    const grant = async (body: Record<string, unknown>) => expect((await api.request('POST', '/api/users/permissions/', { users: [user.body.id], ...body })).status).toBe(201);
    await grant({ name: 'render r1 and r2', object_types: ['dcim.device'], actions: ['render_config'], constraints: { name__in: ['r1', 'r2'] } });
    await grant({ name: 'view r2 and r3', object_types: ['dcim.device'], actions: ['view'], constraints: { name__in: ['r2', 'r3'] } });
    await grant({ name: 'view templates', object_types: ['extras.configtemplate', 'dcim.devicerole'], actions: ['view'] });
    const plain = (await api.request('GET', `/api/dcim/devices/${ids.plain}/`)).body;
    const third = await post('/api/dcim/devices/', { name: 'r3', device_type: plain.device_type.id, role: plain.role.id, site: plain.site.id });
    const renderAs = (id: number) => api.request('POST', `/api/dcim/devices/${id}/render-config/?format=txt`, {}, as);
    expect(await renderAs(ids.plain)).toMatchObject({ status: 200, body: 'role template for r2' });
    expect((await renderAs(ids.device)).status).toBe(404);
    expect((await renderAs(third.id)).status).toBe(404);
    expect((await renderAs(999999)).status).toBe(404);
  });

  it('refuses a template with a syntax error when it is written, with the line', async () => {
    const r = await api.request('POST', '/api/extras/config-templates/', { name: 'Broken', template_code: 'a\n{% for x in y %}\n{{ x }' });
    expect(r).toMatchObject({ status: 400, body: { template_code: ['Invalid template: syntax error: unexpected `}`, expected end of variable block (line 3)'] } });
    const patched = await api.request('PATCH', `/api/extras/config-templates/${ids.ntp}/`, { template_code: '{% if %}' });
    expect(patched.status).toBe(400);
    expect(patched.body.template_code[0]).toMatch(/^Invalid template: syntax error: .*\(line 1\)$/);
    expect((await api.request('GET', '/api/extras/config-templates/?name=Broken')).body.count).toBe(0);
  });

  it("answers a failed render with NetBox's 500, and stops a template that loops without end", async () => {
    const strict = await post('/api/extras/config-templates/', { name: 'Strict', template_code: 'x\n{{ nope.deeper }}', environment_params: { undefined: 'jinja2.StrictUndefined' } });
    expect(await api.request('POST', `/api/extras/config-templates/${strict.id}/render/`, {})).toMatchObject({ status: 500, body: { detail: 'UndefinedError: undefined value\nLine: 2' } });
    const text = await api.request('POST', `/api/extras/config-templates/${strict.id}/render/?format=txt`, {});
    expect(text).toMatchObject({ status: 500, body: 'UndefinedError: undefined value\nLine: 2' });
    const endless = await post('/api/extras/config-templates/', { name: 'Endless', template_code: '{% for i in range(100000) %}{% for j in range(100000) %}{{ i }}{% endfor %}{% endfor %}' });
    const stopped = await api.request('POST', `/api/extras/config-templates/${endless.id}/render/`, {});
    expect(stopped.status).toBe(500);
    expect(stopped.body.detail).toMatch(/^(TemplateRuntimeError|TimeoutError): /);
  }, 60_000);
});
