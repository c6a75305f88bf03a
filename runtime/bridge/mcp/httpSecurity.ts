/**
 * @module
 * Protection of the HTTP transports: bearer-token checks (constant-time, RFC 6750 challenges) and
 * bind safety (a non-loopback address without auth is demoted to 127.0.0.1 unless the operator insists
 * with `--insecure-allow-public`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

export const REALM = 'sdwan-bridge';

export type BearerVerdict = { ok: true } | { ok: false; status: 401; challenge: string; message: string };

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * Checks an `Authorization` header against the configured token. Both sides are hashed first, so the
 * comparison takes the same time whatever the lengths and wherever the first difference is.
 */
export function checkBearer(header: string | undefined, token: string): BearerVerdict {
  if (!header || !header.trim()) {
    return { ok: false, status: 401, challenge: `Bearer realm="${REALM}"`, message: 'missing Authorization header' };
  }
  const [scheme, credentials, ...rest] = header.trim().split(/\s+/);
  if (scheme.toLowerCase() !== 'bearer' || !credentials || rest.length) {
    return {
      ok: false,
      status: 401,
      challenge: `Bearer realm="${REALM}", error="invalid_request", error_description="malformed Authorization header"`,
      message: 'malformed Authorization header (expected "Bearer <token>")',
    };
  }
  if (!timingSafeEqual(digest(credentials), digest(token))) {
    return { ok: false, status: 401, challenge: `Bearer realm="${REALM}", error="invalid_token", error_description="invalid token"`, message: 'invalid token' };
  }
  return { ok: true };
}

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

export interface BindDecision {
  host: string;
  warnings: string[];
}

/** Where the HTTP transport may listen. */
export function decideBind(host: string, authType: 'none' | 'bearer', insecureAllowPublic: boolean): BindDecision {
  if (isLoopback(host) || authType === 'bearer') return { host, warnings: [] };
  if (insecureAllowPublic) {
    return { host, warnings: [`binding ${host} with transport.auth.type none (--insecure-allow-public): anyone who can reach it can drive the controller.`] };
  }
  return {
    host: '127.0.0.1',
    warnings: [
      `refusing to bind ${host} with transport.auth.type none: listening on 127.0.0.1 instead. Set transport.auth.type: bearer with a token, or pass --insecure-allow-public.`,
    ],
  };
}

/** Logs at most `limit` rejections per window, then one summary line: a flood cannot flood stderr. */
export function rejectionLogger(log: (line: string) => void, limit = 10, windowMs = 60_000, now: () => number = Date.now): (message: string) => void {
  let windowStart = now();
  let count = 0;
  let suppressed = 0;
  return (message) => {
    const t = now();
    if (t - windowStart >= windowMs) {
      if (suppressed) log(`suppressed ${suppressed} further rejected request(s) in the last ${Math.round(windowMs / 1000)} s`);
      windowStart = t;
      count = 0;
      suppressed = 0;
    }
    if (count++ < limit) log(message);
    else suppressed++;
  };
}
