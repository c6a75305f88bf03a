import { describe, expect, it } from 'vitest';
import { REDACTED } from './debugCapture.ts';
import { encodedForms, SecretScrubber } from './secretScrubber.ts';

describe('scrubbing live credentials', () => {
  const secret = 'p@ss w/rd+1';

  it('knows the spellings a secret travels in', () => {
    const forms = encodedForms(secret, 'ops');
    for (const form of [
      secret,
      'p%40ss%20w%2Frd%2B1',
      'p%40ss+w%2Frd%2B1',
      'p%40ss%20w%2frd%2b1',
      Buffer.from(secret).toString('base64'),
      Buffer.from(`ops:${secret}`).toString('base64'),
      Buffer.from(`ops:${secret}`).toString('base64url'),
    ]) {
      expect(forms, form).toContain(form);
    }
    expect(encodedForms('say "hi"\\')).toContain('say \\"hi\\"\\\\');
    expect(forms).toEqual([...forms].sort((a, b) => b.length - a.length));
  });

  it('scrubs text and values, keys and numbers included, and follows the secrets as they change', () => {
    let live = [secret, 'abc'];
    const scrub = new SecretScrubber({ secrets: () => live, username: 'ops' });
    expect(scrub.text(`GET /x?system-ip=p%40ss+w%2Frd%2B1 Basic ${Buffer.from(`ops:${secret}`).toString('base64')} abc`)).toBe(`GET /x?system-ip=${REDACTED} Basic ${REDACTED} abc`);
    expect(scrub.value({ [secret]: [1, { deep: `x${secret}y` }], n: 1234 })).toEqual({ [REDACTED]: [1, { deep: `x${REDACTED}y` }], n: 1234 });
    live = ['123456'];
    expect(scrub.value({ n: 1234567, m: 99, s: 'ok' })).toEqual({ n: REDACTED, m: 99, s: 'ok' });
    live = [];
    expect(scrub.text(secret)).toBe(secret);
  });
});
