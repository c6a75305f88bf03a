import { describe, expect, it } from 'vitest';
import { parseAuthorization } from './tokens.ts';

const V1 = '0123456789abcdef0123456789abcdef01234567';
const FORM = 'Invalid authorization header: Must be in the form "Bearer <key>.<token>" or "Token <token>"';

describe('parseAuthorization', () => {
  it('infers the version from the value under either keyword, as NetBox 4.6 does', () => {
    expect(parseAuthorization(`Token ${V1}`)).toEqual({ kind: 'v1', plaintext: V1 });
    expect(parseAuthorization(`Bearer ${V1}`)).toEqual({ kind: 'v1', plaintext: V1 });
    expect(parseAuthorization('Bearer nbt_abc.secret.more')).toEqual({ kind: 'v2', key: 'abc', secret: 'secret.more' });
    expect(parseAuthorization('token nbt_abc.secret')).toEqual({ kind: 'v2', key: 'abc', secret: 'secret' });
  });

  it('ignores other schemes and refuses malformed values in NetBox\'s words', () => {
    expect(parseAuthorization(undefined)).toEqual({ kind: 'none' });
    expect(parseAuthorization('Basic YWRtaW46YWRtaW4=')).toEqual({ kind: 'none' });
    expect(parseAuthorization('Bearer')).toEqual({ kind: 'invalid', detail: FORM });
    expect(parseAuthorization(`Token ${V1} extra`)).toEqual({ kind: 'invalid', detail: FORM });
    expect(parseAuthorization('Bearer nbt_nodot')).toEqual({ kind: 'invalid', detail: "Invalid authorization header: Could not parse key from v2 token. Did you mean to use 'Token' instead of 'Bearer'?" });
  });

  it('splits on ASCII whitespace only and decodes the token as UTF-8, as DRF does with the bytes', () => {
    expect(parseAuthorization(`  Token\t${V1}  `)).toEqual({ kind: 'v1', plaintext: V1 });
    // A no-break space (0xA0) is part of the word for Python's bytes.split().
    expect(parseAuthorization(`Token\u00a0${V1}`)).toEqual({ kind: 'none' });
    // Node hands header bytes over as Latin-1 characters: `Ã©` is the UTF-8 of `é`, a lone 0xE9 is no UTF-8.
    expect(parseAuthorization('Token caf\u00c3\u00a9')).toEqual({ kind: 'v1', plaintext: 'café' });
    expect(parseAuthorization('Token caf\u00e9')).toEqual({ kind: 'invalid', detail: 'Invalid authorization header: Token contains invalid characters' });
  });
});
