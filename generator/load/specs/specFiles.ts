/**
 * @module
 * Which files of a `specs/<version>/` folder are spec documents (`*.yaml`, `*.yml`, `*.json`, in name
 * order, hidden ones skipped) and their content hashes. Kept apart from the parser so that the bridge
 * can tell whether a generated tool table is current without loading the spec loader.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SPEC_FILE = /\.(ya?ml|json)$/i;

/** The spec documents of a version folder, in name order (the order they are merged in). */
export function listSpecFiles(versionDir: string): string[] {
  return readdirSync(versionDir)
    .filter((name) => SPEC_FILE.test(name) && !name.startsWith('.'))
    .sort()
    .map((name) => join(versionDir, name));
}

export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
