/**
 * @module
 * Password verification for hashes written by the REST writer (`scrypt$<salt>$<hash>`).
 */
import { scryptSync, timingSafeEqual } from 'node:crypto';
export { hashPassword } from '../rest/write/writer.ts';

export function verifyPassword(password: string, stored: string | null): boolean {
  const [scheme, salt, hash] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = scryptSync(password, salt, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
