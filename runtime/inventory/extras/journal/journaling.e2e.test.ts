/**
 * Journaling is NetBox's JournalingMixin (every NetBoxModel): a journal entry's object may be any
 * served model with it — virtual machines, their interfaces and disks, services — and none
 * without it (journal entries, contact assignments, tags). Contact assignments likewise take
 * every model with ContactsMixin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../testing/inventoryApp.ts';

describe.each(testDatabases())('journaling and contacts features on $name', (database) => {
  let api: TestClient;
  let vm: any;
  const note = (type: string, id: number) => api.request('POST', '/api/extras/journal-entries/', { assigned_object_type: type, assigned_object_id: id, comments: `on ${type}` });

  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    const type = (await api.request('POST', '/api/virtualization/cluster-types/', { name: 'KVM', slug: 'kvm' })).body;
    const cluster = (await api.request('POST', '/api/virtualization/clusters/', { name: 'C1', type: type.id })).body;
    vm = (await api.request('POST', '/api/virtualization/virtual-machines/', { name: 'vm1', cluster: cluster.id })).body;
    expect(vm.id).toBeGreaterThan(0);
  }, 60_000);
  afterAll(async () => api?.close());

  it('accepts a journal entry on every journaling model, a virtual machine and its parts included', async () => {
    const onVm = await note('virtualization.virtualmachine', vm.id);
    expect(onVm.status).toBe(201);
    expect(onVm.body.assigned_object).toMatchObject({ id: vm.id, url: vm.url, display: 'vm1', name: 'vm1' });
    const iface = (await api.request('POST', '/api/virtualization/interfaces/', { virtual_machine: vm.id, name: 'eth0' })).body;
    const disk = (await api.request('POST', '/api/virtualization/virtual-disks/', { virtual_machine: vm.id, name: 'sda', size: 10 })).body;
    const service = (await api.request('POST', '/api/ipam/services/', { parent_object_type: 'virtualization.virtualmachine', parent_object_id: vm.id, name: 'ssh', protocol: 'tcp', ports: [22] })).body;
    for (const [type, id] of [['virtualization.vminterface', iface.id], ['virtualization.virtualdisk', disk.id], ['ipam.service', service.id]] as const) {
      const made = await note(type, id);
      expect(made.status, `${type}: ${JSON.stringify(made.body)}`).toBe(201);
    }
    expect((await api.request('GET', '/api/extras/journal-entries/?assigned_object_type=virtualization.virtualmachine')).body.count).toBe(1);
    // The entries go with their object.
    expect((await api.request('DELETE', `/api/virtualization/interfaces/${iface.id}/`)).status).toBe(204);
    expect((await api.request('GET', '/api/extras/journal-entries/?assigned_object_type=virtualization.vminterface')).body.count).toBe(0);
  }, 30_000);

  it('refuses a journal entry on a model NetBox does not journal', async () => {
    const entry = (await note('virtualization.virtualmachine', vm.id)).body;
    const contact = (await api.request('POST', '/api/tenancy/contacts/', { name: 'Ann' })).body;
    const role = (await api.request('POST', '/api/tenancy/contact-roles/', { name: 'Owner', slug: 'owner' })).body;
    const assignment = (await api.request('POST', '/api/tenancy/contact-assignments/', { object_type: 'virtualization.virtualmachine', object_id: vm.id, contact: contact.id, role: role.id })).body;
    const tag = (await api.request('POST', '/api/extras/tags/', { name: 'T', slug: 't' })).body;
    // NetBox's serializer takes any object type; JournalEntry.clean() refuses one without journaling.
    const labels = { 'extras.journalentry': 'Extras | journal entry', 'tenancy.contactassignment': 'Tenancy | contact assignment', 'extras.tag': 'Extras | tag', 'users.user': 'Users | user' };
    for (const [type, id] of [['extras.journalentry', entry.id], ['tenancy.contactassignment', assignment.id], ['extras.tag', tag.id], ['users.user', 1]] as const) {
      const refused = await note(type, id);
      expect(refused.status, type).toBe(400);
      expect(refused.body).toEqual({ __all__: [`Journaling is not supported for this object type (${labels[type]}).`] });
    }
  }, 30_000);

  it('assigns contacts to every model with contacts, and to nothing else', async () => {
    const contact = (await api.request('POST', '/api/tenancy/contacts/', { name: 'Bob' })).body;
    const role = (await api.request('POST', '/api/tenancy/contact-roles/', { name: 'Admin', slug: 'admin' })).body;
    const service = (await api.request('POST', '/api/ipam/services/', { parent_object_type: 'virtualization.virtualmachine', parent_object_id: vm.id, name: 'http', protocol: 'tcp', ports: [80] })).body;
    const onService = await api.request('POST', '/api/tenancy/contact-assignments/', { object_type: 'ipam.service', object_id: service.id, contact: contact.id, role: role.id });
    expect(onService.status).toBe(201);
    expect(onService.body.object).toMatchObject({ id: service.id, name: 'http' });
    const disk = (await api.request('POST', '/api/virtualization/virtual-disks/', { virtual_machine: vm.id, name: 'sdb', size: 10 })).body;
    const onDisk = await api.request('POST', '/api/tenancy/contact-assignments/', { object_type: 'virtualization.virtualdisk', object_id: disk.id, contact: contact.id, role: role.id });
    expect(onDisk.body).toEqual({ __all__: ['Contacts cannot be assigned to this object type (Virtualization | virtual disk).'] });
  }, 30_000);
});
