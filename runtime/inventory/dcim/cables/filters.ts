/**
 * @module
 * Method filters of cables and cable terminations (NetBox's CableFilterSet and
 * CableTerminationFilterSet):
 * - `termination_a_id` / `termination_b_id`: a termination of that end has one of the ids;
 * - `unterminated`: the cable lacks an A or a B termination (`false`: it has both);
 * - `device[_id]`, `rack[_id]`, `location[_id]`, `site[_id]`: a terminated object's device, or
 *   that device's rack, location or site, matches (by device name, rack name, location name,
 *   site slug, or id) — NetBox's filter_by_termination over its cached `_device`, `_rack`…; an
 *   object with a rack and no device (a power feed) by its rack and the rack's location and site;
 *   a circuit termination by the site and location it caches itself (no device, no rack);
 * - `interface_id` (on both lists): a termination is that interface.
 * The objects are found through the terminations' generic relation; every served termination
 * type with a `device` or a `rack` field takes part (interfaces and every device port).
 */
import type { MethodFilter, MethodFilterArgs } from '../../../rest/index.ts';
import { presence } from '../../presence.ts';
import { TERMINATIONS } from './terminationSql.ts';

/** A termination row of the listed cable matching `where` (SQL over the row alias) exists. */
function hasTermination({ alias, sql }: MethodFilterArgs, where: (ct: string) => string): string {
  const ct = sql.alias();
  return `EXISTS (SELECT 1 FROM ${sql.table(TERMINATIONS)} ${ct} WHERE ${sql.column(TERMINATIONS, 'cable', ct)} = ${alias}.id AND ${where(ct)})`;
}

const byEnd =
  (end: 'A' | 'B'): MethodFilter<number> =>
  (args) =>
    hasTermination(args, (ct) => `${args.sql.column(TERMINATIONS, 'cable_end', ct)} = '${end}' AND ${args.sql.column(TERMINATIONS, 'termination_id', ct)} = ANY(${args.param(args.parsed)}::int[])`);

export const terminationA = byEnd('A');
export const terminationB = byEnd('B');

export const unterminated = presence((args) => `NOT (${['A', 'B'].map((end) => hasTermination(args, (ct) => `${args.sql.column(TERMINATIONS, 'cable_end', ct)} = '${end}'`)).join(' AND ')})`);

/** What a termination's place is matched on: a column of `d` (a device row, or a rack's place), or of a related row. */
type DeviceMatch = (d: string, args: MethodFilterArgs) => string;

/**
 * A terminated object's place satisfies `match` (NetBox's cached `_device`, `_rack`, `_location`,
 * `_site`): a device component's device (a row `d` of devices); an object with a rack and no
 * device (a power feed), that rack as `d` (`id` and `name` null: no device matches); an object
 * caching its own `_site` and `_location` (a circuit termination), those (no device nor rack).
 */
const byDevice =
  (match: DeviceMatch): MethodFilter =>
  (args) => {
    const { sql } = args;
    const generic = sql.resource(TERMINATIONS).fields.find((f) => f.name === 'termination')!.generic!;
    const targets = generic.targets.map((key) => sql.resource(key));
    const has = (target: (typeof targets)[number], name: string) => target.fields.some((f) => f.name === name);
    return hasTermination(args, (ct) => {
      const branches = targets.flatMap((target) => {
        const [o, d, r] = [sql.alias(), sql.alias(), sql.alias()];
        const place = has(target, 'device')
          ? `${sql.table('dcim.devices')} ${d} ON ${d}.id = ${sql.column(target.key, 'device', o)}`
          : has(target, 'rack')
            ? `(SELECT NULL::int AS id, NULL::text AS name, ${r}.id AS rack_id, ${sql.column('dcim.racks', 'location', r)} AS location_id, ${sql.column('dcim.racks', 'site', r)} AS site_id FROM ${sql.table('dcim.racks')} ${r}) ${d} ON ${d}.rack_id = ${sql.column(target.key, 'rack', o)}`
            : has(target, '_site') && has(target, '_location')
              ? `(SELECT ${r}.id AS object_id, NULL::int AS id, NULL::text AS name, NULL::int AS rack_id, ${sql.column(target.key, '_location', r)} AS location_id, ${sql.column(target.key, '_site', r)} AS site_id FROM ${sql.table(target.key)} ${r}) ${d} ON ${d}.object_id = ${o}.id`
              : null;
        if (!place) return [];
        return [`(${sql.column(TERMINATIONS, 'termination_type', ct)} = '${target.objectType}' AND EXISTS (SELECT 1 FROM ${sql.table(target.key)} ${o} JOIN ${place} WHERE ${o}.id = ${sql.column(TERMINATIONS, 'termination_id', ct)} AND ${match(d, args)}))`];
      });
      return branches.length ? `(${branches.join(' OR ')})` : 'false';
    });
  };

/** By id: the device's own id or its `column`; by name: the related row's `attribute`. */
const idMatch =
  (column: string): MethodFilter<number> =>
  (args) =>
    byDevice((d) => `${d}.${column} = ANY(${args.param(args.parsed)}::int[])`)(args);

const textMatch = (target: string | null, column: string, attribute: string): MethodFilter =>
  byDevice((d, { sql, param, values }) => {
    if (!target) return `${d}.${attribute} = ANY(${param(values)}::text[])`;
    const x = sql.alias();
    return `EXISTS (SELECT 1 FROM ${sql.table(target)} ${x} WHERE ${x}.id = ${d}.${column} AND ${x}.${attribute} = ANY(${param(values)}::text[]))`;
  });

export const device = textMatch(null, 'id', 'name');
export const deviceId = idMatch('id');
export const rack = textMatch('dcim.racks', 'rack_id', 'name');
export const rackId = idMatch('rack_id');
export const location = textMatch('dcim.locations', 'location_id', 'name');
export const locationId = idMatch('location_id');
export const site = textMatch('dcim.sites', 'site_id', 'slug');
export const siteId = idMatch('site_id');

/** `interface_id` of a cable: one of its terminations is that interface. */
export const cableInterface: MethodFilter<number> = (args) =>
  hasTermination(args, (ct) => `${args.sql.column(TERMINATIONS, 'termination_type', ct)} = '${args.sql.resource('dcim.interfaces').objectType}' AND ${args.sql.column(TERMINATIONS, 'termination_id', ct)} = ANY(${args.param(args.parsed)}::int[])`);

/** `interface_id` of a termination: it is that interface. */
export const terminationInterface: MethodFilter<number> = ({ alias, sql, param, parsed }) =>
  `(${sql.column(TERMINATIONS, 'termination_type', alias)} = '${sql.resource('dcim.interfaces').objectType}' AND ${sql.column(TERMINATIONS, 'termination_id', alias)} = ANY(${param(parsed)}::int[]))`;
