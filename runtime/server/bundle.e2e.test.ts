/**
 * End to end: the server bundled as `npm run build` bundles it (scripts/build/bundleServer.ts, here
 * straight from the TypeScript sources into a scratch folder under dist/), started as a process on
 * an embedded data directory: its modules keep their own URLs, so it finds the generated tables and
 * migrations, the embedded database's thread (pglite/worker.js), and the modules it runs off its
 * thread (a permissions-matrix import), and it starts again on the same directory.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../scripts/build/bundleServer.ts';
import { startServerProcess, SUPERUSER_ENV, SUPERUSER_HEADERS } from '../testing/serverProcess.ts';

const repository = fileURLToPath(new URL('../../', import.meta.url));
const outdir = join(repository, 'dist', `.server-bundle-test-${process.pid}`);
const entry = join(outdir, 'netbox-inventory.js');
const dataDir = mkdtempSync(join(tmpdir(), 'nb-bundle-'));


beforeAll(async () => {
  mkdirSync(outdir, { recursive: true });
  await bundleServer(join(repository, 'runtime', 'server', 'main.ts'), outdir, repository);
}, 120_000);
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server', () => {
  it('serves, runs work off its thread, and starts again on its data directory', async () => {
    const first = await startServerProcess(['--data-dir', dataDir], SUPERUSER_ENV, '/api/', entry);
    try {
      const created = await fetch(`${first.baseUrl}/api/dcim/sites/`, { method: 'POST', headers: SUPERUSER_HEADERS, body: JSON.stringify({ name: 'Bundled', slug: 'bundled' }) });
      expect(created.status).toBe(201);
      // The import's YAML is read by a module run on a worker thread (runtime/workers/): a bad
      // document is a 400 naming the problem, not a 500 for a module the bundle lost.
      const imported = await fetch(`${first.baseUrl}/api/plugins/permissions-matrix/import/`, { method: 'POST', headers: SUPERUSER_HEADERS, body: JSON.stringify({ yaml: 'groups: [' }) });
      expect(imported.status).toBe(400);
    } finally {
      expect((await first.stop()).stderr).not.toMatch(/^\s+at /m);
    }
    const again = await startServerProcess(['--data-dir', dataDir], {}, '/api/', entry);
    try {
      const listed = (await (await fetch(`${again.baseUrl}/api/dcim/sites/?slug=bundled`, { headers: SUPERUSER_HEADERS })).json()) as { results: { name: string }[] };
      expect(listed.results.map((s) => s.name)).toEqual(['Bundled']);
    } finally {
      await again.stop();
    }
  }, 120_000);
});
