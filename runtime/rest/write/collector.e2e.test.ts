/**
 * Deletes collected by the application (DeleteCollector): a delete removes the tag assignments,
 * journal entries and link rows of everything it removes (before the redesign they were left
 * behind), cascades through trees, clears SET_NULL references, and is refused with NetBox's 409
 * naming the dependents when a PROTECT reference holds — writing nothing. PostgreSQL's foreign
 * keys are NO ACTION: the application does the cascade, the database only guards it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAG_LINK } from '../../contract/index.ts';
import { testDatabases } from '../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../testing/inventoryApp.ts';

/** Booting an app on a fresh database takes seconds, more on a loaded machine. */
const BOOT_TIMEOUT = 60_000;

describe.each(testDatabases())('collected deletes on $name', (database) => {
  let api: TestClient;
  let tag: any;
  let seq = 0;

  const post = async (path: string, body: unknown) => {
    const response = await api.request('POST', path, body);
    expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(201);
    return response.body;
  };
  const unique = (prefix: string) => `${prefix}-${++seq}`;
  const site = (extra: Record<string, unknown> = {}) => {
    const name = unique('site');
    return post('/api/dcim/sites/', { name, slug: name, ...extra });
  };
  const journal = (objectType: string, id: number) => post('/api/extras/journal-entries/', { assigned_object_type: objectType, assigned_object_id: id, comments: 'note', tags: [tag.id] });
  const count = async (sql: string, params: unknown[]) => Number((await api.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n);
  const tagLinks = (objectType: string, ids: number[]) => count(`"${TAG_LINK.table}" WHERE "${TAG_LINK.objectType}" = $1 AND "${TAG_LINK.objectId}" = ANY($2::int[])`, [objectType, ids]);
  const rows = (table: string, ids: number[]) => count(`"${table}" WHERE id = ANY($1::int[])`, [ids]);

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    tag = await post('/api/extras/tags/', { name: 'Keep', slug: 'keep' });
  }, BOOT_TIMEOUT);
  afterAll(async () => api?.close());

  it("removes a site's tag assignments and journal entries (and theirs) with it", async () => {
    const doomed = await site({ tags: [tag.id] });
    const kept = await site({ tags: [tag.id] });
    const entries = [await journal('dcim.site', doomed.id), await journal('dcim.site', doomed.id)];
    const keptEntry = await journal('dcim.site', kept.id);
    expect(await tagLinks('dcim.site', [doomed.id])).toBe(1);
    expect(await tagLinks('extras.journalentry', entries.map((e) => e.id))).toBe(2);

    expect((await api.request('DELETE', `/api/dcim/sites/${doomed.id}/`)).status).toBe(204);

    expect(await tagLinks('dcim.site', [doomed.id])).toBe(0);
    expect(await rows('extras_journal_entry', entries.map((e) => e.id))).toBe(0);
    expect(await tagLinks('extras.journalentry', entries.map((e) => e.id))).toBe(0);
    // Other objects keep theirs, and the tag itself stays.
    expect(await tagLinks('dcim.site', [kept.id])).toBe(1);
    expect((await api.request('GET', `/api/extras/journal-entries/${keptEntry.id}/`)).status).toBe(200);
    expect((await api.request('GET', `/api/extras/tags/${tag.id}/`)).body.tagged_items).toBe(2);
  });

  it('cascades through a tree: child regions go, with their journal entries and tag assignments', async () => {
    const root = await post('/api/dcim/regions/', { name: unique('root'), slug: unique('root'), tags: [tag.id] });
    const child = await post('/api/dcim/regions/', { name: unique('child'), slug: unique('child'), parent: root.id, tags: [tag.id] });
    const grandchild = await post('/api/dcim/regions/', { name: unique('gc'), slug: unique('gc'), parent: child.id, tags: [tag.id] });
    const sibling = await post('/api/dcim/regions/', { name: unique('sibling'), slug: unique('sibling'), tags: [tag.id] });
    const entries = [await journal('dcim.region', child.id), await journal('dcim.region', grandchild.id)];
    const regions = [root.id, child.id, grandchild.id];

    expect((await api.request('DELETE', `/api/dcim/regions/${root.id}/`)).status).toBe(204);

    expect(await rows('dcim_region', regions)).toBe(0);
    expect(await tagLinks('dcim.region', regions)).toBe(0);
    expect(await rows('extras_journal_entry', entries.map((e) => e.id))).toBe(0);
    expect(await tagLinks('extras.journalentry', entries.map((e) => e.id))).toBe(0);
    expect(await rows('dcim_region', [sibling.id])).toBe(1);
    expect(await tagLinks('dcim.region', [sibling.id])).toBe(1);
  });

  it('clears SET_NULL references: sites keep going without their region', async () => {
    const region = await post('/api/dcim/regions/', { name: unique('r'), slug: unique('r') });
    const child = await post('/api/dcim/regions/', { name: unique('r'), slug: unique('r'), parent: region.id });
    const a = await site({ region: region.id });
    const b = await site({ region: child.id });
    expect((await api.request('DELETE', `/api/dcim/regions/${region.id}/`)).status).toBe(204);
    for (const s of [a, b]) {
      const after = await api.request('GET', `/api/dcim/sites/${s.id}/`);
      expect(after.status).toBe(200);
      expect(after.body.region).toBeNull();
    }
  });

  it("refuses a PROTECT reference with NetBox's 409 naming the dependents, and writes nothing", async () => {
    const tenant = await post('/api/tenancy/tenants/', { name: unique('tenant'), slug: unique('tenant'), tags: [tag.id] });
    const a = await site({ tenant: tenant.id });
    const b = await site({ tenant: tenant.id });
    const entry = await journal('tenancy.tenant', tenant.id);
    const refused = await api.request('DELETE', `/api/tenancy/tenants/${tenant.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: `Unable to delete object. 2 dependent objects were found: ${a.name} (${a.id}), ${b.name} (${b.id})` });
    expect((await api.request('GET', `/api/tenancy/tenants/${tenant.id}/`)).status).toBe(200);
    expect(await tagLinks('tenancy.tenant', [tenant.id])).toBe(1);
    expect((await api.request('GET', `/api/extras/journal-entries/${entry.id}/`)).status).toBe(200);
    expect((await api.request('GET', `/api/dcim/sites/${a.id}/`)).body.tenant.id).toBe(tenant.id);
  });

  it('refuses a cascade that reaches a protected row, keeping every row the cascade had found', async () => {
    // A role's subtree goes with it, and a virtual machine's role protects it (NetBox's PROTECT).
    const top = await post('/api/dcim/device-roles/', { name: unique('role'), slug: unique('role') });
    const below = await post('/api/dcim/device-roles/', { name: unique('role'), slug: unique('role'), parent: top.id, tags: [tag.id] });
    const vm = await post('/api/virtualization/virtual-machines/', { name: unique('vm'), site: (await site()).id, role: below.id });
    const entry = await journal('dcim.devicerole', below.id);
    const refused = await api.request('DELETE', `/api/dcim/device-roles/${top.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: `Unable to delete object. 1 dependent objects were found: ${vm.name} (${vm.id})` });
    expect(await rows('dcim_device_role', [top.id, below.id])).toBe(2);
    expect(await tagLinks('dcim.devicerole', [below.id])).toBe(1);
    expect((await api.request('GET', `/api/extras/journal-entries/${entry.id}/`)).status).toBe(200);
  });

  it('removes the link rows of deleted objects, on either side of a many-to-many', async () => {
    const rir = await post('/api/ipam/rirs/', { name: unique('rir'), slug: unique('rir') });
    const asn1 = await post('/api/ipam/asns/', { asn: 64512 + ++seq, rir: rir.id });
    const asn2 = await post('/api/ipam/asns/', { asn: 64512 + ++seq, rir: rir.id });
    const s = await site({ asns: [asn1.id, asn2.id] });
    const links = (column: string, id: number) => count(`dcim_site_asns WHERE ${column} = $1`, [id]);
    expect(await links('site_id', s.id)).toBe(2);

    expect((await api.request('DELETE', `/api/ipam/asns/${asn1.id}/`)).status).toBe(204);
    expect(await links('asn_id', asn1.id)).toBe(0);
    expect((await api.request('GET', `/api/dcim/sites/${s.id}/`)).body.asns.map((a: any) => a.id)).toEqual([asn2.id]);

    expect((await api.request('DELETE', `/api/dcim/sites/${s.id}/`)).status).toBe(204);
    expect(await links('site_id', s.id)).toBe(0);
    expect((await api.request('GET', `/api/ipam/asns/${asn2.id}/`)).body.site_count).toBe(0);
  });

  it("removes a deleted tag's assignments from every kind of object", async () => {
    const doomed = await post('/api/extras/tags/', { name: unique('tag'), slug: unique('tag') });
    const s = await site({ tags: [doomed.id, tag.id] });
    const region = await post('/api/dcim/regions/', { name: unique('r'), slug: unique('r'), tags: [doomed.id] });
    expect((await api.request('DELETE', `/api/extras/tags/${doomed.id}/`)).status).toBe(204);
    expect(await count(`"${TAG_LINK.table}" WHERE "${TAG_LINK.tagId}" = $1`, [doomed.id])).toBe(0);
    expect((await api.request('GET', `/api/dcim/sites/${s.id}/`)).body.tags.map((t: any) => t.id)).toEqual([tag.id]);
    expect((await api.request('GET', `/api/dcim/regions/${region.id}/`)).body.tags).toEqual([]);
  });

  it("cascades a user's tokens and removes its group memberships", async () => {
    const group = await post('/api/users/groups/', { name: unique('group') });
    const username = unique('user');
    const user = await post('/api/users/users/', { username, password: 'A-long-password-1', groups: [group.id] });
    const token = await post('/api/users/tokens/provision/', { username, password: 'A-long-password-1' });
    expect(await rows('users_token', [token.id])).toBe(1);
    expect(await count('users_user_groups WHERE user_id = $1', [user.id])).toBe(1);
    expect((await api.request('DELETE', `/api/users/users/${user.id}/`)).status).toBe(204);
    expect(await rows('users_token', [token.id])).toBe(0);
    expect(await count('users_user_groups WHERE user_id = $1', [user.id])).toBe(0);
    expect((await api.request('GET', `/api/users/groups/${group.id}/`)).body.user_count).toBe(0);
  });

  it('deletes in bulk as one plan', async () => {
    const a = await site({ tags: [tag.id] });
    const b = await site({ tags: [tag.id] });
    const entry = await journal('dcim.site', b.id);
    expect((await api.request('DELETE', '/api/dcim/sites/', [{ id: a.id }, { id: b.id }])).status).toBe(204);
    expect(await rows('dcim_site', [a.id, b.id])).toBe(0);
    expect(await tagLinks('dcim.site', [a.id, b.id])).toBe(0);
    expect(await rows('extras_journal_entry', [entry.id])).toBe(0);
  });

  it("leaves cascades to the application: PostgreSQL's foreign keys are NO ACTION", async () => {
    const actions = await api.db.query<{ name: string; action: string }>(`SELECT conname AS name, confdeltype::text AS action FROM pg_constraint WHERE contype = 'f' ORDER BY conname`);
    expect(actions.length).toBeGreaterThan(10);
    // `a` is NO ACTION (c cascade, n set null, r restrict, d set default).
    expect(actions.filter((c) => c.action !== 'a')).toEqual([]);

    const region = await post('/api/dcim/regions/', { name: unique('r'), slug: unique('r') });
    const child = await post('/api/dcim/regions/', { name: unique('r'), slug: unique('r'), parent: region.id });
    const s = await site({ region: region.id });
    await expect(api.db.query('DELETE FROM dcim_region WHERE id = $1', [region.id])).rejects.toMatchObject({ code: '23503' });
    expect(await rows('dcim_region', [region.id, child.id])).toBe(2);
    expect((await api.request('GET', `/api/dcim/sites/${s.id}/`)).body.region.id).toBe(region.id);
  });
});
