/**
 * End-to-end tests of export templates, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL:
 * NetBox's fields and brief form, their filters, the model's rules (reserved name, object types,
 * environment parameters, a syntax error refused at write), and `?export=<name>` on a list: the
 * filtered objects rendered as `queryset`, with the template's MIME type and attachment file name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';
import { closeRenderer } from '../rendering/index.ts';

afterAll(() => closeRenderer());

describe.each(testDatabases())('export templates on $name', (database) => {
  let api: TestClient;
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    await post('/api/dcim/sites/', [{ name: 'Alpha', slug: 'alpha', status: 'active' }, { name: 'Beta', slug: 'beta', status: 'planned' }, { name: 'Gamma', slug: 'gamma', status: 'active' }]);
  }, 120_000);
  afterAll(async () => api?.close());

  it("creates a template with NetBox's fields and brief form, and filters them", async () => {
    const created = await post('/api/extras/export-templates/', {
      name: 'CSV', object_types: ['dcim.site'], mime_type: 'text/csv', file_extension: 'csv',
      template_code: 'name,status\n{% for site in queryset %}{{ site.name }},{{ site.status.value }}\n{% endfor %}',
    });
    expect(Object.keys(created)).toEqual([
      'id', 'url', 'display_url', 'display', 'object_types', 'name', 'description', 'environment_params', 'template_code', 'mime_type',
      'file_name', 'file_extension', 'as_attachment', 'data_source', 'data_path', 'data_file', 'data_synced', 'owner', 'created', 'last_updated',
    ]);
    expect(created).toMatchObject({ object_types: ['dcim.site'], as_attachment: true, environment_params: {}, data_source: null, data_file: null, data_path: '' });
    const brief = await api.request('GET', `/api/extras/export-templates/${created.id}/?brief=true`);
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'name', 'description']);
    await post('/api/extras/export-templates/', { name: 'Names', object_types: ['dcim.site', 'dcim.device'], template_code: '{{ queryset | map(attribute="name") | join(" ") }}', as_attachment: false });
    expect((await api.request('GET', '/api/extras/export-templates/?object_type=dcim.device')).body.results.map((t: { name: string }) => t.name)).toEqual(['Names']);
    expect((await api.request('GET', '/api/extras/export-templates/?mime_type=text/csv')).body.count).toBe(1);
    expect((await api.request('GET', '/api/extras/export-templates/?q=nam')).body.count).toBe(1);
  }, 60_000); // the first write starts the rendering thread (its syntax check)

  it("refuses NetBox's bad input, with nothing written", async () => {
    const bad = (body: Record<string, unknown>) => api.request('POST', '/api/extras/export-templates/', { name: 'X', object_types: ['dcim.site'], template_code: 'x', ...body });
    expect(await bad({ name: 'Table' })).toMatchObject({ status: 400, body: { name: ['"Table" is a reserved name. Please choose a different name.'] } });
    expect(await bad({ object_types: ['dcim.nothing'] })).toMatchObject({ status: 400, body: { object_types: ['Invalid content type: dcim.nothing'] } });
    expect(await bad({ object_types: [] })).toMatchObject({ status: 400, body: { object_types: ['This list may not be empty.'] } });
    expect(await bad({ environment_params: { finalize: 'x' } })).toMatchObject({ status: 400, body: { environment_params: ['The "finalize" parameter is deprecated and may not be set on new or modified templates.'] } });
    expect(await bad({ environment_params: { loader: 'x' } })).toMatchObject({ status: 400, body: { environment_params: ['"loader" is not a permitted Jinja2 environment parameter.'] } });
    expect(await bad({ environment_params: { undefined: 'x' } })).toMatchObject({ status: 400, body: { environment_params: ['Invalid value "x" for parameter "undefined". Allowed values are: jinja2.ChainableUndefined, jinja2.DebugUndefined, jinja2.StrictUndefined, jinja2.Undefined'] } });
    expect(await bad({ template_code: '{% for %}' })).toMatchObject({ status: 400, body: { template_code: [expect.stringMatching(/^Invalid template: syntax error: .*\(line 1\)$/)] } });
    expect((await api.request('GET', '/api/extras/export-templates/?name=X')).body.count).toBe(0);
  });

  it('renders the filtered list through ?export=<name>, as an attachment with its MIME type', async () => {
    const csv = await api.request('GET', '/api/dcim/sites/?export=CSV&status=active&limit=1');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv');
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="netbox_sites.csv"');
    expect(csv.body).toBe('name,status\nAlpha,active\nGamma,active\n');
    const names = await api.request('GET', '/api/dcim/sites/?export=Names&ordering=-name');
    expect(names.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(names.headers.get('content-disposition')).toBeNull();
    expect(names.body).toBe('Gamma Beta Alpha');
    // No device: an empty body (the test client reads it as null).
    expect(await api.request('GET', '/api/dcim/devices/?export=Names')).toMatchObject({ status: 200, body: null });
    expect(await api.request('GET', '/api/dcim/sites/?export=Nope')).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    expect(await api.request('GET', '/api/dcim/racks/?export=CSV')).toMatchObject({ status: 404 });
  });

  it("gives every object of the list its related managers, each with its own objects in NetBox's order, two levels deep", async () => {
    const site = (await api.request('GET', '/api/dcim/sites/?slug=alpha')).body.results[0].id;
    const manufacturer = await post('/api/dcim/manufacturers/', { name: 'Acme', slug: 'acme' });
    const type = await post('/api/dcim/device-types/', { manufacturer: manufacturer.id, model: 'R', slug: 'r' });
    const role = await post('/api/dcim/device-roles/', { name: 'Edge', slug: 'edge' });
    const [a, b] = await post('/api/dcim/devices/', ['a', 'b', 'c'].map((name) => ({ name, device_type: type.id, role: role.id, site })));
    const interfaces = await post('/api/dcim/interfaces/', [[b, 'eth10'], [a, 'eth2'], [b, 'eth9'], [a, 'eth1']].map(([device, name]) => ({ device: device.id, name, type: 'virtual' })));
    await post('/api/ipam/ip-addresses/', [['10.0.0.9/24', 2], ['10.0.0.3/24', 0], ['10.0.0.1/24', 2]].map(([address, i]) => ({ address, assigned_object_type: 'dcim.interface', assigned_object_id: interfaces[i as number].id })));
    await post('/api/extras/export-templates/', {
      name: 'Interfaces', object_types: ['dcim.device'], as_attachment: false,
      template_code: '{% for d in queryset %}{{ d.name }}({{ d.interfaces.count() }}):{% for i in d.interfaces.all() %} {{ i.name }}{% for ip in i.ip_addresses.all() %} {{ ip.address }}{% endfor %}{% endfor %}\n{% endfor %}',
    });
    const r = await api.request('GET', '/api/dcim/devices/?export=Interfaces&site_id=' + site + '&ordering=name');
    // Interfaces in natural order (eth9 before eth10), addresses by address.
    expect(r.body).toBe('a(2): eth1 eth2\nb(2): eth9 10.0.0.1/24 10.0.0.9/24 eth10 10.0.0.3/24\nc(0):\n');
  });
});
