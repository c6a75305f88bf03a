import { pbkdf2Sync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('stores new passwords as scrypt hashes and checks them', async () => {
    const stored = await hashPassword('s3cret');
    expect(stored).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(stored).not.toContain('s3cret');
    expect(await verifyPassword('s3cret', stored)).toBe(true);
    expect(await verifyPassword('S3cret', stored)).toBe(false);
  });

  it("checks Django's PBKDF2 hashes, so users imported from NetBox keep their passwords", async () => {
    // Computed with Python's hashlib.pbkdf2_hmac, which Django's PBKDF2PasswordHasher calls.
    const sha256 = 'pbkdf2_sha256$1000$seasalt$JgZryXe2Ga8ysg6XbzkLpTdyPQrHqsinbL9BnnhgX4A=';
    expect(await verifyPassword('lètmein', sha256)).toBe(true);
    expect(await verifyPassword('letmein', sha256)).toBe(false);
    expect(await verifyPassword('correct horse', 'pbkdf2_sha1$1000$salt1$v1sY7XVH70vcmoRIvfYFoCRwboE=')).toBe(true);
  });

  it('refuses malformed, unknown and unusable hashes without throwing', async () => {
    for (const stored of [null, '', '!unusable', 'md5$x$y', 'toString$1$a$b', 'pbkdf2_sha256$abc$salt$AAAA', 'pbkdf2_sha256$99999999$salt$AAAA', 'pbkdf2_sha256$1000$$AAAA', 'pbkdf2_sha256$1000$salt$', 'scrypt$salt', 'scrypt$$', 'scrypt$salt$zz']) {
      expect(await verifyPassword('anything', stored), String(stored)).toBe(false);
    }
  });

  it('hashes and verifies off the event loop, so other requests keep being served meanwhile', async () => {
    // A costly Django hash (a fifth of Django 5.2's iterations): the event loop must keep turning while it is checked.
    const salt = 'pool';
    const stored = `pbkdf2_sha256$200000$${salt}$${pbkdf2Sync('Hunter2-hunter2', salt, 200_000, 32, 'sha256').toString('base64')}`;
    const turns = async (work: () => Promise<unknown>) => {
      let count = 0;
      const timer = setInterval(() => count++, 0);
      try {
        await work();
      } finally {
        clearInterval(timer);
      }
      return count;
    };
    expect(await turns(() => verifyPassword('Hunter2-hunter2', stored))).toBeGreaterThan(0);
    expect(await turns(() => hashPassword('Hunter2-hunter2'))).toBeGreaterThan(0);
  });
});
