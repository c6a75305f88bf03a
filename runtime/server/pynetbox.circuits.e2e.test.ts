/**
 * Real-client test: Debian's python3-pynetbox drives the circuits app over HTTP against a real
 * server (pynetbox.circuits.e2e.py): a provider, circuit type, a circuit with A and Z
 * terminations, one cabled to a device interface, listing and filtering. Skipped without pynetbox.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox against the circuits app', () => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1');
  });
  afterAll(async () => server?.close());

  it('builds a circuit with A and Z terminations, cables the A side to an interface, lists and filters', async () => {
    const script = fileURLToPath(new URL('./pynetbox.circuits.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token });
    expect(seen).toEqual({
      circuit: ['CID-100', 'Level3', 'ACC-1', 'internet', 'active', 'CID-100'],
      terminations: ['CID-100: Termination A', 'POP 1', 'circuits.providernetwork', 'MPLS cloud'],
      sides: [true, true, 'pop-1'],
      duplicate_side: [400, { __all__: ['Circuit termination with this Circuit and Termination side already exists.'] }],
      cabled: [true, 'B', 'dcim.interface', ['xe-0/0/0'], true],
      interface_peer: ['circuits.circuittermination', ['CID-100: Termination A']],
      circuits: ['CID-100', 'CID-200'],
      planned: ['CID-200'],
      at_site: ['CID-100'],
      by_provider: 2,
      terminations_at_site: ['CID-100: Termination A'],
      cabled_terminations: ['CID-100: Termination A'],
      provider_counts: [2, 2],
      site_circuits: 1,
      save: true,
      saved: 'saved by pynetbox',
      delete: true,
      remaining: 1,
    });
  }, 90_000);
});
