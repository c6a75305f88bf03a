/**
 * @module
 * `powerfeed_id` of cables and of cable terminations (NetBox's filter_by_powerfeed): a
 * termination is one of the power feeds named, by id. Values must be numbers ("Enter a number.");
 * an id no power feed has matches nothing, as NetBox's MultiValueNumberFilter answers.
 */
import { isInteger } from '../../../kinds/index.ts';
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';
import { TERMINATIONS } from '../cables/terminationSql.ts';

const FEEDS = 'dcim.power-feeds';

/** The termination row `ct` is one of the ids given, of the power feeds' object type. */
function isFeed({ values, param, sql, query }: MethodFilterArgs, ct: string): string | null {
  if (values.some((value) => !isInteger(value.trim()))) return query.error('Enter a number.');
  const ids = values.map((value) => Number(value.trim()));
  return `(${sql.column(TERMINATIONS, 'termination_type', ct)} = '${sql.resource(FEEDS).objectType}' AND ${sql.column(TERMINATIONS, 'termination_id', ct)} = ANY(${param(ids)}::int[]))`;
}

export const cablePowerFeed: MethodFilter = (args) => {
  const ct = args.sql.alias();
  const match = isFeed(args, ct);
  if (match === null) return null;
  return `EXISTS (SELECT 1 FROM ${args.sql.table(TERMINATIONS)} ${ct} WHERE ${args.sql.column(TERMINATIONS, 'cable', ct)} = ${args.alias}.id AND ${match})`;
};

export const terminationPowerFeed: MethodFilter = (args) => isFeed(args, args.alias);
