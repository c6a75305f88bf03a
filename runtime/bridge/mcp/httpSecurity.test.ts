import { describe, expect, it } from 'vitest';
import { checkBearer, decideBind, isLoopback, rejectionLogger } from './httpSecurity.ts';

const TOKEN = 'a-sufficiently-long-bearer-token';

describe('bearer auth', () => {
  it('accepts exactly the configured token, scheme case-insensitive', () => {
    expect(checkBearer(`Bearer ${TOKEN}`, TOKEN)).toEqual({ ok: true });
    expect(checkBearer(`bearer   ${TOKEN}`, TOKEN)).toEqual({ ok: true });
  });

  it('challenges missing, malformed and wrong credentials per RFC 6750', () => {
    expect(checkBearer(undefined, TOKEN)).toMatchObject({ ok: false, status: 401, challenge: 'Bearer realm="sdwan-bridge"' });
    expect(checkBearer(`Basic ${TOKEN}`, TOKEN)).toMatchObject({ ok: false, challenge: expect.stringContaining('error="invalid_request"') });
    expect(checkBearer('Bearer', TOKEN)).toMatchObject({ ok: false, challenge: expect.stringContaining('error="invalid_request"') });
    expect(checkBearer(`Bearer ${TOKEN} extra`, TOKEN)).toMatchObject({ ok: false, challenge: expect.stringContaining('error="invalid_request"') });
    expect(checkBearer(`Bearer ${TOKEN}x`, TOKEN)).toMatchObject({ ok: false, challenge: expect.stringContaining('error="invalid_token"') });
    expect(checkBearer(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toMatchObject({ ok: false, message: 'invalid token' });
  });
});

describe('bind safety', () => {
  it('knows loopback addresses', () => {
    for (const h of ['127.0.0.1', '127.8.9.10', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopback(h), h).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.5', 'bridge.example.com', '[::]']) expect(isLoopback(h), h).toBe(false);
  });

  it('demotes a public bind without auth to 127.0.0.1 with a warning', () => {
    const d = decideBind('0.0.0.0', 'none', false);
    expect(d.host).toBe('127.0.0.1');
    expect(d.warnings[0]).toMatch(/refusing to bind 0\.0\.0\.0 with transport\.auth\.type none/);
  });

  it('keeps the host with bearer auth, on loopback, or with --insecure-allow-public', () => {
    expect(decideBind('0.0.0.0', 'bearer', false)).toEqual({ host: '0.0.0.0', warnings: [] });
    expect(decideBind('127.0.0.1', 'none', false)).toEqual({ host: '127.0.0.1', warnings: [] });
    const forced = decideBind('0.0.0.0', 'none', true);
    expect(forced.host).toBe('0.0.0.0');
    expect(forced.warnings[0]).toMatch(/--insecure-allow-public/);
  });
});

describe('rejection logging', () => {
  it('logs at most the limit per window and then how many it held back', () => {
    const lines: string[] = [];
    let now = 0;
    const log = rejectionLogger((l) => lines.push(l), 3, 1000, () => now);
    for (let i = 0; i < 10; i++) log(`r${i}`);
    expect(lines).toEqual(['r0', 'r1', 'r2']);
    now = 1500;
    log('later');
    expect(lines.slice(3)).toEqual(['suppressed 7 further rejected request(s) in the last 1 s', 'later']);
  });
});
