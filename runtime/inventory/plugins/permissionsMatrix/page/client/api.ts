/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * @module
 * The page's only way to the server: the matrix's public API, with the session cookie and its
 * CSRF token (read from the page's meta tag) or an API token the user typed (kept for the tab in
 * sessionStorage). A refusal becomes an ApiFailure whose message is the server's own words.
 */

export const API = '/api/plugins/permissions-matrix/';
const TOKEN_KEY = 'permissions-matrix-token';

export class ApiFailure extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(describe(status, body));
  }
}

/** The server's message, as plainly as it gave it: `detail`, or every field's errors. */
function describe(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (typeof record.detail === 'string') return record.detail;
    const lines = Object.entries(record).map(([field, value]) => `${field}: ${Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : JSON.stringify(value)}`);
    if (lines.length) return lines.join('\n');
  }
  return typeof body === 'string' && body ? body.slice(0, 500) : `HTTP ${status}`;
}

const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || null;

export const csrfToken = () => meta('csrf-token');
export const sessionUser = () => meta('session-user');
export const storedToken = () => sessionStorage.getItem(TOKEN_KEY);
export const rememberToken = (token: string) => sessionStorage.setItem(TOKEN_KEY, token);
export const forgetToken = () => sessionStorage.removeItem(TOKEN_KEY);

function authHeaders(): Record<string, string> {
  const token = storedToken();
  // v2 tokens (nbt_<key>.<secret>) are sent as Bearer, v1 (40 hex digits) as Token: NetBox's two schemes.
  if (token) return { Authorization: token.startsWith('nbt_') ? `Bearer ${token}` : `Token ${token}` };
  const csrf = csrfToken();
  return csrf ? { 'X-CSRFToken': csrf } : {};
}

export async function call<T = any>(method: 'GET' | 'POST', path: string, body?: unknown, accept = 'application/json'): Promise<T> {
  const response = await fetch(path.startsWith('/') ? path : API + path, {
    method,
    credentials: 'same-origin',
    headers: { Accept: accept, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...authHeaders() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('Content-Type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      /* keep the text */
    }
  }
  if (!response.ok) throw new ApiFailure(response.status, parsed);
  return parsed as T;
}
