/**
 * @module
 * `display` of dcim models whose `__str__` a template cannot express, as SQL over the row:
 * - a device: its label (the name, else `<virtual chassis>:<position>`), with ` (<asset tag>)`
 *   when it has one; without a label, `<manufacturer> <model> (<asset tag or id>)`;
 * - a rack: `<name> (<facility id>)`, or the name alone;
 * - a component (device bay, module bay): `<name> (<label>)`, or the name alone.
 * The same SQL serves rules that quote an object in a message (`Rack R1 (F1) does not belong…`).
 */
import type { SqlExpression } from '../../../rest/index.ts';

/** Resolves a resource key to its quoted table. */
type Tables = (key: string) => string;

/** `<a> (<b>)` when `b` is set (not null, not blank), else `a`. */
const withSuffix = (a: string, b: string) => `(CASE WHEN coalesce(${b}, '') <> '' THEN concat(${a}, ' (', ${b}, ')') ELSE ${a} END)`;

export function deviceDisplaySql(t: string, table: Tables, next: () => string): string {
  const [vc, dt, m] = [next(), next(), next()];
  const chassis = `(SELECT concat(${vc}.name, ':', coalesce(${t}.vc_position::text, 'None')) FROM ${table('dcim.virtual-chassis')} ${vc} WHERE ${vc}.id = ${t}.virtual_chassis_id)`;
  const label = `(CASE WHEN coalesce(${t}.name, '') <> '' THEN ${t}.name ELSE ${chassis} END)`;
  const type = `(SELECT concat(${m}.name, ' ', ${dt}.model) FROM ${table('dcim.device-types')} ${dt} JOIN ${table('dcim.manufacturers')} ${m} ON ${m}.id = ${dt}.manufacturer_id WHERE ${dt}.id = ${t}.device_type_id)`;
  const unlabelled = `concat(${type}, ' (', coalesce(nullif(${t}.asset_tag, ''), ${t}.id::text), ')')`;
  return `(CASE WHEN ${label} IS NOT NULL THEN ${withSuffix(label, `${t}.asset_tag`)} ELSE ${unlabelled} END)`;
}

export const rackDisplaySql = (t: string) => withSuffix(`${t}.name`, `${t}.facility_id`);

export const componentDisplaySql = (t: string) => withSuffix(`${t}.name`, `${t}.label`);

export const deviceDisplay: SqlExpression = (t, sql) => deviceDisplaySql(t, (key) => sql.table(key), () => sql.alias());
export const rackDisplay: SqlExpression = (t) => rackDisplaySql(t);
export const componentDisplay: SqlExpression = (t) => componentDisplaySql(t);
