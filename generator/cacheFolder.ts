/**
 * @module
 * Where the generator keeps what it can always compute again (parses of unchanged inputs, printed
 * files): a folder of the project's node_modules/.cache, which `npm ci` starts afresh. Its own
 * module because the load, warm and emit stages all keep something there.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `<root>/node_modules/.cache/netbox-generator/<name>`, or null when the project has no node_modules/ to keep it in. */
export function generatorCache(root: string, name: string): string | null {
  const modules = join(root, 'node_modules');
  return existsSync(modules) ? join(modules, '.cache', 'netbox-generator', name) : null;
}
