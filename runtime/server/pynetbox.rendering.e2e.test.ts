/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) renders config templates over HTTP against a
 * real server (runtime/server/pynetbox.rendering.e2e.py): `device.render_config.create()`,
 * `config_templates.get(id).render.create(...)`, and an export template. Without pynetbox the test
 * is skipped (the run says so once).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 rendering config and export templates', () => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1');
  });
  afterAll(async () => server?.close());

  it('renders a device through its role’s template, a template with a given context, and a list through an export template', async () => {
    const script = fileURLToPath(new URL('./pynetbox.rendering.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token });
    expect(seen).toEqual({
      render_config: ['Leaf', 'hostname leaf1\ninterface eth0\nntp server 192.0.2.1\n'],
      body_context: 'ntp server 198.51.100.9',
      render: 'ntp server a\nntp server b\n',
      export: [200, 'leaf1'],
    });
  }, 120_000);
});
