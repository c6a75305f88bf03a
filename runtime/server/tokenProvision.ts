/**
 * @module
 * Token handling the generic engine cannot do: `POST /api/users/tokens/provision/` (username and
 * password in, a new token out, its secret shown this once) and the creation of tokens in
 * general (key, secret and HMAC generated here).
 */
import type { Context } from 'hono';
import type { Queryable } from '../db/index.ts';
import { currentPepperId, digest, KEY_LENGTH, peppers, randomString, SECRET_LENGTH, verifyPassword } from '../auth/index.ts';
import { badRequest, expectedDictionary, forbidden, readBody, Serializer, v, zodErrors, type FieldErrors, type RestEngine } from '../rest/index.ts';

export interface NewToken {
  id: number;
  /** The full secret as a client sends it: `nbt_<key>.<secret>` (v2) or the v1 plaintext. */
  token: string;
  plaintext: string;
}

/** Creates a token for `userId`; v2 unless `version` is 1. A given `plaintext` is used as the secret. */
export async function createToken(db: Queryable, userId: number, options: { version?: number; plaintext?: string; description?: string; expires?: string | null; enabled?: boolean; writeEnabled?: boolean; allowedIps?: string[] } = {}): Promise<NewToken> {
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
  const key = randomString(KEY_LENGTH);
  const secret = options.plaintext ?? randomString(SECRET_LENGTH);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users_token (version, user_id, description, expires, enabled, write_enabled, allowed_ips, key, pepper_id, hmac_digest, created) VALUES (2, $1, $2, $3, $4, $5, $6, $7, $8, $9, now()) RETURNING id`,
    [...common, key, pepperId, digest(all.get(pepperId)!, secret)],
  );
  return { id: Number(row.id), token: `nbt_${key}.${secret}`, plaintext: secret };
}

const provisionSchema = v.resource({
  username: v.string({ required: true }),
  password: v.string({ required: true }),
  version: v.choice([1, 2]),
  description: v.string({ maxLength: 200 }),
  expires: v.datetime({ nullable: true }),
  enabled: v.boolean(),
  write_enabled: v.boolean(),
  allowed_ips: v.ipNetworkList(),
});

export async function provisionToken(c: Context, engine: RestEngine, db: Queryable): Promise<Response> {
  const body = await readBody(c);
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest({ non_field_errors: [expectedDictionary(body)] });
  }
  const input = body as Record<string, unknown>;
  const parsed = provisionSchema.safeParse(input);
  const errors: FieldErrors = {};
  for (const required of ['username', 'password']) if (!(required in input)) errors[required] = ['This field is required.'];
  if (!parsed.success) Object.assign(errors, zodErrors(parsed.error));
  if (Object.keys(errors).length) throw badRequest(errors);
  const data = parsed.data as Record<string, unknown>;
  if (data.expires && Date.parse(String(data.expires)) < Date.now()) throw badRequest({ expires: ['Expiration time must be in the future.'] });
  const [user] = await db.query<{ id: number; password: string; is_active: boolean }>('SELECT id, password, is_active FROM users_user WHERE username = $1', [data.username]);
  if (!user || !user.is_active || !verifyPassword(String(data.password), user.password)) throw forbidden('Invalid username/password');
  const created = await createToken(db, Number(user.id), {
    version: data.version as number | undefined,
    description: data.description as string | undefined,
    expires: data.expires as string | null | undefined,
    enabled: data.enabled as boolean | undefined,
    writeEnabled: data.write_enabled as boolean | undefined,
    allowedIps: data.allowed_ips as string[] | undefined,
  });
  const tokens = engine.registry.get('users.tokens').resource;
  const url = new URL(c.req.url);
  const row = await engine.reader.row(db, tokens, created.id, tokens.fields.map((f) => f.name));
  const shown = new Set(['id', 'url', 'display_url', 'display', 'version', 'user', 'key', 'created', 'expires', 'last_used', 'enabled', 'write_enabled', 'description', 'allowed_ips']);
  const serialized = new Serializer(engine.registry, url.origin).object(tokens, row!, shown);
  return c.json({ ...serialized, token: created.plaintext }, 201);
}
