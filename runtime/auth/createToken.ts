/**
 * @module
 * Creating a token: its key, secret and HMAC are made here, never by a client. Used by token
 * provisioning and by the first boot.
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

/** Creates a token for `userId`; v2 unless `version` is 1. */
export async function createToken(db: Queryable, userId: number, options: TokenOptions = {}): Promise<NewToken> {
  const version = options.version === 1 ? 1 : 2;
  const common = [userId, options.description ?? '', options.expires ?? null, options.enabled ?? true, options.writeEnabled ?? true, options.allowedIps ?? []];
  if (version === 1) {
    const plaintext = options.plaintext ?? randomString(40);
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO users_token (version, user_id, description, expires, enabled, write_enabled, allowed_ips, plaintext, created) VALUES (1, $1, $2, $3, $4, $5, $6, $7, now()) RETURNING id`,
      [...common, plaintext],
    );
    return { id: Number(row.id), token: plaintext, plaintext };
  }
  const all = peppers();
  const pepperId = currentPepperId(all);
  const key = options.key ?? randomString(KEY_LENGTH);
  const secret = options.plaintext ?? randomString(SECRET_LENGTH);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users_token (version, user_id, description, expires, enabled, write_enabled, allowed_ips, key, pepper_id, hmac_digest, created) VALUES (2, $1, $2, $3, $4, $5, $6, $7, $8, $9, now()) RETURNING id`,
    [...common, key, pepperId, digest(all.get(pepperId)!, secret)],
  );
  return { id: Number(row.id), token: `nbt_${key}.${secret}`, plaintext: secret };
}
