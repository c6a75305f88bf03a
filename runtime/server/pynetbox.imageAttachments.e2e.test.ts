/**
 * Real-client test: Debian's python3-pynetbox (7.0.0) uploads an image attachment for a site as
 * multipart/form-data through its requests session, reads and filters it with pynetbox, fetches
 * the file at its `image` URL and deletes it (runtime/server/pynetbox.imageAttachments.e2e.py).
 * Without pynetbox the test is skipped (the run says so once).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available)('pynetbox 7.0 uploads image attachments', () => {
  let server: ListeningServer;
  let media: string;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'pynetbox-media-'));
    server = await listeningServer(testDatabases()[0], 'Pynetbox-pass-1', { MEDIA_ROOT: media });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('uploads, reads, filters, fetches and deletes an attachment', async () => {
    const script = fileURLToPath(new URL('./pynetbox.imageAttachments.e2e.py', import.meta.url));
    const seen = (await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token })) as Record<string, unknown>;
    expect(seen).toEqual({
      status: 201,
      read: ['Front view', 'dcim.site', expect.any(Number), 4, 3, expect.any(Number), 'Pynetbox Site'],
      image: expect.stringMatching(new RegExp(`^${server.baseUrl}/media/image-attachments/site_\\d+_Front_view\\.png$`)),
      filtered: [expect.any(Number)],
      fetched: [200, 'image/png', true],
      bad: [400, { image: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] }],
      deleted: true,
      after: 404,
    });
  }, 120_000);
});
