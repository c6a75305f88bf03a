/**
 * @module
 * API tokens as NetBox 4.6 has them: v1 (a 40-character plaintext, deprecated) and v2
 * (`nbt_<key>.<secret>`, stored as an HMAC-SHA256 of the secret under a server-side pepper).
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const TOKEN_PREFIX = 'nbt_';
export const KEY_LENGTH = 12;
export const SECRET_LENGTH = 40;

export function randomString(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

/**
 * Peppers by id, from `API_TOKEN_PEPPERS` (`1:secret,2:other`) as in NetBox's settings. Without
 * one configured the server uses a fixed development pepper; set a real one in production.
 */
export function peppers(env: NodeJS.ProcessEnv = process.env): Map<number, string> {
  const configured = (env.API_TOKEN_PEPPERS ?? '')
    .split(',')
    .map((entry) => entry.split(':'))
    .filter(([id, value]) => /^\d+$/.test(id ?? '') && value)
    .map(([id, ...value]) => [Number(id), value.join(':')] as [number, string]);
  return new Map(configured.length ? configured : [[1, 'netbox-codegen-development-pepper']]);
}

export function currentPepperId(all: Map<number, string>): number {
  return Math.max(...all.keys());
}

export function digest(pepper: string, secret: string): string {
  return createHmac('sha256', pepper).update(secret).digest('hex');
}

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type ParsedAuthorization =
  | { kind: 'none' }
  | { kind: 'invalid'; detail: string }
  | { kind: 'v1'; plaintext: string }
  | { kind: 'v2'; key: string; secret: string };

/** Parses the Authorization header as NetBox's TokenAuthentication does. */
export function parseAuthorization(header: string | undefined): ParsedAuthorization {
  if (!header) return { kind: 'none' };
  const parts = header.trim().split(/\s+/);
  const scheme = parts[0]?.toLowerCase();
  if (scheme !== 'token' && scheme !== 'bearer') return { kind: 'none' };
  if (parts.length !== 2) return { kind: 'invalid', detail: 'Invalid authorization header: Must be in the form "Bearer <key>.<token>" or "Token <token>"' };
  const value = parts[1];
  // The version is inferred from the value, not from the keyword.
  if (value.startsWith(TOKEN_PREFIX)) {
    const rest = value.slice(TOKEN_PREFIX.length);
    const dot = rest.indexOf('.');
    if (dot < 0) return { kind: 'invalid', detail: "Could not parse key from v2 token. Did you mean to use 'Token' instead of 'Bearer'?" };
    return { kind: 'v2', key: rest.slice(0, dot), secret: rest.slice(dot + 1) };
  }
  return { kind: 'v1', plaintext: value };
}
