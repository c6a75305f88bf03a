/**
 * @module
 * Resolves the caller from the Authorization header, in NetBox's order of checks: token found,
 * allowed IPs (refused when the client's address is unknown), enabled, expiry, user active. Failures are 403 with NetBox's messages. The same
 * query loads the user's permissions, so checking them costs a request no further query.
 */
import ipaddr from 'ipaddr.js';
import type { Queryable } from '../db/index.ts';
import { forbidden } from '../rest/index.ts';
import type { Caller, Granted } from './caller.ts';
import { permissionsSql } from './permissions.ts';
import { digest, parseAuthorization, peppers, sameDigest } from './tokens.ts';

interface TokenRow {
  id: number;
  user_id: number;
  enabled: boolean;
  write_enabled: boolean;
  expired: boolean;
  /** last_used is older than a minute (or unset), so it is due for a refresh. */
  stale: boolean;
  hmac_digest: string | null;
  pepper_id: number | null;
  allowed_ips: string[] | null;
  username: string;
  is_active: boolean;
  is_superuser: boolean;
  permissions: Granted[] | null;
}

const tokenQuery = `SELECT t.id, t.user_id, t.enabled, t.write_enabled, (t.expires IS NOT NULL AND t.expires < now()) AS expired,
  (t.last_used IS NULL OR t.last_used < now() - interval '60 seconds') AS stale,
  t.hmac_digest, t.pepper_id, t.allowed_ips, u.username, u.is_active, u.is_superuser,
  CASE WHEN u.is_superuser THEN NULL ELSE ${permissionsSql('u.id')} END AS permissions
  FROM users_token t JOIN users_user u ON u.id = t.user_id`;

/** Returns the caller, null when no credentials were given, or throws 403. */
export async function authenticate(db: Queryable, header: string | undefined, clientIp: string | null): Promise<Caller | null> {
  const parsed = parseAuthorization(header);
  if (parsed.kind === 'none') return null;
  if (parsed.kind === 'invalid') throw forbidden(parsed.detail);
  let row: TokenRow | undefined;
  if (parsed.kind === 'v1') {
    [row] = await db.query<TokenRow>(`${tokenQuery} WHERE t.version = 1 AND t.plaintext = $1`, [parsed.plaintext]);
    if (!row) throw forbidden('Invalid v1 token');
  } else {
    [row] = await db.query<TokenRow>(`${tokenQuery} WHERE t.version = 2 AND t.key = $1`, [parsed.key]);
    const pepper = row ? peppers().get(Number(row.pepper_id)) : undefined;
    if (!row || !pepper || !row.hmac_digest || !sameDigest(digest(pepper, parsed.secret), row.hmac_digest)) throw forbidden('Invalid v2 token');
  }
  if (row.allowed_ips?.length) {
    // An address that cannot be told is refused, not let through: the restriction fails closed.
    if (!clientIp) throw forbidden('Client IP address could not be determined for validation. Check that the HTTP server is correctly configured to pass the required header(s).');
    if (!row.allowed_ips.some((network) => ipInNetwork(clientIp, network))) throw forbidden(`Source IP ${clientIp} is not permitted to authenticate using this token.`);
  }
  if (!row.enabled) throw forbidden('Token disabled');
  if (row.expired) throw forbidden('Token expired');
  if (!row.is_active) throw forbidden('User inactive');
  // last_used is refreshed at most once a minute, as NetBox does: most requests cost no write at all.
  if (row.stale) void db.query('UPDATE users_token SET last_used = now() WHERE id = $1', [row.id]).catch(() => {});
  return { userId: Number(row.user_id), username: row.username, isSuperuser: row.is_superuser, tokenId: Number(row.id), writeEnabled: row.write_enabled, permissions: row.permissions ?? [] };
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
