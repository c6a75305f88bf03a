/**
 * @module
 * First boot on an empty database: create a superuser and an API token, as netbox-docker does
 * with SUPERUSER_NAME, SUPERUSER_PASSWORD and SUPERUSER_API_TOKEN. The token is printed once. A
 * given password must pass NetBox's password policy, as Django's createsuperuser checks it: the
 * server refuses to start rather than create an admin with a password the API would refuse. A
 * generated one always passes.
 */
import type { Database } from '../db/index.ts';
import { createToken, generatePassword, hashPassword, passwordProblems } from '../auth/index.ts';

export interface BootstrapResult {
  username: string;
  /** The generated password, or null when SUPERUSER_PASSWORD gave it. */
  password: string | null;
  token: string;
  /** Whether the token was generated here (not given by SUPERUSER_API_TOKEN). */
  tokenGenerated: boolean;
}

/** SUPERUSER_PASSWORD fails the password policy; the message, one line, names every rule it fails (never the password). */
export class SuperuserPasswordError extends Error {
  constructor(readonly problems: string[]) {
    super(`SUPERUSER_PASSWORD is refused by the password policy: ${problems.join(' ')}`);
    this.name = 'SuperuserPasswordError';
  }
}

/** Creates the first superuser on an empty database, or returns null; throws SuperuserPasswordError for a weak SUPERUSER_PASSWORD. */
export async function bootstrapSuperuser(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<BootstrapResult | null> {
  // Every start but the first finds users: one query, without the lock and the transaction below.
  const [{ found }] = await db.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM users_user) AS found');
  if (found) return null;
  return db.transaction(async (tx) => {
    // Serialise concurrent first boots on the same database.
    await tx.query('SELECT pg_advisory_xact_lock(4242001)');
    const [{ n }] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM users_user');
    if (Number(n) > 0) return null;
    const username = env.SUPERUSER_NAME || 'admin';
    const given = env.SUPERUSER_PASSWORD;
    if (given) {
      const problems = passwordProblems(given);
      if (problems.length) throw new SuperuserPasswordError(problems);
    }
    const password = given || generatePassword();
    const [user] = await tx.query<{ id: number }>(
      `INSERT INTO users_user (username, password, first_name, last_name, email, is_active, is_superuser, date_joined, last_login)
       VALUES ($1, $2, '', '', $3, true, true, now(), null) RETURNING id`,
      [username, await hashPassword(password), env.SUPERUSER_EMAIL ?? ''],
    );
    const givenToken = env.SUPERUSER_API_TOKEN;
    let token;
    if (givenToken?.startsWith('nbt_') && givenToken.includes('.')) {
      // A v2 token given in full: keep its key and secret.
      const [key, secret] = givenToken.slice(4).split('.', 2);
      token = await createToken(tx, Number(user.id), { version: 2, key, plaintext: secret, description: 'Created at first boot' });
    } else if (givenToken) {
      token = await createToken(tx, Number(user.id), { version: 1, plaintext: givenToken, description: 'Created at first boot' });
    } else {
      token = await createToken(tx, Number(user.id), { version: 2, description: 'Created at first boot' });
    }
    return { username, password: given ? null : password, token: token.token, tokenGenerated: !givenToken };
  });
}
