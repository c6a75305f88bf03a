/**
 * @module
 * The server secret plan tokens are signed with ("generated once and stored"): 32 random bytes in
 * the plugin's own table (definitions/plugins/permissions-matrix.yaml, `tables:`), made by the
 * first plan on a database and shared by every server on it, so a plan made on one applies on
 * another. Concurrent first plans agree: the insert does nothing when another got there first,
 * and both read the row that won. Read once per server and database; deleting the row makes a new
 * secret on the next start, and the plans outstanding then stale (409, plan again).
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../../db/index.ts';
import type { RestServices } from '../../../rest/index.ts';

const TABLE = 'permissions_matrix_secret';
const NAME = 'plan_token';

const secrets = new WeakMap<RestServices, Promise<Buffer>>();

const read = async (db: Queryable) => (await db.query<{ value: string }>(`SELECT value FROM ${TABLE} WHERE name = $1`, [NAME]))[0]?.value;

async function readOrCreate(db: Queryable): Promise<Buffer> {
  // Only a database without one is written to (plan/ writes nothing otherwise).
  let value = await read(db);
  if (value === undefined) {
    await db.query(`INSERT INTO ${TABLE} (name, value, created) VALUES ($1, $2, now()) ON CONFLICT (name) DO NOTHING`, [NAME, randomBytes(32).toString('hex')]);
    value = (await read(db))!;
  }
  return Buffer.from(value, 'hex');
}

/** The plan-token secret of the database `rest` serves, created on first use. */
export function planSecret(db: Queryable, rest: RestServices): Promise<Buffer> {
  let secret = secrets.get(rest);
  if (!secret) {
    secret = readOrCreate(db);
    secrets.set(rest, secret);
    // A failure (the database gone for a moment) is not remembered: the next plan tries again.
    secret.catch(() => secrets.delete(rest));
  }
  return secret;
}

/**
 * The secret an apply checks its token with: the stored one, or, on a database where no plan was
 * ever made, a random one no token matches (the apply is then stale), so that a refused apply
 * writes nothing, not even the secret.
 */
export async function applySecret(db: Queryable, rest: RestServices): Promise<Buffer> {
  if (secrets.has(rest) || (await read(db)) !== undefined) return planSecret(db, rest);
  return randomBytes(32);
}
