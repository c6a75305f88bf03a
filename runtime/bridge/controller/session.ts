/**
 * @module
 * The controller session: logs in, adds the auth headers to every request, notices expiry, logs out.
 *
 * JWT flow (default, controller 20.18.1+): `POST /j_security_check` (form `j_username`, `j_password`)
 * answers `{token, xsrfToken, expiresIn}`; requests carry `Authorization: Bearer <token>` and
 * `X-XSRF-TOKEN`; a token within 2 minutes of expiry is renewed before the next request. With
 * `jwt_login: jwt_login`, Cisco's documented `POST /jwt/login` (`{username, password}` →
 * `{token, csrf, exp}`) is used instead. Session flow (`use_jwt: false`): `POST /j_security_check` sets
 * `JSESSIONID`; `GET /dataservice/client/token` with that cookie returns the XSRF token as text;
 * requests carry the cookie and `X-XSRF-TOKEN`.
 *
 * Expiry shows as 401, a 302 to `welcome.html`, or a 200 that is the HTML login page; the call then
 * logs in again and is retried once, whatever the transport retries did. Logins are single-flight:
 * concurrent calls that find the session expired share one login.
 */
import { headerValue, TransportError, type HttpClient, type HttpRequest, type HttpResponse } from './httpClient.ts';
import { sendWithRetry, type RetryHooks, type RetryPolicy } from './retry.ts';

export interface SessionOptions {
  /** `https://host:port` (the site root; the REST base is `<baseUrl>/dataservice`). */
  baseUrl: string;
  username: string;
  password: string;
  useJwt: boolean;
  jwtLogin: 'j_security_check' | 'jwt_login';
  timeoutMs: number;
  policy: RetryPolicy;
  http: HttpClient;
  hooks?: RetryHooks;
  now?: () => number;
  /** Renew a JWT this long before it expires (2 minutes). */
  refreshMarginMs?: number;
}

export class LoginError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LoginError';
  }
}

/** The session expired again right after a fresh login. */
export class SessionExpiredError extends Error {
  constructor() {
    super(
      'Session expired and logging in again did not recover it. This can happen when other clients share the credentials and the controller limits concurrent sessions.',
    );
    this.name = 'SessionExpiredError';
  }
}

type State = { kind: 'none' } | { kind: 'jwt'; token: string; xsrf: string; expiresAt: number } | { kind: 'cookie'; cookie: string; xsrf: string };

export interface CallOutcome {
  request: HttpRequest;
  response: HttpResponse;
  attempts: number;
  relogged: boolean;
}

const LOGIN_PAGE_FORM = /<form[^>]*action=["'][^"']*j_security_check/i;
const WELCOME_REDIRECT = /(?:url|href)\s*=\s*["']?[^"'>\s]*welcome\.html/i;

/** Whether the controller is saying "log in again" rather than answering. */
export function isSessionExpired(res: HttpResponse): boolean {
  if (res.status === 401) return true;
  if (res.status >= 300 && res.status < 400) return /welcome\.html/i.test(headerValue(res.headers, 'location'));
  if (res.status >= 200 && res.status < 300 && /text\/html/i.test(headerValue(res.headers, 'content-type'))) {
    return LOGIN_PAGE_FORM.test(res.text) || WELCOME_REDIRECT.test(res.text);
  }
  return false;
}

function jsessionId(res: HttpResponse): string | null {
  const raw = res.headers['set-cookie'];
  for (const cookie of Array.isArray(raw) ? raw : raw ? [raw] : []) {
    const match = /(?:^|;\s*)JSESSIONID=([^;]+)/i.exec(cookie);
    if (match && match[1]) return match[1];
  }
  return null;
}

function looksLikeHtml(text: string): boolean {
  return /<html|<!doctype html/i.test(text);
}

export class ControllerSession {
  private state: State = { kind: 'none' };
  private loginInFlight: Promise<void> | null = null;
  private readonly now: () => number;
  private readonly margin: number;
  /** Counters for logs and tests. */
  readonly stats = { logins: 0, logouts: 0 };

  constructor(private readonly options: SessionOptions) {
    this.now = options.now ?? Date.now;
    this.margin = options.refreshMarginMs ?? 120_000;
  }

  get loggedIn(): boolean {
    return this.state.kind !== 'none';
  }

  /** Values that must never appear in logs or results (for the redaction tests and the debug capture). */
  secrets(): string[] {
    const s = this.state;
    const list = [this.options.password];
    if (s.kind === 'jwt') list.push(s.token, s.xsrf);
    if (s.kind === 'cookie') list.push(s.cookie, s.xsrf);
    return list.filter((v) => v.length >= 4);
  }

  authHeaders(): Record<string, string> {
    const s = this.state;
    if (s.kind === 'jwt') return { Authorization: `Bearer ${s.token}`, 'X-XSRF-TOKEN': s.xsrf };
    if (s.kind === 'cookie') return { Cookie: `JSESSIONID=${s.cookie}`, 'X-XSRF-TOKEN': s.xsrf };
    return {};
  }

  /** Logs in unless a usable session exists (renewing a JWT near its expiry). */
  async ensureFresh(): Promise<void> {
    const s = this.state;
    if (s.kind === 'none' || (s.kind === 'jwt' && this.now() >= s.expiresAt - this.margin)) await this.login();
  }

  /** Single-flight login: callers arriving during a login wait for it. */
  login(): Promise<void> {
    this.loginInFlight ??= this.doLogin().finally(() => {
      this.loginInFlight = null;
    });
    return this.loginInFlight;
  }

  private async exchange(req: HttpRequest): Promise<HttpResponse> {
    // Logging in changes nothing on the controller: retried like a read.
    const { response } = await sendWithRetry('GET', () => this.options.http.send(req, this.options.timeoutMs), this.options.policy, this.options.hooks);
    return response;
  }

  private async doLogin(): Promise<void> {
    const { baseUrl, username, password } = this.options;
    this.state = { kind: 'none' };
    try {
      if (this.options.useJwt && this.options.jwtLogin === 'jwt_login') {
        const res = await this.exchange({
          method: 'POST',
          url: `${baseUrl}/jwt/login`,
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ username, password }),
        });
        this.state = this.readJwt(res, 'POST /jwt/login');
      } else {
        const res = await this.exchange({
          method: 'POST',
          url: `${baseUrl}/j_security_check`,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ j_username: username, j_password: password }).toString(),
        });
        this.state = this.options.useJwt ? this.readJwt(res, 'POST /j_security_check') : await this.readSession(res);
      }
    } catch (error) {
      if (error instanceof TransportError) throw new LoginError(`cannot reach the controller at ${baseUrl}: ${error.message}`);
      throw error;
    }
    this.stats.logins++;
  }

  private rejected(res: HttpResponse, what: string): LoginError | null {
    if (res.status === 401 || res.status === 403 || (res.status === 200 && looksLikeHtml(res.text))) {
      return new LoginError(`the controller rejected the login (${what} answered ${res.status}${looksLikeHtml(res.text) ? ' with its login page' : ''}); check controller.username and controller.password`);
    }
    if (res.status !== 200) return new LoginError(`${what} answered HTTP ${res.status}`);
    return null;
  }

  private readJwt(res: HttpResponse, what: string): State {
    const problem = this.rejected(res, what);
    if (problem) throw problem;
    let body: Record<string, unknown> | null = null;
    try {
      const parsed = JSON.parse(res.text) as unknown;
      if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
    const token = typeof body?.token === 'string' ? body.token : '';
    const xsrf = typeof body?.xsrfToken === 'string' ? body.xsrfToken : typeof body?.csrf === 'string' ? body.csrf : '';
    if (!token || !xsrf) {
      throw new LoginError(
        `${what} did not answer {token, xsrfToken, expiresIn}; controllers older than 20.18.1 have no JWT login: set controller.use_jwt: false`,
      );
    }
    const now = this.now();
    const seconds = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
    const expiresIn = seconds(body?.expiresIn) ?? seconds(body?.duration);
    const exp = seconds(body?.exp);
    // `exp` is a JWT claim (epoch seconds); `expiresIn`/`duration` are lifetimes. Default: 30 minutes.
    const expiresAt = expiresIn !== null ? now + expiresIn * 1000 : exp !== null && exp > 1e9 ? exp * 1000 : now + 1800 * 1000;
    return { kind: 'jwt', token, xsrf, expiresAt };
  }

  private async readSession(res: HttpResponse): Promise<State> {
    const problem = this.rejected(res, 'POST /j_security_check');
    if (problem) throw problem;
    const cookie = jsessionId(res);
    if (!cookie) throw new LoginError('POST /j_security_check set no JSESSIONID cookie; is controller.host a controller?');
    const tokenRes = await this.exchange({ method: 'GET', url: `${this.options.baseUrl}/dataservice/client/token`, headers: { Cookie: `JSESSIONID=${cookie}` } });
    const xsrf = tokenRes.text.trim();
    if (tokenRes.status !== 200 || !xsrf || looksLikeHtml(xsrf) || xsrf.length > 512) {
      throw new LoginError(`GET /dataservice/client/token did not return an XSRF token (HTTP ${tokenRes.status}); the session login failed`);
    }
    return { kind: 'cookie', cookie, xsrf };
  }

  /** Keeps a cookie session in step when the controller hands out a new JSESSIONID. */
  private noteResponse(res: HttpResponse): void {
    if (this.state.kind !== 'cookie') return;
    const cookie = jsessionId(res);
    if (cookie && cookie !== this.state.cookie) this.state = { ...this.state, cookie };
  }

  /**
   * Sends one controller request with auth headers, transport retries, and one re-login plus retry
   * when the session turns out to have expired. `build` is given the auth headers each time.
   */
  async call(method: string, build: (auth: Record<string, string>) => HttpRequest): Promise<CallOutcome> {
    await this.ensureFresh();
    const attempt = async () => {
      const request = build(this.authHeaders());
      const outcome = await sendWithRetry(method, () => this.options.http.send(request, this.options.timeoutMs), this.options.policy, this.options.hooks);
      this.noteResponse(outcome.response);
      return { request, ...outcome };
    };
    let first = await attempt();
    if (!isSessionExpired(first.response)) return { ...first, relogged: false };
    await this.login();
    const second = await attempt();
    if (isSessionExpired(second.response)) throw new SessionExpiredError();
    first = second;
    return { ...first, relogged: true };
  }

  /** `POST /logout`, best effort (shutdown must not hang on an unreachable controller). */
  async logout(): Promise<void> {
    if (this.state.kind === 'none') return;
    const headers = this.authHeaders();
    this.state = { kind: 'none' };
    try {
      await this.options.http.send({ method: 'POST', url: `${this.options.baseUrl}/logout`, headers }, Math.min(this.options.timeoutMs, 5000));
      this.stats.logouts++;
    } catch {
      // Nothing more to do: the session will expire on its own.
    }
  }
}
