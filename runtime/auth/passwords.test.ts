import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('stores new passwords as scrypt hashes and checks them', () => {
    const stored = hashPassword('s3cret');
    expect(stored).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(stored).not.toContain('s3cret');
    expect(verifyPassword('s3cret', stored)).toBe(true);
    expect(verifyPassword('S3cret', stored)).toBe(false);
  });

  it("checks Django's PBKDF2 hashes, so users imported from NetBox keep their passwords", () => {
    // Computed with Python's hashlib.pbkdf2_hmac, which Django's PBKDF2PasswordHasher calls.
    const sha256 = 'pbkdf2_sha256$1000$seasalt$JgZryXe2Ga8ysg6XbzkLpTdyPQrHqsinbL9BnnhgX4A=';
    expect(verifyPassword('lètmein', sha256)).toBe(true);
    expect(verifyPassword('letmein', sha256)).toBe(false);
    expect(verifyPassword('correct horse', 'pbkdf2_sha1$1000$salt1$v1sY7XVH70vcmoRIvfYFoCRwboE=')).toBe(true);
  });

  it('refuses malformed, unknown and unusable hashes without throwing', () => {
    for (const stored of [null, '', '!unusable', 'md5$x$y', 'pbkdf2_sha256$abc$salt$AAAA', 'pbkdf2_sha256$99999999$salt$AAAA', 'pbkdf2_sha256$1000$$AAAA', 'scrypt$salt', 'scrypt$$']) {
      expect(verifyPassword('anything', stored), String(stored)).toBe(false);
    }
  });
});
