/**
 * @module
 * Password hashes. New passwords are stored as `scrypt$<salt>$<hash>`, never in plaintext. A
 * stored hash may also be Django's `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>` (or
 * `pbkdf2_sha1`), the form NetBox keeps, so users imported from a NetBox database log in with
 * their passwords. Both are computed by Node's crypto on libuv's thread pool, never on the event
 * loop: a Django hash of 1,000,000 iterations costs about a second, which would stall every other
 * request of the server for each `tokens/provision/` attempt. Hashes are compared in constant time.
 */
import { pbkdf2, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: string, length: number) => Promise<Buffer>;
const pbkdf2Async = promisify(pbkdf2);

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `scrypt$${salt}$${(await scryptAsync(password, salt, 32)).toString('hex')}`;
}

/** Django's PBKDF2 hashers: `pbkdf2_sha256` (the default) and `pbkdf2_sha1`. */
const DJANGO_DIGESTS: Record<string, string> = { pbkdf2_sha256: 'sha256', pbkdf2_sha1: 'sha1' };
/** More would let a crafted hash occupy a pool thread for seconds; Django 5.2 uses 1,000,000. */
const MAX_ITERATIONS = 5_000_000;

function equal(actual: Buffer, expected: Buffer): boolean {
  return actual.length === expected.length && expected.length > 0 && timingSafeEqual(actual, expected);
}

async function verifyDjango(password: string, digest: string, parts: string[]): Promise<boolean> {
  const [iterations, salt, hash] = parts;
  const rounds = Number(iterations);
  if (parts.length !== 3 || !Number.isSafeInteger(rounds) || rounds < 1 || rounds > MAX_ITERATIONS || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  if (!expected.length) return false;
  return equal(await pbkdf2Async(password, salt, rounds, expected.length, digest), expected);
}

/** Whether `password` matches the stored hash; false (never a throw) for a malformed or unknown one. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [scheme, ...parts] = (stored ?? '').split('$');
  if (Object.hasOwn(DJANGO_DIGESTS, scheme)) return verifyDjango(password, DJANGO_DIGESTS[scheme], parts);
  const [salt, hash] = parts;
  if (scheme !== 'scrypt' || parts.length !== 2 || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  if (!expected.length) return false;
  return equal(await scryptAsync(password, salt, expected.length), expected);
}
