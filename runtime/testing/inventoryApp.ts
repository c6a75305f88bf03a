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
  /** Sends a body as fetch encodes it (form data, URL-encoded), with the token and no Content-Type of ours. */
  raw(method: string, path: string, body: string | FormData | URLSearchParams | ReadableStream<Uint8Array>, headers?: Record<string, string>): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

async function answer(response: Response): Promise<{ status: number; body: any; headers: Headers }> {
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/**
 * Boots the app on `opened`. `env` adds to (or overrides) the environment the server reads, e.g.
 * `{ STRICT_FILTERING: 'true' }`; the superuser is always `admin`.
 */
export async function bootTestApp(opened: { db: Database; drop(): Promise<void> }, env: NodeJS.ProcessEnv = {}): Promise<TestClient> {
  const { app, firstBoot, queue } = await startInventoryServer(opened.db, { ...env, SUPERUSER_NAME: 'admin', SUPERUSER_PASSWORD: 'Admin-password-1' });
  const token = firstBoot!.token;
  return {
    db: opened.db,
    token,
    async request(method, path, body, headers = {}) {
      return answer(await app.request(`http://nb.test${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }));
    },
    async raw(method, path, body, headers = {}) {
      // A stream is sent as fetch streams it (no Content-Length), which needs half duplex.
      const duplex = body instanceof ReadableStream ? { duplex: 'half' as const } : {};
      return answer(await app.request(`http://nb.test${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...headers }, body, ...duplex }));
    },
    close: async () => {
      await queue.stop();
      await opened.drop();
    },
  };
}
