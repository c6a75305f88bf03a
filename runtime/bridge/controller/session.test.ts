/** The controller session against the simulated controller on loopback (in-process, plain HTTP). */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startControllerSimulator, type ControllerSimulator } from '../simulator/controllerSimulator.ts';
import { createHttpClient } from './httpClient.ts';
import { ControllerSession, isSessionExpired, LoginError, SessionExpiredError, type SessionOptions } from './session.ts';

let sim: ControllerSimulator;
const http = createHttpClient({ verifyTls: true });

beforeAll(async () => {
  sim = await startControllerSimulator({ tokenTtlSeconds: 1800 });
});
afterAll(async () => {
  await http.close();
  await sim.close();
});
afterEach(() => {
  sim.setAuthFlow('jwt');
  sim.clearFaults();
});

function session(extra: Partial<SessionOptions> = {}): ControllerSession {
  return new ControllerSession({
    baseUrl: sim.url,
    username: sim.credentials.username,
    password: sim.credentials.password,
    useJwt: true,
    jwtLogin: 'j_security_check',
    timeoutMs: 2000,
    policy: { maxAttempts: 3, statuses: [502, 503, 504], backoffBase: 0, backoffCap: 0, retryMutating: false },
    http,
    ...extra,
  });
}

const get = (path: string) => (auth: Record<string, string>) => ({ method: 'GET', url: `${sim.url}/dataservice${path}`, headers: { ...auth } });

describe('JWT flow', () => {
  it('logs in once with j_security_check and sends Bearer + X-XSRF-TOKEN', async () => {
    const s = session();
    const before = sim.stats.logins;
    const out = await s.call('GET', get('/device'));
    expect(out.response.status).toBe(200);
    expect(sim.stats.logins - before).toBe(1);
    const sent = sim.stats.requests.at(-1)!;
    expect(sent.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sent.headers['x-xsrf-token']).toMatch(/^[0-9a-f]{48}$/);
    expect(sent.headers.cookie).toBeUndefined();
    await s.call('GET', get('/device'));
    expect(sim.stats.logins - before).toBe(1);
  });

  it('renews the token proactively within 2 minutes of expiry', async () => {
    let now = Date.now();
    const s = session({ now: () => now });
    const before = sim.stats.logins;
    await s.call('GET', get('/device'));
    now += (1800 - 121) * 1000;
    await s.call('GET', get('/device'));
    expect(sim.stats.logins - before).toBe(1);
    now += 2000;
    await s.call('GET', get('/device'));
    expect(sim.stats.logins - before).toBe(2);
  });

  it('logs in again on 401 and retries the call once', async () => {
    const s = session();
    await s.call('GET', get('/device'));
    const before = sim.stats.logins;
    const calls = sim.stats.calls['GET /device'] ?? 0;
    sim.expireSessions();
    const out = await s.call('GET', get('/device'));
    expect(out).toMatchObject({ relogged: true, response: { status: 200 } });
    expect(sim.stats.logins - before).toBe(1);
    expect(sim.stats.calls['GET /device'] - calls).toBe(1);
  });

  it('uses Cisco\'s POST /jwt/login when configured', async () => {
    const s = session({ jwtLogin: 'jwt_login' });
    const before = sim.stats.jwtLogins;
    expect((await s.call('GET', get('/alarms'))).response.status).toBe(200);
    expect(sim.stats.jwtLogins - before).toBe(1);
  });

  it('says to set use_jwt: false when the controller answers the session way', async () => {
    sim.setAuthFlow('session');
    const error = await session().call('GET', get('/device')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginError);
    expect((error as Error).message).toMatch(/controller\.use_jwt: false/);
  });
});

describe('session flow', () => {
  it('logs in with a cookie, fetches the XSRF token, and sends Cookie + X-XSRF-TOKEN', async () => {
    sim.setAuthFlow('session');
    const s = session({ useJwt: false });
    const before = sim.stats.tokenRequests;
    expect((await s.call('GET', get('/device'))).response.status).toBe(200);
    expect(sim.stats.tokenRequests - before).toBe(1);
    const sent = sim.stats.requests.at(-1)!;
    expect(sent.headers.cookie).toMatch(/^JSESSIONID=[0-9a-f]+$/);
    expect(sent.headers['x-xsrf-token']).toMatch(/^[0-9a-f]{48}$/);
    expect(sent.headers.authorization).toBeUndefined();
  });

  it('re-establishes an expired session (302 to welcome.html) and retries once', async () => {
    sim.setAuthFlow('session');
    const s = session({ useJwt: false });
    await s.call('GET', get('/device'));
    const before = sim.stats.logins;
    sim.expireSessions();
    const out = await s.call('GET', get('/device'));
    expect(out).toMatchObject({ relogged: true, response: { status: 200 } });
    expect(sim.stats.logins - before).toBe(1);
  });

  it('treats a 200 HTML login page as an expired session', async () => {
    const htmlSim = await startControllerSimulator({ authFlow: 'session', sessionExpiry: 'html' });
    try {
      const s = session({ useJwt: false, baseUrl: htmlSim.url });
      await s.call('GET', (auth) => ({ method: 'GET', url: `${htmlSim.url}/dataservice/device`, headers: auth }));
      htmlSim.expireSessions();
      const out = await s.call('GET', (auth) => ({ method: 'GET', url: `${htmlSim.url}/dataservice/device`, headers: auth }));
      expect(out).toMatchObject({ relogged: true, response: { status: 200 } });
      expect(htmlSim.stats.logins).toBe(2);
    } finally {
      await htmlSim.close();
    }
  });
});

describe('failures and logout', () => {
  it('rejects bad credentials without echoing the password', async () => {
    const error = await session({ password: 'wrong-password-123' }).call('GET', get('/device')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LoginError);
    expect((error as Error).message).toMatch(/rejected the login .*check controller\.username and controller\.password/);
    expect((error as Error).message).not.toContain('wrong-password-123');
  });

  it('gives up when a fresh login does not help', async () => {
    const s = session();
    sim.fail({ path: '/device', status: 401, times: 2 });
    const before = sim.stats.logins;
    await expect(s.call('GET', get('/device'))).rejects.toBeInstanceOf(SessionExpiredError);
    expect(sim.stats.logins - before).toBe(2);
  });

  it('shares one login between concurrent calls', async () => {
    const s = session();
    const before = sim.stats.logins;
    await Promise.all(Array.from({ length: 5 }, () => s.call('GET', get('/device'))));
    expect(sim.stats.logins - before).toBe(1);
  });

  it('posts /logout on shutdown and forgets the session', async () => {
    const s = session();
    await s.call('GET', get('/device'));
    const before = sim.stats.logouts;
    await s.logout();
    expect(sim.stats.logouts - before).toBe(1);
    expect(s.loggedIn).toBe(false);
    await s.logout();
    expect(sim.stats.logouts - before).toBe(1);
  });

  it('tells expiry apart from ordinary answers', () => {
    const r = (status: number, headers: Record<string, string>, text = '') => ({ status, headers, text });
    expect(isSessionExpired(r(401, {}))).toBe(true);
    expect(isSessionExpired(r(302, { location: '/welcome.html?nocache=1' }))).toBe(true);
    expect(isSessionExpired(r(302, { location: '/elsewhere' }))).toBe(false);
    expect(isSessionExpired(r(200, { 'content-type': 'text/html' }, '<form method="post" action="/j_security_check">'))).toBe(true);
    expect(isSessionExpired(r(200, { 'content-type': 'application/json' }, '{"note": "see welcome.html"}'))).toBe(false);
    expect(isSessionExpired(r(200, { 'content-type': 'text/html' }, '<p>the file welcome.html is the start page</p>'))).toBe(false);
    expect(isSessionExpired(r(403, {}))).toBe(false);
  });
});
