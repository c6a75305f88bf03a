/**
 * Real-client test: Debian's python3-pynetbox allocates prefixes, VLANs and IP addresses through
 * the available-* endpoints (runtime/server/pynetbox.ipam.e2e.py) against a real server. CI
 * installs it (.ci/run); without it the test is skipped (the run says so once).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox allocates IPAM space', () => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1');
  });
  afterAll(async () => server?.close());

  it('creates prefixes, VLANs and addresses from their parents’ free space, and is refused when a parent is exhausted', async () => {
    const script = fileURLToPath(new URL('./pynetbox.ipam.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token });
    expect(seen).toEqual({
      free_before: ['10.20.0.0/24'],
      one: ['10.20.0.0/26', true, 'active'],
      list: [['10.20.0.64/27', 'a', false], ['10.20.0.96/28', '', true]],
      free_after: ['10.20.0.112/28', '10.20.0.128/25'],
      children: 3,
      exhausted: [409, { detail: 'Insufficient resources are available to satisfy the request' }],
      free_vids: [100, 101, 102],
      vlan: [100, 'users', true],
      vlans: [[101, 'voice', 'active'], [102, 'guests', 'reserved']],
      address: ['10.20.0.1/26', true, 'gw.example.com'],
      next_ips: ['10.20.0.2/26', '10.20.0.3/26'],
    });
  }, 90_000);
});
