/**
 * @module
 * Password hashes. New passwords are stored as `scrypt$<salt>$<hash>`, never in plaintext. A
 * stored hash may also be Django's `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>` (or
 * `pbkdf2_sha1`), the form NetBox keeps, so users imported from a NetBox database log in with
 * their passwords. Both are checked in constant time with Node's crypto (OpenSSL).
 */
import { pbkdf2Sync, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `scrypt$${salt}$${scryptSync(password, salt, 32).toString('hex')}`;
}

/** Django's PBKDF2 hashers: `pbkdf2_sha256` (the default) and `pbkdf2_sha1`. */
const DJANGO_DIGESTS: Record<string, string> = { pbkdf2_sha256: 'sha256', pbkdf2_sha1: 'sha1' };
/** More would let a crafted hash stall a request for seconds; Django 5.2 uses 1,000,000. */
const MAX_ITERATIONS = 5_000_000;

function equal(actual: Buffer, expected: Buffer): boolean {
  return actual.length === expected.length && expected.length > 0 && timingSafeEqual(actual, expected);
}

function verifyDjango(password: string, digest: string, parts: string[]): boolean {
  const [iterations, salt, hash] = parts;
  const rounds = Number(iterations);
  if (parts.length !== 3 || !Number.isSafeInteger(rounds) || rounds < 1 || rounds > MAX_ITERATIONS || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  return equal(pbkdf2Sync(password, salt, rounds, expected.length, digest), expected);
}

export function verifyPassword(password: string, stored: string | null): boolean {
  const [scheme, ...parts] = (stored ?? '').split('$');
  if (scheme in DJANGO_DIGESTS) return verifyDjango(password, DJANGO_DIGESTS[scheme], parts);
  const [salt, hash] = parts;
  if (scheme !== 'scrypt' || parts.length !== 2 || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  return equal(scryptSync(password, salt, expected.length), expected);
}
