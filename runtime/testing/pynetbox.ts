/**
 * @module
 * Running Debian's python3-pynetbox against a real inventory server, for real-client tests: whether
 * pynetbox is there (CI installs it; without it a test is skipped and the run says so once), a
 * server listening on a test database, and a Python script run against it that prints its
 * findings as JSON on its last line.
 */
import { execFile } from 'node:child_process';
import { serve } from '@hono/node-server';
import { startInventoryServer } from '../server/server.ts';
import type { TestDatabase } from './database.ts';
import { pynetboxPython as environmentPython, requirements } from './environment.ts';

/** Whether pynetbox can be imported (globalSetup.ts says what to install when not). */
export const pynetboxAvailable = (): boolean => requirements.pynetbox.available();

/** The interpreter Debian's python3-* packages belong to (PYNETBOX_PYTHON overrides it). */
export const pynetboxPython = environmentPython();

export interface ListeningServer {
  baseUrl: string;
  token: string;
  close(): Promise<void>;
}

/**
 * The inventory server on a fresh test database, listening on a free port, with superuser `admin`
 * and one job worker, as a real server has (`env` adds settings).
 */
export async function listeningServer(database: TestDatabase, password: string, env: NodeJS.ProcessEnv = {}): Promise<ListeningServer> {
  const opened = await database.open();
  const booted = await startInventoryServer(opened.db, { JOB_WORKERS: '1', ...env, SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: password });
  return new Promise((resolve) => {
    const server = serve({ fetch: booted.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve({
        baseUrl: `http://127.0.0.1:${info.port}`,
        token: booted.firstBoot!.token,
        async close() {
          server.close();
          await booted.queue.stop();
          await opened.drop();
        },
      }),
    );
  });
}

/** Runs a Python script with `env` added; returns the JSON it printed on its last line. */
export function runPythonScript(script: string, env: Record<string, string>): Promise<unknown> {
  return new Promise((resolve, reject) =>
    execFile(pynetboxPython, [script], { env: { ...process.env, ...env }, timeout: 60_000 }, (error, out, err) =>
      error ? reject(new Error(`${error.message}\n${err}`)) : resolve(JSON.parse(out.trim().split('\n').pop()!)),
    ),
  );
}
