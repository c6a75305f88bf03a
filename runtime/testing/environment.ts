/**
 * @module
 * What the test suite can use on this machine beyond Node: a PostgreSQL server, Debian's pynetbox,
 * Ansible with the netbox.netbox collection, a current build in dist/, the controller's reference
 * OpenAPI documents. Suites that need one are skipped without it; the run
 * says so once, naming what to set or install (globalSetup.ts), instead of every file saying it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsStamp, STAMP } from '../../scripts/build/inputs.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The real controller's OpenAPI documents (the project's shared reference; SDWAN_REFERENCE_DIR overrides where). */
export const sdwanReferenceDir = () => process.env.SDWAN_REFERENCE_DIR || resolve(ROOT, '../shared/reference/sdwan');

/** Whether dist/ was built from the sources as they are now (the stamp npm start reads, scripts/build/inputs.js). */
function distCurrent(): boolean {
  try {
    const built = JSON.parse(readFileSync(join(ROOT, STAMP), 'utf8')) as { newest: number; files: number };
    const now = inputsStamp(ROOT);
    return built.newest === now.newest && built.files === now.files;
  } catch {
    return false;
  }
}

export interface Requirement {
  /** What the skipped suites test. */
  what: string;
  /** Whether it is there. */
  available(): boolean;
  /** What to set or install to run them. */
  toRun: string;
}

/** The interpreter Debian's python3-* packages belong to (PYNETBOX_PYTHON overrides it). */
export const pynetboxPython = () => process.env.PYNETBOX_PYTHON ?? '/usr/bin/python3';

const succeeds = (command: string, args: string[], output?: string) => {
  try {
    const out = execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return output === undefined || out.includes(output);
  } catch {
    return false;
  }
};

/** Answers once per process: the checks run programs. */
const once = (check: () => boolean) => {
  let known: boolean | undefined;
  return () => (known ??= check());
};

export const requirements = {
  postgres: {
    what: 'every database suite on PostgreSQL (they run on embedded PGlite regardless)',
    available: () => !!process.env.TEST_DATABASE_URL?.trim(),
    toRun: 'set TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres',
  },
  pynetbox: {
    what: 'the pynetbox client tests',
    available: once(() => succeeds(pynetboxPython(), ['-c', 'import pynetbox'])),
    toRun: 'apt-get install python3-pynetbox, or set PYNETBOX_PYTHON to a python3 that imports pynetbox',
  },
  ansible: {
    what: 'the Ansible netbox.netbox tests',
    available: once(() => succeeds('ansible-galaxy', ['collection', 'list', 'netbox.netbox'], 'netbox.netbox')),
    toRun: 'apt-get install ansible (Debian 12 ships the netbox.netbox collection with it)',
  },
  compiled: {
    what: 'the tests of the compiled entries (dist/)',
    available: once(distCurrent),
    toRun: 'run `npm run build` (npm ci does), so that dist/ is built from the sources as they are',
  },
  sdwanReference: {
    what: "the bridge's tests on the real controller's OpenAPI documents",
    available: () => existsSync(join(sdwanReferenceDir(), 'vmanage-2022-openapi.yaml')),
    toRun: 'set SDWAN_REFERENCE_DIR to the folder holding vmanage-2022-openapi.yaml and vmanage-subset-7tags.json',
  },
} satisfies Record<string, Requirement>;

/** One line per missing requirement. */
export function skipNotices(list: Requirement[] = Object.values(requirements)): string[] {
  return list.filter((r) => !r.available()).map((r) => `skipped: ${r.what} — to run them, ${r.toRun}`);
}
