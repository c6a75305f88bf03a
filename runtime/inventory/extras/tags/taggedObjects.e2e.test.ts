/**
 * Tag assignments across models: /api/extras/tagged-objects/ (read-only, NetBox's TaggedItem with
 * the nested object and tag, every TaggedItemFilterSet filter) and the tags' `tagged_items` counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectTypeId } from '../../../kinds/index.ts';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('tagged objects on $name', (database) => {
  let api: TestClient;
  let site: any;
  let tenant: any;
  let vm: any;
  const tags: Record<string, any> = {};
  const listed = async (query = '') => (await api.request('GET', `/api/extras/tagged-objects/?${query}`)).body;
  const displays = async (query: string) => (await listed(`${query}&ordering=id`)).results?.map((t: any) => t.display);
  const taggedItems = async (slug: string) => (await api.request('GET', `/api/extras/tags/?slug=${slug}`)).body.results[0].tagged_items;

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    for (const [name, slug] of [['Alpha', 'alpha'], ['Beta', 'beta'], ['Unused', 'unused']]) {
      tags[slug] = (await api.request('POST', '/api/extras/tags/', { name, slug, description: `${name} things` })).body;
    }
    site = (await api.request('POST', '/api/dcim/sites/', { name: 'Paris', slug: 'paris', tags: [{ slug: 'alpha' }, { slug: 'beta' }] })).body;
    tenant = (await api.request('POST', '/api/tenancy/tenants/', { name: 'Acme', slug: 'acme', tags: [{ slug: 'alpha' }] })).body;
    const type = (await api.request('POST', '/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' })).body;
    const cluster = (await api.request('POST', '/api/virtualization/clusters/', { name: 'C1', type: type.id })).body;
    vm = (await api.request('POST', '/api/virtualization/virtual-machines/', { name: 'vm1', cluster: cluster.id, tags: [{ slug: 'beta' }] })).body;
    expect(vm.tags).toHaveLength(1);
  }, 60_000);
  afterAll(async () => api?.close());

  it('lists every tag assignment with the nested object and tag, as NetBox shows it', async () => {
    const body = await listed('ordering=id');
    expect(body.count).toBe(4);
    const [first] = body.results;
    expect(Object.keys(first)).toEqual(['id', 'url', 'display', 'object_type', 'object_id', 'object', 'tag']);
    expect(first).toMatchObject({
      url: `http://nb.test/api/extras/tagged-objects/${first.id}/`,
      display: 'Paris tagged with Alpha',
      object_type: 'dcim.site',
      object_id: site.id,
      object: { id: site.id, url: site.url, display: 'Paris', name: 'Paris', slug: 'paris' },
    });
    expect(first.tag).toEqual({ id: tags.alpha.id, url: tags.alpha.url, display_url: tags.alpha.display_url, display: 'Alpha', name: 'Alpha', slug: 'alpha', color: '9e9e9e' });
    expect(body.results.map((r: any) => [r.object_type, r.object.display, r.tag.slug])).toEqual([
      ['dcim.site', 'Paris', 'alpha'],
      ['dcim.site', 'Paris', 'beta'],
      ['tenancy.tenant', 'Acme', 'alpha'],
      ['virtualization.virtualmachine', 'vm1', 'beta'],
    ]);
    // The brief form is the same set; the detail view shows the one assignment.
    expect((await listed('brief=1&ordering=id')).results[0]).toEqual(first);
    expect((await api.request('GET', `/api/extras/tagged-objects/${first.id}/`)).body).toEqual(first);
  }, 30_000);

  it('serves every TaggedItemFilterSet filter', async () => {
    expect(await displays('tag=alpha')).toEqual(['Paris tagged with Alpha', 'Acme tagged with Alpha']);
    expect(await displays('tag__n=alpha')).toEqual(['Paris tagged with Beta', 'vm1 tagged with Beta']);
    expect(await displays(`tag_id=${tags.beta.id}`)).toEqual(['Paris tagged with Beta', 'vm1 tagged with Beta']);
    expect(await displays(`tag_id__n=${tags.beta.id}`)).toEqual(['Paris tagged with Alpha', 'Acme tagged with Alpha']);
    expect(await displays('object_type=tenancy.tenant')).toEqual(['Acme tagged with Alpha']);
    expect(await displays('object_type__n=dcim.site')).toEqual(['Acme tagged with Alpha', 'vm1 tagged with Beta']);
    expect(await displays(`object_type_id=${objectTypeId('virtualization.virtualmachine')}`)).toEqual(['vm1 tagged with Beta']);
    expect(await displays(`object_type_id__n=${objectTypeId('dcim.site')}`)).toEqual(['Acme tagged with Alpha', 'vm1 tagged with Beta']);
    expect(await displays(`object_type=dcim.site&object_id=${site.id}`)).toEqual(['Paris tagged with Alpha', 'Paris tagged with Beta']);
    expect((await listed(`object_id__gte=0`)).count).toBe(4);
    // `q` searches the tag's name, slug and description.
    expect(await displays('q=alp')).toEqual(['Paris tagged with Alpha', 'Acme tagged with Alpha']);
    expect(await displays('q=beta things')).toEqual(['Paris tagged with Beta', 'vm1 tagged with Beta']);
    expect((await listed('tag=nothing')).count).toBeUndefined();
    expect(await listed('tag=nothing')).toEqual({ tag: ['Select a valid choice. nothing is not one of the available choices.'] });
    expect(await listed('object_type_id=12')).toEqual({ object_type_id: ['Select a valid choice. 12 is not one of the available choices.'] });
  }, 30_000);

  it('is read-only: assignments are written through the objects\' tags', async () => {
    const [first] = (await listed('ordering=id')).results;
    expect((await api.request('POST', '/api/extras/tagged-objects/', { object_type: 'dcim.site', object_id: site.id, tag: tags.unused.id })).status).toBe(405);
    expect((await api.request('PATCH', `/api/extras/tagged-objects/${first.id}/`, { tag: tags.unused.id })).status).toBe(405);
    expect((await api.request('DELETE', `/api/extras/tagged-objects/${first.id}/`)).status).toBe(405);
    expect((await listed()).count).toBe(4);
  }, 30_000);

  it('counts every assignment of a tag across models, and follows objects and tags going away', async () => {
    expect(await taggedItems('alpha')).toBe(2);
    expect(await taggedItems('beta')).toBe(2);
    expect(await taggedItems('unused')).toBe(0);
    await api.request('PATCH', `/api/tenancy/tenants/${tenant.id}/`, { add_tags: [{ slug: 'beta' }, { slug: 'unused' }] });
    expect(await taggedItems('beta')).toBe(3);
    expect(await taggedItems('unused')).toBe(1);
    expect((await api.request('DELETE', `/api/dcim/sites/${site.id}/`)).status).toBe(204);
    expect(await taggedItems('alpha')).toBe(1);
    expect(await taggedItems('beta')).toBe(2);
    expect(await displays('object_type=dcim.site')).toEqual([]);
    expect((await api.request('DELETE', `/api/extras/tags/${tags.beta.id}/`)).status).toBe(204);
    expect(await displays('')).toEqual(['Acme tagged with Alpha', 'Acme tagged with Unused']);
  }, 30_000);
});
