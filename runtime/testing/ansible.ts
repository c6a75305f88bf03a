/**
 * @module
 * Running Debian's Ansible and its netbox.netbox collection against a real inventory server, for
 * real-client tests: whether Ansible is there (CI installs it; without it a test is skipped and the
 * run says so once), a server on a fresh test database with `LEGACY_FIELD_NAMES` on (Debian 12's
 * collection 3.13 still sends names NetBox has since renamed), and playbooks from
 * runtime/server/ansible/ run with their play recap read back.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { startInventoryServer } from '../server/server.ts';
import type { TestDatabase } from './database.ts';
import { requirements } from './environment.ts';

/** Whether ansible-playbook and the collection are installed (globalSetup.ts says what to install when not). */
export const ansibleAvailable = (): boolean => requirements.ansible.available();

/** The folder of the playbooks (and of nb_inventory.yml). */
const folder = fileURLToPath(new URL('../server/ansible/', import.meta.url));

export interface AnsibleServer {
  /** The server's URL, its superuser's token, and what Ansible needs in its environment. */
  env: NodeJS.ProcessEnv;
  /** Runs `ansible-playbook` on a playbook of runtime/server/ansible/; resolves with its recap's figures. */
  playbook(file: string): Promise<Record<string, number>>;
  /** Runs an Ansible command in the playbooks' folder; resolves with its stdout. */
  run(command: string, args: string[]): Promise<string>;
  /** The `results` of a GET on `/api/<path>`, as the superuser. */
  results(path: string): Promise<any[]>;
  close(): Promise<void>;
}

/** Runs a command; resolves with its stdout, rejects with both streams. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(command, args, { cwd: folder, env: { ...process.env, ...env }, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 }, (error, out, err) =>
      error ? reject(new Error(`${command} failed: ${error.message}\n${out}\n${err}`)) : resolve(out),
    ),
  );
}

/** The `ok=… changed=… failed=…` figures of the play recap. */
export function recap(output: string): Record<string, number> {
  const line = output.split('\n').find((l) => l.startsWith('localhost') && l.includes('changed='));
  if (!line) throw new Error(`no play recap in:\n${output}`);
  return Object.fromEntries([...line.matchAll(/(\w+)=(\d+)/g)].map(([, key, value]) => [key, Number(value)]));
}

/** The inventory server on a fresh test database, listening on a free port, ready for Ansible. */
export async function ansibleServer(database: TestDatabase): Promise<AnsibleServer> {
  const opened = await database.open();
  const booted = await startInventoryServer(opened.db, { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'Ansible-pass-1', LEGACY_FIELD_NAMES: 'true' });
  let server: ServerType | undefined;
  const url = await new Promise<string>((resolve) => {
    server = serve({ fetch: booted.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => resolve(`http://127.0.0.1:${info.port}`));
  });
  // Ansible keeps its temporary files (and nb_inventory its OpenAPI cache) under a home of the test's own.
  const home = mkdtempSync(join(tmpdir(), 'nb-ansible-'));
  const token = booted.firstBoot!.token;
  const env: NodeJS.ProcessEnv = {
    NB_URL: url, NB_TOKEN: token, NETBOX_API: url, NETBOX_TOKEN: token,
    HOME: home, ANSIBLE_LOCAL_TEMP: join(home, 'tmp'), ANSIBLE_NOCOLOR: '1', ANSIBLE_PYTHON_INTERPRETER: '/usr/bin/python3',
    ANSIBLE_LOCALHOST_WARNING: 'false', ANSIBLE_INVENTORY_UNPARSED_WARNING: 'false',
  };
  return {
    env,
    playbook: async (file) => recap(await run('ansible-playbook', ['-i', 'localhost,', file], env)),
    run: (command, args) => run(command, args, env),
    results: async (path) =>
      ((await (await fetch(`${url}/api/${path}`, { headers: { Authorization: `Token ${token}` } })).json()) as { results: any[] }).results,
    async close() {
      server?.close();
      await opened.drop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
