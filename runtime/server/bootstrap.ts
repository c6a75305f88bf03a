/**
 * @module
 * First boot on an empty database: create a superuser and an API token, as netbox-docker does
 * with SUPERUSER_NAME, SUPERUSER_PASSWORD and SUPERUSER_API_TOKEN. The token is printed once.
 */
import type { Database } from '../db/index.ts';
import { createToken, hashPassword, randomString } from '../auth/index.ts';

export interface BootstrapResult {
  username: string;
  /** The generated password, or null when SUPERUSER_PASSWORD gave it. */
  password: string | null;
  token: string;
  /** Whether the token was generated here (not given by SUPERUSER_API_TOKEN). */
  tokenGenerated: boolean;
}

export async function bootstrapSuperuser(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<BootstrapResult | null> {
  return db.transaction(async (tx) => {
    // Serialise concurrent first boots on the same database.
    await tx.query('SELECT pg_advisory_xact_lock(4242001)');
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users_user');
    if (Number(n) > 0) return null;
    const username = env.SUPERUSER_NAME || 'admin';
    const password = env.SUPERUSER_PASSWORD || randomString(20);
    const [user] = await tx.query<{ id: number }>(
      `INSERT INTO users_user (username, password, first_name, last_name, email, is_active, is_superuser, date_joined, last_login)
       VALUES ($1, $2, '', '', $3, true, true, now(), null) RETURNING id`,
      [username, await hashPassword(password), env.SUPERUSER_EMAIL ?? ''],
    );
    const given = env.SUPERUSER_API_TOKEN;
    let token;
    if (given?.startsWith('nbt_') && given.includes('.')) {
      // A v2 token given in full: keep its key and secret.
      const [key, secret] = given.slice(4).split('.', 2);
      token = await createToken(tx, Number(user.id), { version: 2, key, plaintext: secret, description: 'Created at first boot' });
    } else if (given) {
      token = await createToken(tx, Number(user.id), { version: 1, plaintext: given, description: 'Created at first boot' });
    } else {
      token = await createToken(tx, Number(user.id), { version: 2, description: 'Created at first boot' });
    }
    return { username, password: env.SUPERUSER_PASSWORD ? null : password, token: token.token, tokenGenerated: !given };
  });
}
