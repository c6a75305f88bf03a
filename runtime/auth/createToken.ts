/**
 * @module
 * Creating a token: its key, secret and HMAC are made here, never by a client. Used by token
 * provisioning, by POST /api/users/tokens/ (through the token rules) and by the first boot.
 */
import type { Queryable } from '../db/index.ts';
import { currentPepperId, digest, KEY_LENGTH, peppers, randomString, SECRET_LENGTH } from './tokens.ts';

export interface NewToken {
  id: number;
  /** The full secret as a client sends it: `nbt_<key>.<secret>` (v2) or the v1 plaintext. */
  token: string;
  plaintext: string;
}

export interface TokenOptions {
  version?: number;
  /** A given secret (first boot's SUPERUSER_API_TOKEN); otherwise one is generated. */
  plaintext?: string;
  /** A given v2 key (first boot); otherwise one is generated. */
  key?: string;
  description?: string;
  expires?: string | null;
  enabled?: boolean;
  writeEnabled?: boolean;
  allowedIps?: string[];
}

/** A new token's secret: the columns that keep it (a v1 plaintext, or a v2 key, pepper and HMAC only), and the secret to show once. */
export interface TokenSecret {
  columns: { version: 1 | 2; plaintext: string | null; key: string | null; pepper_id: number | null; hmac_digest: string | null };
  /** The full secret as a client sends it: `nbt_<key>.<secret>` (v2) or the v1 plaintext. */
  token: string;
  /** The secret alone (what NetBox's `token` field shows). */
  plaintext: string;
}

/** Makes the secret of a new token: v2 unless `version` is 1. */
export function tokenSecret(options: Pick<TokenOptions, 'version' | 'plaintext' | 'key'> = {}): TokenSecret {
  if (options.version === 1) {
    const plaintext = options.plaintext ?? randomString(40);
    return { columns: { version: 1, plaintext, key: null, pepper_id: null, hmac_digest: null }, token: plaintext, plaintext };
  }
  const all = peppers();
  const pepperId = currentPepperId(all);
  const key = options.key ?? randomString(KEY_LENGTH);
  const secret = options.plaintext ?? randomString(SECRET_LENGTH);
  return { columns: { version: 2, plaintext: null, key, pepper_id: pepperId, hmac_digest: digest(all.get(pepperId)!, secret) }, token: `nbt_${key}.${secret}`, plaintext: secret };
}

/** Creates a token for `userId`; v2 unless `version` is 1. */
export async function createToken(db: Queryable, userId: number, options: TokenOptions = {}): Promise<NewToken> {
  const secret = tokenSecret(options);
  const { version, plaintext, key, pepper_id, hmac_digest } = secret.columns;
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users_token (version, user_id, description, expires, enabled, write_enabled, allowed_ips, plaintext, key, pepper_id, hmac_digest, created)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now()) RETURNING id`,
    [version, userId, options.description ?? '', options.expires ?? null, options.enabled ?? true, options.writeEnabled ?? true, options.allowedIps ?? [], plaintext, key, pepper_id, hmac_digest],
  );
  return { id: Number(row.id), token: secret.token, plaintext: secret.plaintext };
}
