/**
 * @module
 * Runs once before the test files (vitest.config.ts): says, one line each, which suites this
 * machine skips and what to set or install to run them.
 */
import { skipNotices } from './environment.ts';

export default function setup(): void {
  for (const notice of skipNotices()) process.stderr.write(`${notice}\n`);
}
