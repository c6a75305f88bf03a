/**
 * @module
 * Functions the worker-thread tests (runtime/workers/index.test.ts) run off the server's thread.
 */
import { badRequest } from '../rest/index.ts';

/** Keeps the thread busy for `ms` milliseconds; how many turns it made, also in a Map. */
export function spin(ms: number): { spun: number; map: Map<string, number> } {
  const until = performance.now() + ms;
  let spun = 0;
  while (performance.now() < until) spun++;
  return { spun, map: new Map([['spun', spun]]) };
}

export function refuse(message: string): never {
  throw badRequest({ yaml: [message] });
}

export function crash(): never {
  throw new TypeError('crashed');
}
