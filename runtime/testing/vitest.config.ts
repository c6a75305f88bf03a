/**
 * @module
 * The test suite's settings (`npm test` runs `vitest run --config runtime/testing/vitest.config.ts`):
 * the repository is the root, timeouts fit suites that start servers and databases, and what
 * the machine lacks is said once (globalSetup.ts).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    testTimeout: 30_000,
    hookTimeout: 120_000,
    globalSetup: [fileURLToPath(new URL('./globalSetup.ts', import.meta.url))],
  },
});
