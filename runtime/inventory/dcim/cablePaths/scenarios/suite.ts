/**
 * @module
 * Runs cable path scenarios (harness.ts) on every test database: one app per database, each
 * case a test of its own over its own objects.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { testDatabases } from '../../../../testing/database.ts';
import { bootTestApp, type TestClient } from '../../../../testing/inventoryApp.ts';
import { prepare, runCase, type Case, type Shared } from './harness.ts';

export function describeScenarios(title: string, cases: Case[]): void {
  describe.each(testDatabases())(`${title} on $name`, (database) => {
    let api: TestClient;
    let shared: Shared;
    beforeAll(async () => {
      api = await bootTestApp(await database.open());
      shared = await prepare(api);
    }, 60_000);
    afterAll(async () => api?.close());

    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      await runCase(api, shared, c);
    });
  });
}
