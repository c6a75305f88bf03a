/**
 * @module
 * What other lists have of the components served here:
 * - a device's `console_port_count` … `rear_port_count` (NetBox's counter columns), computed;
 * - a device's `console_ports`, `console_server_ports`, `power_ports`, `power_outlets` (it has
 *   one, or none) and `pass_through_ports` (NetBox's `exclude(frontports__isnull=value,
 *   rearports__isnull=value)`: `true` has a front or a rear port, `false` lacks one of the two);
 * - a cable's and a cable termination's `consoleport_id`, `consoleserverport_id`,
 *   `powerport_id`, `poweroutlet_id`, `frontport_id` and `rearport_id` (NetBox's
 *   filter_by_termination_object: numbers, a termination at that object).
 */
import { booleanValue, invalidChoice, isInteger } from '../../../kinds/index.ts';
import type { MethodFilter, MethodFilterArgs, SqlExpression } from '../../../rest/index.ts';
import { TERMINATIONS } from '../cables/terminationSql.ts';

/** How many rows of `key` (`dcim.console-ports`) the device has. */
export const deviceCount =
  (key: string): SqlExpression =>
  (t, sql) => {
    const c = sql.alias();
    return `(SELECT count(*) FROM ${sql.table(key)} ${c} WHERE ${c}.device_id = ${t}.id)::int`;
  };

/** The device has a row of `key` (`dcim.console-ports`). */
const has = ({ alias, sql }: MethodFilterArgs, key: string) => {
  const c = sql.alias();
  return `EXISTS (SELECT 1 FROM ${sql.table(key)} ${c} WHERE ${c}.device_id = ${alias}.id)`;
};

/** A boolean filter: `whenTrue` or `whenFalse`, or null after NetBox's invalid-choice 400. */
const presence =
  (whenTrue: (args: MethodFilterArgs) => string, whenFalse = (args: MethodFilterArgs) => `NOT ${whenTrue(args)}`): MethodFilter =>
  (args) => {
    const last = args.values[args.values.length - 1];
    const value = booleanValue(last);
    if (value === null) return args.query.error(invalidChoice(last));
    return value ? whenTrue(args) : whenFalse(args);
  };

export const deviceHas = (key: string): MethodFilter => presence((args) => has(args, key));

export const devicePassThroughPorts = presence(
  (args) => `(${has(args, 'dcim.front-ports')} OR ${has(args, 'dcim.rear-ports')})`,
  (args) => `NOT (${has(args, 'dcim.front-ports')} AND ${has(args, 'dcim.rear-ports')})`,
);

/** Integer values (as text: any size, compared as numbers), or null after the 400 NetBox's number filters give. */
function integers({ values, query }: MethodFilterArgs): string[] | null {
  if (values.some((value) => !isInteger(value.trim()))) return query.error('Enter a number.');
  return values.map((value) => value.trim());
}

/** The termination row `ct` is at one of the objects of `key` given. */
const at = (args: MethodFilterArgs, key: string, ct: string, ids: string[]) =>
  `${args.sql.column(TERMINATIONS, 'termination_type', ct)} = '${args.sql.resource(key).objectType}' AND ${args.sql.column(TERMINATIONS, 'termination_id', ct)} = ANY(${args.param(ids)}::numeric[])`;

/** A cable's `<type>_id`: one of its terminations is at one of the objects. */
export const cableAt =
  (key: string): MethodFilter =>
  (args) => {
    const ids = integers(args);
    if (!ids) return null;
    const ct = args.sql.alias();
    return `EXISTS (SELECT 1 FROM ${args.sql.table(TERMINATIONS)} ${ct} WHERE ${args.sql.column(TERMINATIONS, 'cable', ct)} = ${args.alias}.id AND ${at(args, key, ct, ids)})`;
  };

/** A cable termination's `<type>_id`: it is at one of the objects. */
export const terminationAt =
  (key: string): MethodFilter =>
  (args) => {
    const ids = integers(args);
    if (!ids) return null;
    return `(${at(args, key, args.alias, ids)})`;
  };
