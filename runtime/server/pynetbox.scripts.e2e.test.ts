/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) uploads a custom script module, reads and
 * runs the script and polls its job to completion, over HTTP against a real server with a job
 * worker (runtime/server/pynetbox.scripts.e2e.py). Without pynetbox the test is skipped.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 against custom scripts', () => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1', { JOB_WORKERS: '1' });
  }, 60_000);
  afterAll(async () => server?.close());

  it('uploads a module, runs its script and polls the job until it completes', async () => {
    const script = fileURLToPath(new URL('./pynetbox.scripts.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token });
    expect(seen).toEqual({
      upload: [201, 'tenants.js'],
      script: ['AddTenant', 'Adds a tenant', { name: 'StringVar' }, 'AddTenant (tenants)'],
      run_status: 200,
      job: ['completed', 'Run Script', 'ok', ['Created Acme']],
      tenant: 'Acme',
      invalid: [400, { name: ['Ensure this value has at most 30 characters (it has 40).'] }],
    });
  }, 90_000);
});
