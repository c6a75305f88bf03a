/**
 * End-to-end tests of power panels and power feeds, on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: shapes and brief forms, defaults, NetBox's validation messages (nothing written on
 * a 400), `available_power` as NetBox's save() computes it (filterable, never shown), filters,
 * natural ordering, counts on panels and racks, the cables' `powerfeed_id`, protected deletes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

/** Many requests per test, on a shared machine: generous limits. */
const SLOW = 60_000;

describe.each(testDatabases())('dcim power on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', `/api/dcim/${path}/`, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const list = async (path: string, query: string, key = 'name') => (await api.request('GET', `/api/dcim/${path}/?${query}&limit=0`)).body.results.map((o: any) => o[key]);
  const count = async (path: string) => (await api.request('GET', `/api/dcim/${path}/?limit=1`)).body.count;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    ids.region = (await post('regions', { name: 'Europe', slug: 'europe' })).id;
    ids.siteA = (await post('sites', { name: 'Site A', slug: 'site-a', region: ids.region })).id;
    ids.siteB = (await post('sites', { name: 'Site B', slug: 'site-b' })).id;
    ids.locationA = (await post('locations', { name: 'Hall A', slug: 'hall-a', site: ids.siteA })).id;
    ids.locationB = (await post('locations', { name: 'Hall B', slug: 'hall-b', site: ids.siteB })).id;
    ids.rackA = (await post('racks', { name: 'R1', site: ids.siteA, location: ids.locationA })).id;
    ids.rackB = (await post('racks', { name: 'R9', facility_id: 'F-9', site: ids.siteB })).id;
    ids.tenant = (await post('../tenancy/tenants', { name: 'Acme', slug: 'acme' })).id;
  }, SLOW);
  afterAll(async () => api?.close());

  it('creates power panels in their site, naturally ordered, and refuses a location of another site', async () => {
    const panel = await post('power-panels', { site: ids.siteA, location: ids.locationA, name: 'Panel 10' });
    ids.panel10 = panel.id;
    expect(Object.keys(panel)).toEqual([
      'id', 'url', 'display_url', 'display', 'site', 'location', 'name', 'description', 'owner', 'comments', 'tags', 'custom_fields', 'powerfeed_count', 'created', 'last_updated',
    ]);
    expect(panel).toMatchObject({ display: 'Panel 10', site: { id: ids.siteA, name: 'Site A', slug: 'site-a' }, location: { id: ids.locationA, name: 'Hall A' }, powerfeed_count: 0 });
    ids.panel2 = (await post('power-panels', { site: ids.siteA, name: 'Panel 2' })).id;
    ids.panelB = (await post('power-panels', { site: ids.siteB, name: 'Panel 2', description: 'B side' })).id;

    const before = await count('power-panels');
    const elsewhere = await api.request('POST', '/api/dcim/power-panels/', { site: ids.siteA, location: ids.locationB, name: 'Panel X' });
    expect([elsewhere.status, elsewhere.body]).toEqual([400, { __all__: ['Location Hall B (Site B) is in a different site than Site A'] }]);
    const moved = await api.request('PATCH', `/api/dcim/power-panels/${ids.panel10}/`, { site: ids.siteB });
    expect([moved.status, moved.body]).toEqual([400, { __all__: ['Location Hall A (Site A) is in a different site than Site B'] }]);
    const twice = await api.request('POST', '/api/dcim/power-panels/', { site: ids.siteA, name: 'Panel 2' });
    expect([twice.status, twice.body]).toEqual([400, { __all__: ['Power panel with this Site and Name already exists.'] }]);
    const nameless = await api.request('POST', '/api/dcim/power-panels/', { site: ids.siteA });
    expect([nameless.status, nameless.body]).toEqual([400, { name: ['This field is required.'] }]);
    expect(await count('power-panels')).toBe(before);

    // Ordered by site, then the name's natural order.
    expect(await list('power-panels', 'site_id=' + ids.siteA, 'id')).toEqual([ids.panel2, ids.panel10]);
    const brief = await api.request('GET', `/api/dcim/power-panels/?brief=true&id=${ids.panelB}`);
    expect(brief.body.results).toEqual([{ id: ids.panelB, url: `http://nb.test/api/dcim/power-panels/${ids.panelB}/`, display: 'Panel 2', name: 'Panel 2', description: 'B side', powerfeed_count: 0 }]);
  }, SLOW);

  it('filters power panels as NetBox does', async () => {
    expect(await list('power-panels', 'site=site-b', 'id')).toEqual([ids.panelB]);
    expect(await list('power-panels', 'region=europe', 'id')).toEqual([ids.panel2, ids.panel10]);
    expect(await list('power-panels', `region_id=${ids.region}`, 'id')).toEqual([ids.panel2, ids.panel10]);
    expect(await list('power-panels', `location_id=${ids.locationA}`, 'id')).toEqual([ids.panel10]);
    expect(await list('power-panels', 'q=b side', 'id')).toEqual([ids.panelB]);
    expect(await list('power-panels', 'name__ic=10', 'id')).toEqual([ids.panel10]);
    const unknown = await api.request('GET', '/api/dcim/power-panels/?site=nowhere');
    expect([unknown.status, unknown.body]).toEqual([400, { site: ['Select a valid choice. nowhere is not one of the available choices.'] }]);
  }, SLOW);

  it('creates power feeds with NetBox’s defaults and cable fields, keeping available power hidden but filterable', async () => {
    const feed = await post('power-feeds', { power_panel: ids.panel10, rack: ids.rackA, name: 'Feed 1' });
    ids.feed1 = feed.id;
    expect(Object.keys(feed)).toEqual([
      'id', 'url', 'display_url', 'display', 'power_panel', 'rack', 'name', 'status', 'type', 'supply', 'phase', 'voltage', 'amperage', 'max_utilization',
      'mark_connected', 'cable', 'cable_end', 'link_peers', 'link_peers_type', 'connected_endpoints', 'connected_endpoints_type', 'connected_endpoints_reachable',
      'description', 'tenant', 'owner', 'comments', 'tags', 'custom_fields', 'created', 'last_updated', '_occupied',
    ]);
    expect(feed).toMatchObject({
      display: 'Feed 1',
      power_panel: { id: ids.panel10, name: 'Panel 10', description: '', powerfeed_count: 1 },
      rack: { id: ids.rackA, name: 'R1' },
      status: { value: 'active', label: 'Active' },
      type: { value: 'primary', label: 'Primary' },
      supply: { value: 'ac', label: 'AC' },
      phase: { value: 'single-phase', label: 'Single phase' },
      voltage: 120,
      amperage: 15,
      max_utilization: 80,
      mark_connected: false,
      cable: null,
      cable_end: null,
      link_peers: [],
      link_peers_type: null,
      connected_endpoints: null,
      connected_endpoints_type: null,
      tenant: null,
      _occupied: false,
    });
    expect(feed).not.toHaveProperty('available_power');
    // 120 V × 15 A × 80 %.
    expect(await list('power-feeds', 'available_power=1440', 'id')).toEqual([ids.feed1]);

    // Three-phase: × 1.732, rounded (208 × 30 × 0.8 × 1.732 = 8646.144).
    ids.feed3 = (await post('power-feeds', { power_panel: ids.panel10, name: 'Feed 3', phase: 'three-phase', voltage: 208, amperage: 30, status: 'planned', type: 'redundant', tenant: ids.tenant, mark_connected: true })).id;
    expect(await list('power-feeds', 'available_power=8646', 'id')).toEqual([ids.feed3]);
    // Python's round(): halves go to the even neighbour (2.5 → 2, 1.5 → 2); a DC feed may be negative.
    ids.feedHalf = (await post('power-feeds', { power_panel: ids.panelB, name: 'Feed 2.5', supply: 'dc', voltage: -5, amperage: 1, max_utilization: 50 })).id;
    ids.feedOneHalf = (await post('power-feeds', { power_panel: ids.panelB, name: 'Feed 1.5', supply: 'dc', voltage: 3, amperage: 1, max_utilization: 50 })).id;
    expect(await list('power-feeds', 'available_power=2', 'id')).toEqual([ids.feedOneHalf, ids.feedHalf]);
    // A change of any factor recomputes it.
    expect((await api.request('PATCH', `/api/dcim/power-feeds/${ids.feed1}/`, { phase: 'three-phase' })).status).toBe(200);
    expect(await list('power-feeds', 'available_power__gte=2000&available_power__lt=3000', 'id')).toEqual([ids.feed1]);

    const brief = await api.request('GET', `/api/dcim/power-feeds/${ids.feed3}/?brief=true`);
    expect(brief.body).toEqual({ id: ids.feed3, url: `http://nb.test/api/dcim/power-feeds/${ids.feed3}/`, display: 'Feed 3', name: 'Feed 3', description: '', cable: null, _occupied: true });
    const panel = await api.request('GET', `/api/dcim/power-panels/${ids.panel10}/`);
    expect(panel.body.powerfeed_count).toBe(2);
    const rack = await api.request('GET', `/api/dcim/racks/${ids.rackA}/`);
    expect(rack.body.powerfeed_count).toBe(1);
  }, SLOW);

  it('refuses invalid power feeds with NetBox’s messages, writing nothing', async () => {
    const before = await count('power-feeds');
    const refused = async (body: Record<string, unknown>) => {
      const r = await api.request('POST', '/api/dcim/power-feeds/', { power_panel: ids.panel10, name: 'Bad', ...body });
      return [r.status, r.body];
    };
    expect(await refused({ voltage: 0 })).toEqual([400, { voltage: ['This value may not be [0].'] }]);
    expect(await refused({ voltage: -230 })).toEqual([400, { voltage: ['Voltage cannot be negative for AC supply'] }]);
    expect(await refused({ amperage: 0 })).toEqual([400, { amperage: ['Ensure this value is greater than or equal to 1.'] }]);
    expect(await refused({ max_utilization: 101 })).toEqual([400, { max_utilization: ['Ensure this value is less than or equal to 100.'] }]);
    expect(await refused({ rack: ids.rackB })).toEqual([400, { __all__: ['Rack R9 (F-9) (Site B) and power panel Panel 10 (Site A) are in different sites.'] }]);
    expect(await refused({ phase: 'two-phase' })).toEqual([400, { phase: ['two-phase is not a valid choice.'] }]);
    expect(await refused({ name: 'Feed 1' })).toEqual([400, { __all__: ['Power feed with this Power panel and Name already exists.'] }]);
    expect(await count('power-feeds')).toBe(before);
    const moved = await api.request('PATCH', `/api/dcim/power-feeds/${ids.feed1}/`, { power_panel: ids.panelB });
    expect([moved.status, moved.body]).toEqual([400, { __all__: ['Rack R1 (Site A) and power panel Panel 2 (Site B) are in different sites.'] }]);
  }, SLOW);

  it('filters power feeds as NetBox does', async () => {
    expect(await list('power-feeds', 'site=site-a', 'id')).toEqual(expect.arrayContaining([ids.feed1, ids.feed3]));
    expect(await list('power-feeds', `site_id=${ids.siteB}`, 'id')).toEqual([ids.feedOneHalf, ids.feedHalf]);
    expect(await list('power-feeds', 'region=europe', 'id')).toHaveLength(2);
    expect(await list('power-feeds', `power_panel_id=${ids.panelB}`, 'id')).toEqual([ids.feedOneHalf, ids.feedHalf]);
    expect(await list('power-feeds', `rack_id=${ids.rackA}`, 'id')).toEqual([ids.feed1]);
    expect(await list('power-feeds', 'status=planned', 'id')).toEqual([ids.feed3]);
    expect(await list('power-feeds', 'status__n=planned&site=site-a', 'id')).toEqual([ids.feed1]);
    expect(await list('power-feeds', 'type=redundant', 'id')).toEqual([ids.feed3]);
    expect(await list('power-feeds', 'supply=dc', 'id')).toEqual([ids.feedOneHalf, ids.feedHalf]);
    expect(await list('power-feeds', 'phase=single-phase', 'id')).toEqual([ids.feedOneHalf, ids.feedHalf]);
    expect(await list('power-feeds', 'voltage__lt=0', 'id')).toEqual([ids.feedHalf]);
    expect(await list('power-feeds', 'tenant=acme', 'id')).toEqual([ids.feed3]);
    expect(await list('power-feeds', 'mark_connected=true', 'id')).toEqual([ids.feed3]);
    expect(await list('power-feeds', 'occupied=true', 'id')).toEqual([ids.feed3]);
    expect(await list('power-feeds', 'occupied=false', 'id')).toHaveLength(3);
    expect(await list('power-feeds', 'cabled=true', 'id')).toEqual([]);
    expect(await list('power-feeds', 'connected=false', 'id')).toHaveLength(4);
    expect(await list('power-feeds', 'q=panel 10', 'id')).toHaveLength(2);
    const bad = await api.request('GET', '/api/dcim/power-feeds/?cabled=maybe');
    expect([bad.status, bad.body]).toEqual([400, { cabled: ['Select a valid choice. maybe is not one of the available choices.'] }]);
    const badChoice = await api.request('GET', '/api/dcim/power-feeds/?supply=xx');
    expect(badChoice.status).toBe(400);
  }, SLOW);

  it("answers the cables' and terminations' powerfeed_id as number filters", async () => {
    for (const path of ['cables', 'cable-terminations']) {
      const none = await api.request('GET', `/api/dcim/${path}/?powerfeed_id=${ids.feed1}`);
      expect([none.status, none.body.count]).toEqual([200, 0]);
      const bad = await api.request('GET', `/api/dcim/${path}/?powerfeed_id=x`);
      expect([bad.status, bad.body]).toEqual([400, { powerfeed_id: ['Enter a number.'] }]);
    }
    // Cables on power feeds: runtime/inventory/dcim/cables/portCables.e2e.test.ts.
  }, SLOW);

  it('protects panels and racks that feeds use, and deletes feeds', async () => {
    expect((await api.request('DELETE', `/api/dcim/power-panels/${ids.panelB}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/racks/${ids.rackA}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/sites/${ids.siteB}/`)).status).toBe(409);
    expect((await api.request('DELETE', `/api/dcim/power-feeds/${ids.feedHalf}/`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/dcim/power-feeds/${ids.feedOneHalf}/`)).status).toBe(204);
    expect((await api.request('DELETE', `/api/dcim/power-panels/${ids.panelB}/`)).status).toBe(204);
    expect((await api.request('GET', `/api/dcim/power-panels/${ids.panelB}/`)).status).toBe(404);
  }, SLOW);
});
