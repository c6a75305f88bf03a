/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) drives config contexts and their profiles
 * over HTTP against a real server (runtime/server/pynetbox.configContexts.e2e.py). Without
 * pynetbox the test is skipped (the run says so once).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 against config contexts', () => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1');
  }, 60_000);
  afterAll(async () => server?.close());

  it('scopes, merges, excludes, checks against a profile and saves config contexts', async () => {
    const script = fileURLToPath(new URL('./pynetbox.configContexts.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token });
    expect(seen).toEqual({
      tags: ['cc-tag'],
      sites: ['cc-site'],
      config_context: { snmp: { community: 'local', location: 'paris' }, ntp: ['b'] },
      excluded: true,
      refused: [400, { __all__: ["Data does not conform to profile schema: 'ntp' is a required property"] }],
      saved: true,
      after_save: { snmp: { community: 'local', location: 'paris' }, ntp: ['z'] },
      by_region: ['cc-base'],
    });
  }, 90_000);
});
