/**
 * @module
 * Resolves the caller from the Authorization header, in NetBox's order of checks: token found,
 * allowed IPs (refused when the client's address is unknown), enabled, expiry, user active. Failures are 403 with NetBox's messages. The same
 * query loads the user's permissions, so checking them costs a request no further query; and what
 * it found is kept while the database has not changed (callerCache.ts), so a request with a token
 * used before costs none at all.
 */
import ipaddr from 'ipaddr.js';
import type { Database, Queryable } from '../db/index.ts';
import { forbidden } from '../rest/index.ts';
import { AUTH_CHANGES_CHANNEL, CallerCache } from './callerCache.ts';
import type { Caller, Granted } from './caller.ts';
import { permissionsSql } from './permissions.ts';
import { digest, parseAuthorization, peppers, sameDigest } from './tokens.ts';

interface TokenRow {
  id: number;
  user_id: number;
  enabled: boolean;
  write_enabled: boolean;
  /** When the token expires (ms since the epoch), if it does. */
  expires_ms: number | null;
  /** When the token was last used (ms since the epoch), if it was. */
  last_used_ms: number | null;
  hmac_digest: string | null;
  pepper_id: number | null;
  allowed_ips: string[] | null;
  username: string;
  is_active: boolean;
  is_superuser: boolean;
  permissions: Granted[] | null;
}

const tokenQuery = `SELECT t.id, t.user_id, t.enabled, t.write_enabled,
  (extract(epoch FROM t.expires) * 1000)::float8 AS expires_ms, (extract(epoch FROM t.last_used) * 1000)::float8 AS last_used_ms,
  t.hmac_digest, t.pepper_id, t.allowed_ips, u.username, u.is_active, u.is_superuser,
  CASE WHEN u.is_superuser THEN NULL ELSE ${permissionsSql('u.id')} END AS permissions
  FROM users_token t JOIN users_user u ON u.id = t.user_id`;

/** NetBox refreshes a token's last_used at most this often: most requests cost no write at all. */
const LAST_USED_REFRESH_MS = 60_000;

/**
 * The tokens each database's callers were found by. A cache is used once the database watches the
 * channel other processes announce their changes on; a plain Queryable, which counts no changes,
 * and a database that cannot watch, keep none.
 */
const caches = new WeakMap<object, { cache: CallerCache<TokenRow>; watching: boolean }>();

/** Returns the caller, null when no credentials were given, or throws 403. */
export async function authenticate(db: Queryable | Database, header: string | undefined, clientIp: string | null): Promise<Caller | null> {
  const parsed = parseAuthorization(header);
  if (parsed.kind === 'none') return null;
  if (parsed.kind === 'invalid') throw forbidden(parsed.detail);
  const cache = 'changes' in db ? cacheOf(db) : null;
  const now = Date.now();
  let row = cache?.get(header!, (db as Database).changes, now);
  if (!row) {
    const changes = cache ? (db as Database).changes : 0;
    row = await lookUp(db, parsed);
    cache?.set(header!, row, changes, now);
  }
  if (row.allowed_ips?.length) {
    // An address that cannot be told is refused, not let through: the restriction fails closed.
    if (!clientIp) throw forbidden('Client IP address could not be determined for validation. Check that the HTTP server is correctly configured to pass the required header(s).');
    if (!row.allowed_ips.some((network) => ipInNetwork(clientIp, network))) throw forbidden(`Source IP ${clientIp} is not permitted to authenticate using this token.`);
  }
  if (!row.enabled) throw forbidden('Token disabled');
  if (row.expires_ms !== null && row.expires_ms < now) throw forbidden('Token expired');
  if (!row.is_active) throw forbidden('User inactive');
  if (row.last_used_ms === null || now - row.last_used_ms > LAST_USED_REFRESH_MS) {
    // Marked refreshed at once, so that the requests arriving meanwhile do not write it again.
    row.last_used_ms = now;
    void db.query('UPDATE users_token SET last_used = now() WHERE id = $1', [row.id]).catch(() => {});
  }
  return { userId: Number(row.user_id), username: row.username, isSuperuser: row.is_superuser, tokenId: Number(row.id), writeEnabled: row.write_enabled, permissions: row.permissions ?? [] };
}

function cacheOf(db: Database): CallerCache<TokenRow> | null {
  let entry = caches.get(db);
  if (!entry) {
    const made = { cache: new CallerCache<TokenRow>(), watching: false };
    caches.set(db, (entry = made));
    db.watch(AUTH_CHANGES_CHANNEL).then(
      () => void (made.watching = true),
      () => {}, // not told of other processes' changes: every request looks its token up
    );
  }
  return entry.watching ? entry.cache : null;
}

/** The token's row, with its user and permissions, or 403 when there is none (or, v2, its secret is wrong). */
async function lookUp(db: Queryable, parsed: Exclude<ReturnType<typeof parseAuthorization>, { kind: 'none' | 'invalid' }>): Promise<TokenRow> {
  if (parsed.kind === 'v1') {
    const [row] = await db.query<TokenRow>(`${tokenQuery} WHERE t.version = 1 AND t.plaintext = $1`, [parsed.plaintext]);
    if (!row) throw forbidden('Invalid v1 token');
    return row;
  }
  const [row] = await db.query<TokenRow>(`${tokenQuery} WHERE t.version = 2 AND t.key = $1`, [parsed.key]);
  const pepper = row ? peppers().get(Number(row.pepper_id)) : undefined;
  if (!row || !pepper || !row.hmac_digest || !sameDigest(digest(pepper, parsed.secret), row.hmac_digest)) throw forbidden('Invalid v2 token');
  return row;
}

/** Whether `ip` lies in `network` (IPv4 or IPv6; an IPv4-mapped IPv6 address counts as IPv4). An unparsable address is outside. */
export function ipInNetwork(ip: string, network: string): boolean {
  try {
    const address = ipaddr.process(ip);
    const [base, bits] = network.includes('/') ? ipaddr.parseCIDR(network) : [ipaddr.parse(network), ipaddr.parse(network).kind() === 'ipv4' ? 32 : 128];
    return address.kind() === base.kind() && address.match(base, bits);
  } catch {
    return false;
  }
}
