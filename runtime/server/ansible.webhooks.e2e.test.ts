/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection (3.13) builds a webhook with
 * netbox_webhook (runtime/server/ansible/webhooks.yml). The module predates NetBox 4 (it requires
 * the webhook's NetBox 3 `content_types`, now an event rule's): it creates the webhook, and a second
 * run fails as it does against NetBox 4.6, on a field NetBox 4 no longer shows. Without Ansible the
 * test is skipped (the run says so once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRenderer } from '../inventory/extras/rendering/index.ts';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';

const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox builds a webhook', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  });
  afterAll(async () => {
    await ansible?.close();
    await closeRenderer();
  });

  it("creates the webhook; a second run stops on NetBox 3's content_types, as against NetBox 4.6", async () => {
    expect(await ansible.playbook('webhooks.yml')).toMatchObject({ changed: 1, failed: 0 });
    await expect(ansible.playbook('webhooks.yml')).rejects.toThrow('content_types does not exist on existing object');
    const [hook] = await ansible.results('extras/webhooks/');
    expect(hook).toMatchObject({ name: 'Device changes', http_method: 'PUT', payload_url: 'https://hooks.example.com/netbox/{{ data.id }}', secret: 's3cret', additional_headers: 'X-Source: netbox' });
  }, 600_000);
});
