/**
 * Real-client test: Debian's Ansible with its netbox.netbox collection (3.13) builds a custom link
 * (runtime/server/ansible/custom-links.yml) twice — the second run must change nothing. Without
 * Ansible the test is skipped (the run says so once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ansibleAvailable, ansibleServer, type AnsibleServer } from '../testing/ansible.ts';
import { testDatabases } from '../testing/database.ts';

const available = ansibleAvailable();

describe.skipIf(!available)('Ansible netbox.netbox builds custom links', () => {
  let ansible: AnsibleServer;

  beforeAll(async () => {
    ansible = await ansibleServer(testDatabases()[0]);
  }, 60_000);
  afterAll(async () => ansible?.close());

  it('builds a custom link once, and changes nothing on the second run', async () => {
    const first = await ansible.playbook('custom-links.yml');
    expect(first).toMatchObject({ ok: 1, changed: 1, failed: 0 });
    const second = await ansible.playbook('custom-links.yml');
    expect(second).toMatchObject({ ok: 1, changed: 0, failed: 0 });
    const [link] = await ansible.results('extras/custom-links/?name=Monitoring');
    expect(link).toMatchObject({
      object_types: ['dcim.device', 'dcim.site'], link_text: 'Graphs of {{ object.name }}', weight: 50, group_name: 'Tools', button_class: 'blue', new_window: true, enabled: true,
    });
  }, 600_000);
});
