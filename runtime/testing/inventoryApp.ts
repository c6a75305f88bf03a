/**
 * @module
 * Boots the inventory app on a throwaway database for tests, with a superuser token, and gives a
 * small JSON client over Hono's in-process `app.request`.
 */
import type { Database } from '../db/index.ts';
import { startInventoryServer } from '../server/server.ts';

export interface TestClient {
  db: Database;
  token: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function bootTestApp(opened: { db: Database; drop(): Promise<void> }): Promise<TestClient> {
  const { app, firstBoot } = await startInventoryServer(opened.db, { SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'admin-password' });
  const token = firstBoot!.token;
  return {
    db: opened.db,
    token,
    async request(method, path, body, headers = {}) {
      const response = await app.request(`http://nb.test${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    close: () => opened.drop(),
  };
}
