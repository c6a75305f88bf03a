/**
 * End-to-end tests of `GET racks/{id}/elevation/`, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: the JSON units (NetBox's RackUnit shape, half units, faces, full-depth devices,
 * `exclude`, `expand_devices`, `q`, pagination, devices the caller may not view), NetBox's 400s
 * for bad parameters, and the SVG drawing, parsed by a real XML parser: units, device blocks in
 * their role's colour, reservations, a hostile device name escaped, a 48U rack of 40 devices.
 */
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

const SLOW = 60_000;

type Node = Record<string, any>;

/** The SVG as a tree (attributes prefixed `@_`, repeated elements always lists), after checking it is well-formed XML. */
function parseSvg(text: string): Node {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid)}`);
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => ['a', 'rect', 'text', 'clipPath', 'linearGradient', 'image'].includes(name), processEntities: true, htmlEntities: false }).parse(text).svg;
}

describe.each(testDatabases())('dcim rack elevations on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const elevation = (rack: number, query = '', headers?: Record<string, string>) => api.request('GET', `/api/dcim/racks/${rack}/elevation/${query ? `?${query}` : ''}`, undefined, headers);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.site = (await post('dcim/sites', { name: 'Paris', slug: 'paris' })).id;
    ids.manufacturer = (await post('dcim/manufacturers', { name: 'Acme & Sons', slug: 'acme' })).id;
    ids.oneU = (await post('dcim/device-types', { manufacturer: ids.manufacturer, model: 'Switch 1U', slug: 'switch-1u', u_height: 1, is_full_depth: false })).id;
    ids.twoU = (await post('dcim/device-types', { manufacturer: ids.manufacturer, model: 'Server 2U', slug: 'server-2u', u_height: 2 })).id;
    ids.dark = (await post('dcim/device-roles', { name: 'Core', slug: 'core', color: '112233' })).id;
    ids.light = (await post('dcim/device-roles', { name: 'Edge', slug: 'edge', color: 'ffeeaa' })).id;
    ids.rack = (await post('dcim/racks', { name: 'R1', site: ids.site, u_height: 42 })).id;
    const device = (body: Record<string, unknown>) => post('dcim/devices', { site: ids.site, rack: ids.rack, role: ids.dark, device_type: ids.oneU, ...body });
    ids.top = (await device({ name: 'top-switch', position: 42, face: 'front' })).id;
    ids.server = (await device({ name: 'db-server', position: 10, face: 'front', device_type: ids.twoU, role: ids.light, serial: 'SN1', description: 'primary' })).id;
    ids.rearOnly = (await device({ name: 'rear-switch', position: 5, face: 'rear' })).id;
    ids.hostile = (await device({ name: `<script>alert("x")</script> & 'co'`, position: 20, face: 'front' })).id;
    ids.reservation = (await post('dcim/rack-reservations', { rack: ids.rack, units: [30, 31, 33], user: 1, description: 'hold <for> "Q&A"' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('lists the rack’s half units, top first, as NetBox’s RackUnits', async () => {
    const r = await elevation(ids.rack, 'limit=0');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ count: 84, next: null, previous: null });
    const units = r.body.results;
    expect(units.map((u: { name: string }) => u.name).slice(0, 4)).toEqual(['U42.5', 'U42', 'U41.5', 'U41']);
    expect(units[units.length - 1].name).toBe('U1');
    const u42 = units.find((u: { name: string }) => u.name === 'U42');
    expect(Object.keys(u42)).toEqual(['id', 'name', 'face', 'device', 'occupied', 'display', 'description']);
    expect(u42).toEqual({
      id: 42,
      name: 'U42',
      face: { value: 'front', label: 'Front' },
      device: { id: ids.top, url: `http://nb.test/api/dcim/devices/${ids.top}/`, display: 'top-switch', name: 'top-switch', description: '' },
      occupied: true,
      display: 'U42',
      description: 'top-switch',
    });
    expect(units.find((u: { name: string }) => u.name === 'U42.5')).toMatchObject({ id: 42.5, device: { id: ids.top }, occupied: true });
    expect(units.find((u: { name: string }) => u.name === 'U41')).toMatchObject({ device: null, occupied: false, description: null });
    // A 2U device fills four half units; a rear, half-depth device is not on the front.
    const occupiedBy = (list: { device: { id: number } | null }[], id: number) => list.filter((u) => u.device?.id === id).length;
    expect(occupiedBy(units, ids.server)).toBe(4);
    expect(occupiedBy(units, ids.rearOnly)).toBe(0);
    // From the rear: the rear device, and the full-depth 2U server; the 1U switches are half depth.
    const rear = (await elevation(ids.rack, 'face=rear&limit=0')).body.results;
    expect(rear[0].face).toEqual({ value: 'rear', label: 'Rear' });
    expect(occupiedBy(rear, ids.rearOnly)).toBe(2);
    expect(occupiedBy(rear, ids.server)).toBe(4);
    expect(occupiedBy(rear, ids.top)).toBe(0);
  }, SLOW);

  it('applies exclude, expand_devices and q, and pages as NetBox does', async () => {
    const all = async (query: string) => (await elevation(ids.rack, `limit=0&${query}`)).body.results as { name: string; device: { id: number } | null; occupied: boolean }[];
    expect((await all(`exclude=${ids.server}`)).some((u) => u.device?.id === ids.server || (u.name === 'U10' && u.occupied))).toBe(false);
    const compact = await all('expand_devices=false');
    expect(compact.filter((u) => u.device?.id === ids.server).map((u) => u.name)).toEqual(['U10']);
    expect(compact.filter((u) => u.occupied).map((u) => u.name)).toEqual(['U42', 'U20', 'U10']);
    // NetBox's own test: q matches the id as Python prints it (`3.0`) or the name.
    expect((await elevation(ids.rack, 'q=3')).body.count).toBe(26);
    expect((await elevation(ids.rack, 'q=U3')).body.count).toBe(22);
    expect((await elevation(ids.rack, 'q=u10')).body.count).toBe(2);
    const first = await elevation(ids.rack);
    expect(first.body).toMatchObject({ count: 84, previous: null, next: `http://nb.test/api/dcim/racks/${ids.rack}/elevation/?limit=50&offset=50` });
    expect(first.body.results).toHaveLength(50);
    const second = await elevation(ids.rack, 'limit=50&offset=50');
    expect(second.body).toMatchObject({ next: null, previous: `http://nb.test/api/dcim/racks/${ids.rack}/elevation/?limit=50` });
    expect(second.body.results).toHaveLength(34);
    expect(second.body.results[0].name).toBe('U17.5');
  }, SLOW);

  it('answers NetBox’s 400s for bad parameters and 404 for a rack that is not there', async () => {
    const bad = await elevation(ids.rack, 'face=side&render=pdf&unit_width=wide&expand_devices=maybe&exclude=x&q=%20');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      q: ['This field may not be blank.'],
      face: ['"side" is not a valid choice.'],
      render: ['"pdf" is not a valid choice.'],
      unit_width: ['A valid integer is required.'],
      exclude: ['A valid integer is required.'],
      expand_devices: ['Must be a valid boolean.'],
    });
    // Empty values take the defaults, as DRF reads a query string.
    expect((await elevation(ids.rack, 'face=&render=&q=')).body.count).toBe(84);
    expect((await elevation(ids.rack, 'unit_width=5.0&include_images=off&render=svg')).status).toBe(200);
    expect(await elevation(999999)).toMatchObject({ status: 404, body: { detail: 'No Rack matches the given query.' } });
    expect((await elevation(999999, 'face=side')).status).toBe(404);
  }, SLOW);

  it('hides the devices a user may not view, and the racks too', async () => {
    const user = await post('users/users', { username: 'viewer', password: 'Viewer-pass-1' });
    await post('users/permissions', [
      { name: 'racks', users: [user.id], object_types: ['dcim.rack'], actions: ['view'] },
      { name: 'some devices', users: [user.id], object_types: ['dcim.device'], actions: ['view'], constraints: { name: 'top-switch' } },
    ]);
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'viewer', password: 'Viewer-pass-1' }, { Authorization: '' });
    const viewer = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    const units = (await elevation(ids.rack, 'limit=0', viewer)).body.results as { name: string; device: { id: number } | null; occupied: boolean }[];
    expect(units.find((u) => u.name === 'U42')!.device!.id).toBe(ids.top);
    expect(units.find((u) => u.name === 'U10')).toMatchObject({ device: null, occupied: true });
    const svg = parseSvg((await elevation(ids.rack, 'render=svg', viewer)).body);
    expect(svg.rect.filter((r: Node) => r['@_class'] === 'blocked')).toHaveLength(2);
    const hidden = await post('dcim/racks', { name: 'Hidden', site: ids.site });
    const limited = (await api.request('GET', '/api/users/permissions/?name=racks')).body.results[0];
    await api.request('PATCH', `/api/users/permissions/${limited.id}/`, { constraints: { name: 'R1' } });
    expect((await elevation(hidden.id, '', viewer)).status).toBe(404);
  }, SLOW);

  it('draws the elevation as SVG: units, devices in their role’s colour, reservations, escaped names', async () => {
    const r = await elevation(ids.rack, 'render=svg');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/svg+xml');
    const text = r.body as string;
    expect(text).not.toContain('<script>');
    const svg = parseSvg(text);
    expect(svg['@_width']).toBe(String(220 + 30 + 15 + 4));
    expect(svg['@_height']).toBe(String(22 * 42 + 4));
    // The legend: 42 unit numbers, top first.
    const legend = svg.text.filter((t: Node) => t['@_class'] === 'unit').map((t: Node) => String(t['#text']));
    expect(legend).toHaveLength(42);
    expect(legend.slice(0, 2)).toEqual(['42', '41']);
    const links: Node[] = svg.a;
    const deviceLink = (id: number) => links.find((a) => a['@_xlink:href'] === `http://nb.test/dcim/devices/${id}/`)!;
    // 42 "add device" slots, then a reservation bar per run of units, then the front's devices.
    expect(links.filter((a) => String(a['@_xlink:href']).startsWith('/dcim/devices/add/?'))).toHaveLength(42);
    const top = deviceLink(ids.top);
    expect(top.rect[0]).toMatchObject({ '@_style': 'fill: #112233', '@_class': 'slot', '@_height': '22', '@_y': String(2) });
    expect(top.text[0]).toMatchObject({ '#text': 'top-switch', '@_fill': '#ffffff' });
    const server = deviceLink(ids.server);
    expect(server.rect[0]).toMatchObject({ '@_style': 'fill: #ffeeaa', '@_height': '44', '@_y': String(2 + 22 * (42 - 10 + 1) - 44) });
    expect(server.text[0]).toMatchObject({ '#text': 'db-server', '@_fill': '#000000' });
    expect(server.title).toBe('Name: db-server\nRole: Edge\nStatus: Active\nDevice Type: Acme & Sons Server 2U (2U)\nSerial: SN1\nDescription: primary');
    expect(deviceLink(ids.rearOnly)).toBeUndefined();
    // The hostile name is text, not markup, and comes back as it was written.
    const hostile = deviceLink(ids.hostile);
    expect(hostile.title).toContain(`Name: <script>alert("x")</script> & 'co'`);
    expect(text).toContain('Name: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;co&apos;');
    expect(hostile.text[0]['#text']).toBe('<script>alert("x")</scri...');
    // The reservation: units 30-31 and 33, two bars in the margin, with its description.
    const bars = links.filter((a) => a['@_xlink:href'] === `http://nb.test/dcim/rack-reservations/${ids.reservation}/`);
    expect(bars).toHaveLength(2);
    expect(bars[0].title).toBe(`Reservation #${ids.reservation}: hold <for> "Q&A"`);
    expect(bars.map((b) => b.rect[0]['@_height'])).toEqual(['44', '22']);
    expect(bars[0].rect[0]).toMatchObject({ '@_class': 'reservation', '@_x': String(30 + 2 + 220 + 4), '@_width': '12' });
    // From the rear, the full-depth server is drawn from behind (striped, uncoloured), the rear switch in colour.
    const rear = parseSvg((await elevation(ids.rack, 'render=svg&face=rear&unit_width=300&unit_height=10&legend_width=40')).body);
    expect(rear['@_width']).toBe(String(300 + 40 + 15 + 4));
    const rearLink = (id: number) => (rear.a as Node[]).find((a) => a['@_xlink:href'] === `http://nb.test/dcim/devices/${id}/`)!;
    expect(rearLink(ids.server).rect[0]).toMatchObject({ '@_class': 'slot blocked', '@_height': '20' });
    expect(rearLink(ids.rearOnly).rect[0]).toMatchObject({ '@_style': 'fill: #112233', '@_height': '10' });
    expect(rearLink(ids.top)).toBeUndefined();
  }, SLOW);

  it('shades the devices a highlight does not match, as NetBox’s highlight lookups do', async () => {
    const classes = async (query: string) => {
      const svg = parseSvg((await elevation(ids.rack, `render=svg&${query}`)).body);
      const of = (id: number) => (svg.a as Node[]).find((a) => a['@_xlink:href'] === `http://nb.test/dcim/devices/${id}/`)!.rect[0]['@_class'];
      return [of(ids.top), of(ids.server), of(ids.hostile)];
    };
    expect(await classes('highlight=role__slug:edge')).toEqual(['slot shaded', 'slot', 'slot shaded']);
    expect(await classes('highlight=name:top-switch&highlight=name__icontains:DB-')).toEqual(['slot', 'slot', 'slot shaded']);
    // A lookup naming no field, one matching nothing, and one without a value change nothing.
    for (const query of ['highlight=colour:red', 'highlight=name:nothing', 'highlight=name', `highlight=id:${ids.top}`]) {
      const expected = query.startsWith('highlight=id:') ? ['slot', 'slot shaded', 'slot shaded'] : ['slot', 'slot', 'slot'];
      expect(await classes(query), query).toEqual(expected);
    }
  }, SLOW);

  it('answers any query with a 200 or NetBox’s 400, never a failure', async () => {
    const names = ['q', 'face', 'render', 'unit_width', 'unit_height', 'legend_width', 'margin_width', 'exclude', 'expand_devices', 'include_images', 'limit', 'offset', 'start', 'brief', 'highlight'];
    const values = fc.oneof(
      fc.constantFrom('', ' ', 'front', 'rear', 'svg', 'json', 'true', 'off', '0', '-1', '5.0', '1e3', '99999999999999999999', '2147483648', '-2147483649', 'NaN', '\u0000', '<x>&"\'', 'name:x'),
      fc.string({ maxLength: 12 }),
    );
    const query = fc.array(fc.tuple(fc.constantFrom(...names), values), { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString());
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const r = await elevation(ids.rack, q);
        expect([200, 400], q).toContain(r.status);
        if (r.status === 400) expect(typeof r.body === 'object' && r.body !== null, q).toBe(true);
        else if (typeof r.body === 'string') expect(XMLValidator.validate(r.body), q).toBe(true);
        else expect(r.body.results.length, q).toBeLessThanOrEqual(84);
      }),
      { numRuns: 150, seed: 20261126 },
    );
  }, SLOW);

  it('draws a 48U rack of 40 devices', async () => {
    const rack = await post('dcim/racks', { name: 'Big', site: ids.site, u_height: 48 });
    await post('dcim/devices', Array.from({ length: 40 }, (_, i) => ({ name: `node-${i + 1}`, site: ids.site, rack: rack.id, position: i + 1, face: 'front', role: i % 2 ? ids.dark : ids.light, device_type: ids.oneU })));
    const svg = parseSvg((await elevation(rack.id, 'render=svg')).body);
    const devices = (svg.a as Node[]).filter((a) => /\/dcim\/devices\/\d+\/$/.test(String(a['@_xlink:href'])));
    expect(devices).toHaveLength(40);
    expect(new Set(devices.map((a) => a.rect[0]['@_style']))).toEqual(new Set(['fill: #112233', 'fill: #ffeeaa']));
    expect(svg.text.filter((t: Node) => t['@_class'] === 'unit')).toHaveLength(48);
    expect(svg.defs.clipPath).toHaveLength(40);
    const json = await elevation(rack.id, 'limit=0');
    expect(json.body.count).toBe(96);
    expect(json.body.results.filter((u: { occupied: boolean }) => u.occupied)).toHaveLength(80);
  }, SLOW);
});
