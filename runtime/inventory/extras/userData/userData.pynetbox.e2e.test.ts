/**
 * Real-client test of the users' own objects: Debian's python3-pynetbox (7.0.0) creates, filters
 * and saves bookmarks, subscriptions, saved filters, table configs and notification groups, and
 * reads the user's preferences (userData.pynetbox.py), on both databases. Without pynetbox the
 * test is skipped (the run says so once; CI installs it).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../../../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available).each(testDatabases())("pynetbox reads and writes the users' own objects on $name", (database) => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(database, 'Pynetbox-pass-1');
  }, 120_000);
  afterAll(async () => server?.close());

  it('creates, filters and saves them, and reads the preferences', async () => {
    const script = fileURLToPath(new URL('./userData.pynetbox.py', import.meta.url));
    expect(await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token })).toEqual({
      bookmark: ['Lyon', 'admin', 'dcim.site'],
      bookmarks: [expect.any(Number)],
      subscription: 'Lyon',
      saved: true,
      saved_filters: [['Lyon only', 'one site']],
      table: ['Narrow', ['name'], 1000],
      group: ['admin'],
      config: [{}],
    });
  }, 90_000);
});
