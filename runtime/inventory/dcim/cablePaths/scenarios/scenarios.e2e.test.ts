/**
 * Cable path scenarios (harness.ts) on every test database, one app per database and each case a
 * test over its own objects: NetBox's test_cablepaths.py (basic.ts, passThrough.ts, circuits.ts,
 * changes.ts), the three of test_cablepaths2.py that need no cable profile (portMappings.ts), and
 * the bad input (badInput.ts). Run one group with `-t 'pass-through ports'`, one case
 * with `-t test_207`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../../testing/inventoryApp.ts';
import { cases as badInput } from './badInput.ts';
import { cases as basic } from './basic.ts';
import { cases as changes } from './changes.ts';
import { cases as circuits } from './circuits.ts';
import { prepare, runCase, type Case, type Shared } from './harness.ts';
import { cases as passThrough } from './passThrough.ts';
import { cases as portMappings } from './portMappings.ts';

const groups: [string, Case[]][] = [
  ['endpoints', basic],
  ['pass-through ports', passThrough],
  ['circuits', circuits],
  ['changes', changes],
  ['port mappings', portMappings],
  ['bad input', badInput],
];

describe.each(testDatabases())('cable path scenarios on $name', (database) => {
  let api: TestClient;
  let shared: Shared;
  beforeAll(async () => {
    api = await bootTestApp(await database.open());
    shared = await prepare(api);
  }, 60_000);
  afterAll(async () => api?.close());

  describe.each(groups)('%s', (_group, cases) => {
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      await runCase(api, shared, c, expect);
      // A case makes a few dozen requests and checks every object after each step: seconds on a loaded machine.
    }, 60_000);
  });
});
