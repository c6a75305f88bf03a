/**
 * @module
 * A simulated SD-WAN controller on loopback, for tests, benchmarks and `npm run bridge:demo`. It speaks
 * both login flows (`POST /j_security_check` answering JWT JSON or setting JSESSIONID, plus Cisco's
 * `POST /jwt/login`), hands out XSRF tokens (`GET /dataservice/client/token`) and checks them, expires
 * sessions (on demand or by token lifetime), logs out, injects failures (statuses, delays, connection
 * resets), and answers the operations of specs/demo/ — or, with `echoUnknown`, any other path with an
 * echo of the request, so a real vendor spec can be exercised end to end.
 *
 * Control endpoints for manual testing (no auth, loopback only): `GET /_sim/stats`,
 * `POST /_sim/expire`, `POST /_sim/faults` with a `Fault` as JSON.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DemoController } from './demoApi.ts';

export interface SimulatorOptions {
  host?: string;
  /** 0 (default): a free port. */
  port?: number;
  username?: string;
  password?: string;
  /** How `POST /j_security_check` answers: JWT JSON (20.18.1+) or a JSESSIONID cookie (older). */
  authFlow?: 'jwt' | 'session';
  /** `expiresIn` of issued JWTs, seconds. */
  tokenTtlSeconds?: number;
  /** How an expired cookie session shows: a 302 to welcome.html, or a 200 HTML login page. */
  sessionExpiry?: '302' | 'html';
  /** Answer unknown /dataservice paths with an echo instead of 404. */
  echoUnknown?: boolean;
  /** The controller's clock (default Date.now): statistics rows end at it, `last_n_hours` counts back from it. */
  now?: () => number;
}

/** A failure to inject into the next `times` matching /dataservice requests. */
export interface Fault {
  method?: string;
  /** Exact path below /dataservice, or a prefix ending in `*`; omitted: any path. */
  path?: string;
  times?: number;
  status?: number;
  body?: unknown;
  /** Wait this long before answering (a client timeout shorter than this sees a timeout). */
  delayMs?: number;
  /** Destroy the connection without answering. */
  reset?: boolean;
}

export interface RecordedRequest {
  method: string;
  /** Path with query string. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface SimulatorStats {
  logins: number;
  jwtLogins: number;
  tokenRequests: number;
  logouts: number;
  /** Requests to /dataservice operations (not auth), most recent last, at most 1000. */
  requests: RecordedRequest[];
  /** `METHOD /path` → count, for /dataservice operations. */
  calls: Record<string, number>;
}

export interface ControllerSimulator {
  url: string;
  host: string;
  port: number;
  stats: SimulatorStats;
  readonly credentials: { username: string; password: string };
  fail(fault: Fault): void;
  clearFaults(): void;
  /** Invalidates every token and cookie session now. */
  expireSessions(): void;
  setAuthFlow(flow: 'jwt' | 'session'): void;
  /** Every token, XSRF token and session id issued so far (for leak checks). */
  issuedSecrets(): string[];
  close(): Promise<void>;
}

const LOGIN_PAGE = '<html><head><meta http-equiv="refresh" content="0; url=welcome.html"><title>Cisco SD-WAN</title></head><body><form method="post" action="/j_security_check"><input name="j_username"><input name="j_password" type="password"></form></body></html>';

function b64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body?: unknown, contentType = 'application/json', headers: Record<string, string | string[]> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { ...(text ? { 'Content-Type': contentType } : {}), 'Content-Length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export async function startControllerSimulator(options: SimulatorOptions = {}): Promise<ControllerSimulator> {
  const username = options.username ?? 'demo';
  const password = options.password ?? 'demo-password';
  let authFlow = options.authFlow ?? 'jwt';
  const ttl = options.tokenTtlSeconds ?? 1800;
  const signingKey = randomBytes(32);
  const tokens = new Map<string, { xsrf: string; expiresAt: number }>();
  const sessions = new Map<string, { xsrf: string | null }>();
  const issued: string[] = [];
  let faults: (Fault & { times: number })[] = [];
  const demo = new DemoController({ now: options.now });
  const stats: SimulatorStats = { logins: 0, jwtLogins: 0, tokenRequests: 0, logouts: 0, requests: [], calls: {} };

  const issueJwt = (lifetime: number) => {
    const now = Math.floor(Date.now() / 1000);
    const head = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify({ sub: username, iat: now, exp: now + lifetime, jti: randomUUID() }))}`;
    const token = `${head}.${createHmac('sha256', signingKey).update(head).digest('base64url')}`;
    const xsrf = randomBytes(24).toString('hex');
    tokens.set(token, { xsrf, expiresAt: Date.now() + lifetime * 1000 });
    issued.push(token, xsrf);
    return { token, xsrf };
  };

  const cookieOf = (req: IncomingMessage) => /(?:^|;\s*)JSESSIONID=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const bearerOf = (req: IncomingMessage) => /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  const expiredCookie = (res: ServerResponse) =>
    options.sessionExpiry === 'html' ? send(res, 200, LOGIN_PAGE, 'text/html; charset=utf-8') : send(res, 302, undefined, undefined, { Location: '/welcome.html?nocache=1' });

  const credentialsOk = (user: unknown, pass: unknown) => user === username && pass === password;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    const path = url.pathname;

    if (path === '/_sim/stats' && method === 'GET') return send(res, 200, { ...stats, requests: stats.requests.length });
    if (path === '/_sim/expire' && method === 'POST') {
      simulator.expireSessions();
      return send(res, 200, { expired: true });
    }
    if (path === '/_sim/faults' && method === 'POST') {
      try {
        simulator.fail(JSON.parse(text) as Fault);
        return send(res, 200, { queued: faults.length });
      } catch {
        return send(res, 400, { error: 'body must be a Fault as JSON' });
      }
    }

    if (path === '/j_security_check' && method === 'POST') {
      const form = new URLSearchParams(text);
      if (!credentialsOk(form.get('j_username'), form.get('j_password'))) return send(res, 200, LOGIN_PAGE, 'text/html; charset=utf-8');
      stats.logins++;
      if (authFlow === 'jwt') {
        const { token, xsrf } = issueJwt(ttl);
        return send(res, 200, { token, xsrfToken: xsrf, expiresIn: ttl });
      }
      const id = randomBytes(18).toString('hex');
      sessions.set(id, { xsrf: null });
      issued.push(id);
      return send(res, 200, undefined, undefined, { 'Set-Cookie': `JSESSIONID=${id}; Path=/; HttpOnly; Secure` });
    }
    if (path === '/jwt/login' && method === 'POST') {
      let body: { username?: unknown; password?: unknown; duration?: unknown } = {};
      try {
        body = JSON.parse(text || '{}') as typeof body;
      } catch {
        return send(res, 400, { message: 'body must be JSON' });
      }
      if (!credentialsOk(body.username, body.password)) return send(res, 401, { message: 'failed to validate user' });
      stats.jwtLogins++;
      const duration = typeof body.duration === 'number' && body.duration > 0 ? body.duration : ttl;
      const { token, xsrf } = issueJwt(duration);
      return send(res, 200, { token, refresh: randomBytes(16).toString('hex'), csrf: xsrf, exp: Math.floor(Date.now() / 1000) + duration, duration, sub: username, isAPIKey: false });
    }
    if (path === '/logout' && method === 'POST') {
      stats.logouts++;
      const bearer = bearerOf(req);
      if (bearer) tokens.delete(bearer);
      const cookie = cookieOf(req);
      if (cookie) sessions.delete(cookie);
      return send(res, 200, { message: 'logged out' });
    }
    if (path === '/dataservice/client/token' && method === 'GET') {
      const cookie = cookieOf(req);
      const session = cookie ? sessions.get(cookie) : undefined;
      if (!session) return expiredCookie(res);
      stats.tokenRequests++;
      session.xsrf ??= randomBytes(24).toString('hex');
      issued.push(session.xsrf);
      return send(res, 200, session.xsrf, 'text/plain');
    }
    if (!path.startsWith('/dataservice/') && path !== '/dataservice') {
      if (path === '/welcome.html') return send(res, 200, LOGIN_PAGE, 'text/html; charset=utf-8');
      return send(res, 404, { error: { message: `Not found: ${path}`, code: 'HTTP404', details: '' } });
    }

    // An operation: authenticate, then faults, then the API itself.
    const bearer = bearerOf(req);
    let xsrf: string | null;
    if (bearer) {
      const t = tokens.get(bearer);
      if (!t || t.expiresAt <= Date.now()) return send(res, 401, { error: { message: 'Unauthorized: token expired or invalid', code: 'AUTH0401', details: '' } });
      xsrf = t.xsrf;
    } else {
      const cookie = cookieOf(req);
      const session = cookie ? sessions.get(cookie) : undefined;
      if (!session) return expiredCookie(res);
      xsrf = session.xsrf;
    }
    if (!xsrf || req.headers['x-xsrf-token'] !== xsrf) {
      return send(res, 403, { error: { message: 'SessionTokenFilter: Token provided via HTTP Header does not match the token generated by the server.', code: 'XSRF0403', details: '' } });
    }
    const opPath = path.slice('/dataservice'.length) || '/';
    const recorded: RecordedRequest = { method, url: `${opPath}${url.search}`, headers: { ...req.headers }, body: text };
    stats.requests.push(recorded);
    if (stats.requests.length > 1000) stats.requests.shift();
    stats.calls[`${method} ${opPath}`] = (stats.calls[`${method} ${opPath}`] ?? 0) + 1;

    const fault = faults.find((f) => f.times > 0 && (!f.method || f.method.toUpperCase() === method) && (!f.path || f.path === opPath || (f.path.endsWith('*') && opPath.startsWith(f.path.slice(0, -1)))));
    if (fault) {
      fault.times--;
      faults = faults.filter((f) => f.times > 0);
      if (fault.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
      if (fault.reset) {
        req.socket.destroy();
        return;
      }
      if (fault.status) return send(res, fault.status, fault.body ?? { error: { message: `Injected failure ${fault.status}`, code: `SIM${fault.status}`, details: '' } });
    }

    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, { error: { message: 'Request body is not valid JSON', code: 'REST0400', details: '' } });
      }
    }
    const answer = demo.handle(method, opPath, url.searchParams, body);
    if (answer) return send(res, answer.status, answer.body, answer.contentType);
    if (options.echoUnknown) return send(res, 200, { echo: { method, path: opPath, query: Object.fromEntries(url.searchParams), body: body ?? null } });
    return send(res, 404, { error: { message: `No such API: ${method} ${opPath}`, code: 'REST0404', details: '' } });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { error: { message: error.message, code: 'SIM500', details: '' } }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const simulator: ControllerSimulator = {
    url: `http://${address.address}:${address.port}`,
    host: address.address,
    port: address.port,
    stats,
    credentials: { username, password },
    fail: (fault) => faults.push({ ...fault, times: fault.times ?? 1 }),
    clearFaults: () => {
      faults = [];
    },
    expireSessions: () => {
      tokens.clear();
      sessions.clear();
    },
    setAuthFlow: (flow) => {
      authFlow = flow;
    },
    issuedSecrets: () => [...issued],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return simulator;
}
