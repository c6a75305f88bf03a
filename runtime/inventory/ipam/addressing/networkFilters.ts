/**
 * @module
 * NetBox's method filters over a network column (prefixes and aggregates): `prefix`, `within`,
 * `within_include`, `contains`, `mask_length` (and `__gte`/`__lte`) and `present_in_vrf(_id)`, as
 * PostgreSQL containment (`<<`, `<<=`, `>>`, `>>=`) and `masklen()`. Values are parsed as netaddr
 * parses them; a value netaddr refuses matches nothing, as NetBox's `queryset.none()`. Single-value
 * filters (django-filter's CharFilter, NumberFilter, ModelChoiceFilter) take the last value given.
 */
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';
import { boundsOf, formatAddress, formatNetwork, networkOf, parseAddress, parseNetwork } from '../shared/ipSpace.ts';

/** The listed resource's network column (a prefix's `prefix`, an address's `address`). */
function networkColumn({ query, sql, alias }: MethodFilterArgs): string {
  const field = query.listed.fields.find((f) => f.kind === 'cidr' || f.kind === 'inet');
  if (!field) throw new Error(`${query.listed.key}: a network filter needs a cidr or inet field`);
  return sql.column(query.listed.key, field.name, alias);
}

const last = (values: string[]) => values[values.length - 1].trim();

/** Whether the listed resource's network column holds networks (cidr: no host bits), not addresses. */
const isCidr = ({ query }: MethodFilterArgs) => query.listed.fields.some((f) => f.kind === 'cidr');

/** `netaddr.IPNetwork(value).cidr` as text, or null when netaddr refuses the value. */
function cidrOf(text: string): string | null {
  const network = parseNetwork(text);
  return network ? formatNetwork(networkOf(network)) : null;
}

/** A CharFilter comparing the network column with one network: a blank value filters nothing, a bad one matches nothing. */
const againstNetwork =
  (operator: string): MethodFilter =>
  (args) => {
    const value = last(args.values);
    if (!value) return 'true';
    const network = cidrOf(value);
    return network ? `${networkColumn(args)} ${operator} ${args.param(network)}::cidr` : 'false';
  };

/** Aggregates' `prefix`: the aggregate equal to the value's network. */
export const aggregatePrefix = againstNetwork('=');

/** Prefixes' `prefix`: any of the networks given (invalid ones are skipped). */
export const prefixIn: MethodFilter = (args) => {
  const networks = args.values.map((v) => parseNetwork(v)).filter((n) => n !== null);
  if (!networks.length) return 'false';
  return `${networkColumn(args)}::inet = ANY(${args.param(networks.map(formatNetwork))}::inet[])`;
};

/**
 * `within` (`<<`) and `within_include` (`<<=`) as the btree range the contained networks sort in:
 * from the network (itself excluded for `<<`) to its last address. On a cidr column that range is
 * exactly the subnets (a network sorts after its supernets and before whatever follows its last
 * address), so the containment is not evaluated again for each of them — on 100,000 rows that was
 * half a count's time. An inet column (host bits kept) keeps the containment beside the range.
 */
const withinNetwork =
  (operator: '<<' | '<<='): MethodFilter =>
  (args) => {
    const value = last(args.values);
    if (!value) return 'true';
    const network = parseNetwork(value);
    if (!network) return 'false';
    const column = networkColumn(args);
    const cidr = args.param(formatNetwork(networkOf(network)));
    const range = `${column} ${operator === '<<' ? '>' : '>='} ${cidr}::cidr AND ${column} <= ${args.param(boundsOf(network)[1])}::cidr`;
    return isCidr(args) ? `(${range})` : `(${column} ${operator} ${cidr}::cidr AND ${range})`;
  };

export const prefixWithin = withinNetwork('<<');
export const prefixWithinInclude = withinNetwork('<<=');

/** Prefixes containing a network (`10.0.0.0/24`: or equal to it) or strictly containing an address. */
export const prefixContains: MethodFilter = (args) => {
  const value = last(args.values);
  if (!value) return 'true';
  if (value.includes('/')) {
    const network = cidrOf(value);
    return network ? `${networkColumn(args)} >>= ${args.param(network)}::cidr` : 'false';
  }
  const address = parseAddress(value);
  return address ? `${networkColumn(args)} >> ${args.param(formatAddress(address.family, address.value))}::inet` : 'false';
};

/**
 * `mask_length` (any of the values), `mask_length__gte` and `__lte` (one value): NetBox's
 * net_mask_length lookups, compared as integers (`bigint`, whatever the value's size) so that the
 * `masklen(column)` index serves them; a length no network has matches nothing.
 */
const maskLength =
  (operator: '=' | '>=' | '<='): MethodFilter<number> =>
  (args) => {
    const column = `masklen(${networkColumn(args)})`;
    const lengths = args.parsed.filter((n) => Number.isSafeInteger(n));
    if (operator === '=') return lengths.length ? `${column} = ANY(${args.param(lengths)}::bigint[])` : 'false';
    if (!Number.isSafeInteger(args.value)) return args.value > 0 === (operator === '<=') ? 'true' : 'false';
    return `${column} ${operator} ${args.param(args.value)}::bigint`;
  };

export const maskLengthExact = maskLength('=');
export const maskLengthGte = maskLength('>=');
export const maskLengthLte = maskLength('<=');

/**
 * Objects in a VRF, or in a VRF exporting a route target the VRF imports (NetBox's
 * filter_present_in_vrf). The VRF must exist (a 400 otherwise), named by id or by `attribute`.
 */
const presentInVrf =
  (attribute: 'id' | 'rd'): MethodFilter =>
  ({ values, alias, param, query, sql }) => {
    const value = last(values);
    query.mustExist(`vrf__${attribute}`, [value]);
    const vrfs = query.resource('ipam.vrfs');
    const link = (name: string) => vrfs.fields.find((f) => f.name === name)!.link!;
    const [imports, exports] = [link('import_targets'), link('export_targets')];
    const [v, i, e] = [sql.alias(), sql.alias(), sql.alias()];
    const match = attribute === 'id' ? `${v}.id = ${param(value)}::bigint` : `${v}.rd = ${param(value)}`;
    const vrf = `(SELECT ${v}.id FROM ${sql.table('ipam.vrfs')} ${v} WHERE ${match})`;
    const own = sql.column(query.listed.key, 'vrf', alias);
    const importedTargets = `SELECT ${i}."${imports.target}" FROM "${imports.table}" ${i} WHERE ${i}."${imports.source}" = ${vrf}`;
    return `(${own} = ${vrf} OR ${own} IN (SELECT ${e}."${exports.source}" FROM "${exports.table}" ${e} WHERE ${e}."${exports.target}" IN (${importedTargets})))`;
  };

export const presentInVrfId = presentInVrf('id');
export const presentInVrfRd = presentInVrf('rd');
