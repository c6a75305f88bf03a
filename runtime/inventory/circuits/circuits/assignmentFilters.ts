/**
 * @module
 * Method filters of circuit group assignments (NetBox's CircuitGroupAssignmentFilterSet):
 * - `circuit` / `circuit_id`: the member is a circuit of one of those circuit ids (cid) or ids;
 * - `virtual_circuit` / `virtual_circuit_id`: the same for virtual circuits;
 * - `provider` / `provider_id`: the member is a circuit of that provider (slug or id), or a
 *   virtual circuit whose provider network is that provider's.
 */
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';

/** The member is a row of `key` matching `where` (SQL over its alias `m`). */
function member(args: MethodFilterArgs, key: string, where: (m: string) => string): string {
  const { alias, sql } = args;
  const m = sql.alias();
  return `(${sql.column('circuits.circuit-group-assignments', 'member_type', alias)} = '${sql.resource(key).objectType}' AND EXISTS (SELECT 1 FROM ${sql.table(key)} ${m} WHERE ${m}.id = ${sql.column('circuits.circuit-group-assignments', 'member_id', alias)} AND ${where(m)}))`;
}

const byCid =
  (key: string): MethodFilter =>
  (args) =>
    member(args, key, (m) => `${m}.cid = ANY(${args.param(args.values)}::text[])`);

const byId =
  (key: string): MethodFilter<number> =>
  (args) =>
    member(args, key, (m) => `${m}.id = ANY(${args.param(args.parsed)}::int[])`);

export const circuitCid = byCid('circuits.circuits');
export const circuitId = byId('circuits.circuits');
export const virtualCircuitCid = byCid('circuits.virtual-circuits');
export const virtualCircuitId = byId('circuits.virtual-circuits');

/** The provider matched by `match` (SQL over a providers row `p`). */
const byProvider =
  (match: (p: string, args: MethodFilterArgs) => string): MethodFilter =>
  (args) => {
    const { sql } = args;
    const [p, n] = [sql.alias(), sql.alias()];
    const provider = (id: string) => `EXISTS (SELECT 1 FROM ${sql.table('circuits.providers')} ${p} WHERE ${p}.id = ${id} AND ${match(p, args)})`;
    const circuit = member(args, 'circuits.circuits', (m) => provider(`${m}.provider_id`));
    const virtual = member(args, 'circuits.virtual-circuits', (m) => `EXISTS (SELECT 1 FROM ${sql.table('circuits.provider-networks')} ${n} WHERE ${n}.id = ${m}.provider_network_id AND ${provider(`${n}.provider_id`)})`);
    return `(${circuit} OR ${virtual})`;
  };

export const providerSlug = byProvider((p, args) => `${p}.slug = ANY(${args.param(args.values)}::text[])`);
export const providerId = byProvider((p, args) => `${p}.id = ANY(${args.param((args as MethodFilterArgs<number>).parsed)}::int[])`);
