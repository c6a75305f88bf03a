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

/** Python's bytes.split(): ASCII whitespace only (a no-break space is part of a word). */
const ASCII_WHITESPACE = /[ \t\n\r\v\f]+/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The header's value as NetBox reads it: Node gives a header's bytes as Latin-1 characters, as
 * WSGI does; DRF encodes them back to bytes and the token is decoded as UTF-8. Null when it is not
 * UTF-8.
 */
function decodedValue(latin1: string): string | null {
  if (!/[^\x00-\x7f]/.test(latin1)) return latin1;
  try {
    return UTF8.decode(Buffer.from(latin1, 'latin1'));
  } catch {
    return null;
  }
}

/**
 * Parses the Authorization header as NetBox 4.6's TokenAuthentication does. Both keywords take
 * both versions: the version is inferred from the value (`nbt_` starts a v2 token), not from the
 * keyword, so `Bearer <v1 plaintext>` and `Token nbt_<key>.<secret>` authenticate as in NetBox.
 */
export function parseAuthorization(header: string | undefined): ParsedAuthorization {
  if (!header) return { kind: 'none' };
  const parts = header.split(ASCII_WHITESPACE).filter(Boolean);
  const scheme = parts[0]?.toLowerCase();
  if (scheme !== 'token' && scheme !== 'bearer') return { kind: 'none' };
  if (parts.length !== 2) return { kind: 'invalid', detail: 'Invalid authorization header: Must be in the form "Bearer <key>.<token>" or "Token <token>"' };
  const value = decodedValue(parts[1]);
  if (value === null) return { kind: 'invalid', detail: 'Invalid authorization header: Token contains invalid characters' };
  if (value.startsWith(TOKEN_PREFIX)) {
    const rest = value.slice(TOKEN_PREFIX.length);
    const dot = rest.indexOf('.');
    if (dot < 0) return { kind: 'invalid', detail: "Invalid authorization header: Could not parse key from v2 token. Did you mean to use 'Token' instead of 'Bearer'?" };
    return { kind: 'v2', key: rest.slice(0, dot), secret: rest.slice(dot + 1) };
  }
  return { kind: 'v1', plaintext: value };
}
