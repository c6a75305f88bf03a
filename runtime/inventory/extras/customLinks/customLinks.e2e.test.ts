/**
 * End-to-end tests of custom links, on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: NetBox's
 * fields, defaults and brief form, its ordering (group, weight, name), the filters of
 * CustomLinkFilterSet, the button classes (ButtonColorChoices and `ghost-dark`), the object types
 * (models with custom links only), the unique name, and the view/add permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('custom links on $name', (database) => {
  let api: TestClient;
  const ids: Record<string, number> = {};
  const post = async (path: string, body: unknown) => {
    const r = await api.request('POST', path, body);
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const names = async (q: string) => (await api.request('GET', `/api/extras/custom-links/?${q}`)).body.results.map((l: { name: string }) => l.name);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
  }, 120_000);
  afterAll(async () => api?.close());

  it("creates links with NetBox's fields, defaults, brief form and ordering", async () => {
    const created = await post('/api/extras/custom-links/', { name: 'Graphs', object_types: ['dcim.device'], link_text: 'Graphs of {{ object.name }}', link_url: 'https://m.example.com/{{ object.name }}' });
    expect(Object.keys(created)).toEqual(['id', 'url', 'display_url', 'display', 'object_types', 'name', 'enabled', 'link_text', 'link_url', 'weight', 'group_name', 'button_class', 'new_window', 'owner', 'created', 'last_updated']);
    expect(created).toMatchObject({ display: 'Graphs', enabled: true, weight: 100, group_name: '', button_class: 'default', new_window: false, owner: null });
    ids.graphs = created.id;
    const [wiki, docs] = await post('/api/extras/custom-links/', [
      { name: 'Wiki', object_types: ['dcim.site', 'dcim.device'], link_text: 'Wiki', link_url: 'https://wiki/{{ object.slug }}', group_name: 'Tools', weight: 10, button_class: 'ghost-dark', new_window: true },
      { name: 'Docs', object_types: ['ipam.prefix'], link_text: 'Docs', link_url: 'https://docs/', group_name: 'Tools', weight: 10, enabled: false, button_class: 'purple' },
    ]);
    Object.assign(ids, { wiki: wiki.id, docs: docs.id });
    const brief = await api.request('GET', `/api/extras/custom-links/${wiki.id}/?brief=true`);
    expect(Object.keys(brief.body)).toEqual(['id', 'url', 'display', 'name']);
    expect(await names('')).toEqual(['Graphs', 'Docs', 'Wiki']);
  });

  it("filters as CustomLinkFilterSet does", async () => {
    expect(await names('object_type=dcim.device')).toEqual(['Graphs', 'Wiki']);
    expect(await names('enabled=false')).toEqual(['Docs']);
    expect(await names('new_window=true')).toEqual(['Wiki']);
    expect(await names('button_class=ghost-dark')).toEqual(['Wiki']);
    expect(await names('group_name=Tools&weight=10')).toEqual(['Docs', 'Wiki']);
    expect(await names('link_url__ic=wiki')).toEqual(['Wiki']);
    expect(await names('link_text__isw=graphs')).toEqual(['Graphs']);
    expect(await names('q=docs')).toEqual(['Docs']);
    expect(await names('weight__gt=50')).toEqual(['Graphs']);
    expect((await api.request('GET', '/api/extras/custom-links/?button_class=nope')).status).toBe(400);
  });

  it("refuses NetBox's bad input, with nothing written", async () => {
    const bad = (body: Record<string, unknown>) => api.request('POST', '/api/extras/custom-links/', { name: 'X', object_types: ['dcim.site'], link_text: 'x', link_url: 'y', ...body });
    expect(await bad({ name: 'Wiki' })).toMatchObject({ status: 400, body: { name: ['custom link with this name already exists.'] } });
    expect(await bad({ object_types: ['dcim.nothing'] })).toMatchObject({ status: 400, body: { object_types: ['Invalid content type: dcim.nothing'] } });
    // A model without custom links (a tag, an ObjectChange) is no choice.
    expect(await bad({ object_types: ['extras.tag'] })).toMatchObject({ status: 400, body: { object_types: ['Invalid content type: extras.tag'] } });
    expect(await bad({ object_types: [] })).toMatchObject({ status: 400, body: { object_types: ['This list may not be empty.'] } });
    // A plain model choice: DRF's own ChoiceField message, quoted.
    expect(await bad({ button_class: 'rainbow' })).toMatchObject({ status: 400, body: { button_class: ['"rainbow" is not a valid choice.'] } });
    expect(await bad({ link_text: '' })).toMatchObject({ status: 400, body: { link_text: ['This field may not be blank.'] } });
    expect(await bad({ weight: -1 })).toMatchObject({ status: 400, body: { weight: ['Ensure this value is greater than or equal to 0.'] } });
    expect((await api.request('GET', '/api/extras/custom-links/')).body.count).toBe(3);
  });

  it('needs the view and add permissions', async () => {
    const user = await post('/api/users/users/', { username: 'viewer', password: 'Viewer-pass-1' });
    await post('/api/users/permissions/', { name: 'view enabled links', users: [user.id], object_types: ['extras.customlink'], actions: ['view'], constraints: { enabled: true } });
    const token = await api.request('POST', '/api/users/tokens/provision/', { username: 'viewer', password: 'Viewer-pass-1' }, { Authorization: '' });
    const viewer = { Authorization: `Token nbt_${token.body.key}.${token.body.token}` };
    expect((await api.request('GET', '/api/extras/custom-links/', undefined, viewer)).body.results.map((l: { name: string }) => l.name)).toEqual(['Graphs', 'Wiki']);
    expect((await api.request('GET', `/api/extras/custom-links/${ids.docs}/`, undefined, viewer)).status).toBe(404);
    expect((await api.request('POST', '/api/extras/custom-links/', { name: 'Y', object_types: ['dcim.site'], link_text: 'y', link_url: 'y' }, viewer)).status).toBe(403);
  });
});
