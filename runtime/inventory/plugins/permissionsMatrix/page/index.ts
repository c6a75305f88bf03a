/**
 * @module
 * The permissions matrix as a web page, at /plugins/permissions-matrix/ (NetBox serves its
 * plugins' pages under /plugins/): the HTML (shell.ts), its script and stylesheet (assets.ts), and
 * sign-in and sign-out with a username and password. Everything the page shows or changes goes
 * through the matrix's API under /api/plugins/permissions-matrix/ (the script calls it with the
 * session cookie and CSRF token, or with an API token), so the page can do nothing a script
 * could not, and nothing its user may not.
 */
import type { Context, Hono } from 'hono';
import { createSession, deleteSession, findSession, SESSION_COOKIE, verifyPassword, cookieValue } from '../../../../auth/index.ts';
import type { Database } from '../../../../db/index.ts';
import { clientScript, STYLESHEET } from './assets.ts';
import { shell } from './shell.ts';

export const PAGE_PATH = '/plugins/permissions-matrix/';

export interface MatrixPageOptions {
  /** How long a session lasts, in seconds (MATRIX_SESSION_SECONDS; 8 hours by default). */
  sessionSeconds?: number;
}

const SIGN_IN_FAILED = 'Invalid username or password.';

function sessionCookie(c: Context, value: string, maxAge: number): string {
  const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
}

const noStore = (c: Context) => {
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
  c.header('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
};

/** Adds the page's routes, under PAGE_PATH, to the server's app (runtime/server/server.ts). */
export function mountMatrixPage(page: Hono<any>, db: Database, options: MatrixPageOptions = {}): void {
  const seconds = options.sessionSeconds ?? 8 * 3600;

  const render = async (c: Context, notice?: string, status: 200 | 401 | 403 = 200) => {
    const secret = cookieValue(c.req.header('Cookie'), SESSION_COOKIE);
    const session = secret ? await findSession(db, secret) : null;
    noStore(c);
    if (secret && !session) {
      c.header('Set-Cookie', sessionCookie(c, '', 0));
      notice ??= 'Your session expired or was signed out: sign in again.';
    }
    return c.html(await shell({ session, notice, base: PAGE_PATH }), status);
  };

  page.get(PAGE_PATH, (c) => render(c));
  page.post(`${PAGE_PATH}login/`, async (c) => {
    const form = await c.req.parseBody();
    const username = typeof form.username === 'string' ? form.username : '';
    const password = typeof form.password === 'string' ? form.password : '';
    const [user] = await db.query<{ id: number; password: string; is_active: boolean }>('SELECT id, password, is_active FROM users_user WHERE username = $1', [username]);
    // The hash is checked before the user's state, so a wrong password and an unknown user take the same path.
    const matches = await verifyPassword(password, user?.password ?? null);
    if (!user || !matches || !user.is_active) return render(c, SIGN_IN_FAILED, 401);
    const session = await createSession(db, Number(user.id), seconds);
    await db.query('UPDATE users_user SET last_login = now() WHERE id = $1', [user.id]);
    c.header('Set-Cookie', sessionCookie(c, session.secret, seconds));
    return c.redirect(PAGE_PATH, 303);
  });
  page.post(`${PAGE_PATH}logout/`, async (c) => {
    const secret = cookieValue(c.req.header('Cookie'), SESSION_COOKIE);
    const form = await c.req.parseBody();
    const session = secret ? await findSession(db, secret) : null;
    // Signing out is a write too: only with the session's own CSRF token (else a link could sign anyone out).
    if (session && form.csrf_token !== session.csrfToken) return render(c, 'CSRF Failed: CSRF token incorrect.', 403);
    if (secret) await deleteSession(db, secret);
    c.header('Set-Cookie', sessionCookie(c, '', 0));
    return c.redirect(PAGE_PATH, 303);
  });
  page.get(`${PAGE_PATH}static/matrix.js`, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(await clientScript(), 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  page.get(`${PAGE_PATH}static/matrix.css`, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(STYLESHEET, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });
}
