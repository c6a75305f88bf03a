import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControllerSimulator, type ControllerSimulator } from './controllerSimulator.ts';

let sim: ControllerSimulator;
beforeAll(async () => {
  sim = await startControllerSimulator({ echoUnknown: true });
});
afterAll(() => sim.close());

async function jwtLogin(): Promise<{ token: string; xsrfToken: string; expiresIn: number }> {
  const res = await fetch(`${sim.url}/j_security_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ j_username: sim.credentials.username, j_password: sim.credentials.password }),
  });
  return (await res.json()) as { token: string; xsrfToken: string; expiresIn: number };
}

describe('simulated controller', () => {
  it('answers the JWT login with {token, xsrfToken, expiresIn} and checks both headers', async () => {
    const login = await jwtLogin();
    expect(login.expiresIn).toBe(1800);
    const ok = await fetch(`${sim.url}/dataservice/device`, { headers: { authorization: `Bearer ${login.token}`, 'x-xsrf-token': login.xsrfToken } });
    expect(ok.status).toBe(200);
    const noXsrf = await fetch(`${sim.url}/dataservice/device`, { headers: { authorization: `Bearer ${login.token}` } });
    expect(noXsrf.status).toBe(403);
    expect(((await noXsrf.json()) as { error: { message: string } }).error.message).toMatch(/SessionTokenFilter/);
    const bogus = await fetch(`${sim.url}/dataservice/device`, { headers: { authorization: 'Bearer x.y.z', 'x-xsrf-token': login.xsrfToken } });
    expect(bogus.status).toBe(401);
  });

  it('redirects requests without a session to welcome.html and serves the login page on a bad password', async () => {
    const anonymous = await fetch(`${sim.url}/dataservice/device`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/welcome\.html/);
    const bad = await fetch(`${sim.url}/j_security_check`, { method: 'POST', body: new URLSearchParams({ j_username: 'demo', j_password: 'nope' }) });
    expect(bad.status).toBe(200);
    expect(await bad.text()).toMatch(/<form method="post" action="\/j_security_check">/);
    const cisco = await fetch(`${sim.url}/jwt/login`, { method: 'POST', body: JSON.stringify({ username: 'demo', password: 'nope' }) });
    expect(cisco.status).toBe(401);
  });

  it('takes faults over its control endpoint and echoes paths outside the demo spec', async () => {
    const login = await jwtLogin();
    const headers = { authorization: `Bearer ${login.token}`, 'x-xsrf-token': login.xsrfToken };
    const queued = await fetch(`${sim.url}/_sim/faults`, { method: 'POST', body: JSON.stringify({ path: '/anything/*', status: 504, times: 1 }) });
    expect(queued.status).toBe(200);
    expect((await fetch(`${sim.url}/dataservice/anything/at/all?x=1`, { headers })).status).toBe(504);
    const echo = await fetch(`${sim.url}/dataservice/anything/at/all?x=1`, { headers });
    expect(await echo.json()).toEqual({ echo: { method: 'GET', path: '/anything/at/all', query: { x: '1' }, body: null } });
    expect(((await (await fetch(`${sim.url}/_sim/stats`)).json()) as { calls: Record<string, number> }).calls['GET /anything/at/all']).toBe(2);
  });
});
