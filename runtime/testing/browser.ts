/**
 * @module
 * A real browser for the page tests: Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH)
 * driven by playwright-core, which downloads no browser of its own; and the inventory server on a
 * throwaway database, listening on a free local port for it. When no Chromium is installed the
 * tests skip and say why (CI installs it: .ci/run).
 */
import { existsSync } from 'node:fs';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import type { Database } from '../db/index.ts';
import { startInventoryServer } from '../server/server.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Why the browser tests cannot run here, or null when they can. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH): the browser tests are skipped`;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
}

export const ADMIN = { username: 'admin', password: 'Admin-password-1', token: '0123456789abcdef0123456789abcdef01234567' };

export interface ServedApp {
  base: string;
  db: Database;
  /** A JSON request to the API as the superuser. */
  api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** The inventory server over HTTP on 127.0.0.1 and a free port, with the superuser ADMIN. */
export async function serveApp(opened: { db: Database; drop(): Promise<void> }, env: NodeJS.ProcessEnv = {}): Promise<ServedApp> {
  const { app } = await startInventoryServer(opened.db, { ...env, SUPERUSER_NAME: ADMIN.username, SUPERUSER_PASSWORD: ADMIN.password, SUPERUSER_API_TOKEN: ADMIN.token });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    db: opened.db,
    async api(method, path, body) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: `Token ${ADMIN.token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: response.status, body: parsed };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await opened.drop();
    },
  };
}
