/**
 * @module
 * IP ranges' method filters: `start_address`/`end_address` (NetBox's `net_in`: with a mask the
 * address and mask must match, without one the host alone), `contains` (ranges whose bounds
 * enclose an address, compared as PostgreSQL compares `inet`, mask included, as NetBox's lte/gte
 * do) and `parent` (ranges lying wholly within a prefix).
 */
import type { MethodFilter } from '../../../rest/index.ts';
import { boundsOf, formatAddress, formatNetwork, parseAddress, parseNetwork } from '../shared/ipSpace.ts';

/** `start_address` or `end_address`, by the parameter's name. */
export const ipRangeAddress: MethodFilter = ({ values, alias, param, query, sql }) => {
  const column = sql.column(query.listed.key, query.parameter, alias);
  const withMask = values.filter((v) => v.includes('/')).map((v) => parseNetwork(v)).filter((n) => n !== null).map(formatNetwork);
  // A host is compared as PostgreSQL prints it; a value no address can print as matches nothing.
  const hosts = values.filter((v) => !v.includes('/')).map((v) => parseAddress(v)).filter((a) => a !== null).map((a) => formatAddress(a.family, a.value));
  const parts = [
    ...(withMask.length ? [`${column} = ANY(${param(withMask)}::inet[])`] : []),
    ...(hosts.length ? [`host(${column}) = ANY(${param(hosts)}::text[])`] : []),
  ];
  return parts.length ? `(${parts.join(' OR ')})` : 'false';
};

export const ipRangeContains: MethodFilter = ({ values, alias, param, query, sql }) => {
  const value = values[values.length - 1].trim();
  if (!value) return 'true';
  const network = parseNetwork(value);
  if (!network) return 'false';
  const bound = param(formatNetwork(network));
  return `(${sql.column(query.listed.key, 'start_address', alias)} <= ${bound}::inet AND ${sql.column(query.listed.key, 'end_address', alias)} >= ${bound}::inet)`;
};

/**
 * Ranges whose bounds both lie in one of the networks: each network as the range of hosts from its
 * first address to its last, which the `host(start_address)` index reads (the end lies after the
 * start, so below the last address is enough for it).
 */
export const ipRangeParent: MethodFilter = ({ values, alias, param, query, sql }) => {
  const networks = values.map((v) => parseNetwork(v));
  if (networks.some((n) => n === null)) return 'false';
  const [start, end] = ['start_address', 'end_address'].map((name) => `host(${sql.column(query.listed.key, name, alias)})::inet`);
  const within = networks.map((network) => {
    const [first, last] = boundsOf(network!).map((bound) => `${param(bound)}::inet`);
    return `(${start} >= ${first} AND ${start} <= ${last} AND ${end} <= ${last})`;
  });
  return `(${within.join(' OR ')})`;
};
