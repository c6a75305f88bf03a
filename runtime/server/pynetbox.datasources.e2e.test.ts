/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) syncs a local data source and a config
 * template taking its code from one of its files, over HTTP against a real server
 * (runtime/server/pynetbox.datasources.e2e.py). Without pynetbox the test is skipped (the run
 * says so once).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 against data sources', () => {
  let server: ListeningServer;
  let dir: string;

  beforeAll(async () => {
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1');
    dir = await mkdtemp(join(tmpdir(), 'pynetbox-source-'));
    await mkdir(join(dir, 'templates'));
    await writeFile(join(dir, 'templates', 'leaf.j2'), 'hostname {{ device.name }}\n');
    await writeFile(join(dir, 'templates', 'old.bak'), 'ignored');
    await writeFile(join(dir, 'site.yaml'), 'ntp: 10.0.0.1\n');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reads a data source, syncs it, lists its files and syncs a config template from one', async () => {
    const script = fileURLToPath(new URL('./pynetbox.datasources.e2e.py', import.meta.url));
    const seen = await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token, SOURCE_DIR: dir });
    expect(seen).toEqual({
      before: ['Configs', 'local', 'new', null],
      // NetBox answers with the source as read before the job was queued; the job then syncs it.
      sync_answer: [expect.any(Number), 'new', 0],
      job: ['Synchronization', 'completed', 'admin'],
      after: ['completed', true],
      files: ['site.yaml', 'templates/leaf.j2'],
      leaf_source: 'Configs',
      template: ['hostname {{ device.name }}\n', 'templates/leaf.j2', 'Configs'],
      template_before_own_sync: 'hostname {{ device.name }}\n',
      template_sync_answer: 'hostname {{ device.name }} v2\n',
      template_after: 'hostname {{ device.name }} v2\n',
    });
  }, 90_000);
});
