/**
 * Real-client test of custom fields: Debian's python3-pynetbox (7.0.0) defines fields, writes and
 * reads `custom_fields` and filters by them over HTTP (customFields.pynetbox.py), on both
 * databases. Without pynetbox the test is skipped (the run says so once; CI installs it).
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../testing/database.ts';
import { listeningServer, pynetboxAvailable, runPythonScript, type ListeningServer } from '../../../testing/pynetbox.ts';

const available = pynetboxAvailable();

describe.skipIf(!available).each(testDatabases())('pynetbox reads and writes custom fields on $name', (database) => {
  let server: ListeningServer;

  beforeAll(async () => {
    server = await listeningServer(database, 'Pynetbox-pass-1');
  }, 120_000);
  afterAll(async () => server?.close());

  it('defines fields, writes values on create, save and bulk update, reads them back and filters', async () => {
    const script = fileURLToPath(new URL('./customFields.pynetbox.py', import.meta.url));
    expect(await runPythonScript(script, { NB_URL: server.baseUrl, NB_TOKEN: server.token })).toEqual({
      choices: ['red', 'blue'],
      field_type: 'select',
      created: 10,
      default: 'red',
      nested_tenant: 'Acme',
      saved: true,
      after_save: [20, 'blue'],
      filtered: ['CF 2'],
      by_colour: ['CF 1'],
      bulk: 5,
      refused: { __all__: ["Invalid value for custom field 'rack_units': Value must not exceed 50"] },
    });
  }, 90_000);
});
