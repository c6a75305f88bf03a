/**
 * @module
 * Method filters of services and service templates:
 * - `port`: NetBox's NumericArrayFilter over `ports`. The exact match is "among the ports"
 *   (`ports @> [n]`); its other lookups compare the whole array, as Django's array lookups do
 *   (`port__n=22` leaves out the services whose ports are exactly `[22]`, `port__lt` compares
 *   arrays); `port__empty` matches services without ports (none: ports are required).
 * - `device`/`device_id`, `virtual_machine`/`virtual_machine_id`, `fhrpgroup`/`fhrpgroup_id`: the
 *   services of those devices, VMs or FHRP groups, by name or id; a name or id naming nothing
 *   matches nothing.
 */
import type { MethodFilter } from '../../../rest/index.ts';

const ARRAY_COMPARISONS: Record<string, string> = { lt: '<', lte: '<=', gt: '>', gte: '>=' };

export const servicePort: MethodFilter<number | boolean> = ({ lookup, value, alias, param }) => {
  if (lookup === 'empty') return `(cardinality(${alias}.ports) = 0) = ${value}`;
  // A NumberFilter takes one value: the last given.
  const port = param([value]);
  if (lookup === 'n') return `NOT (${alias}.ports = ${port}::int[])`;
  const comparison = ARRAY_COMPARISONS[lookup];
  return comparison ? `${alias}.ports ${comparison} ${port}::int[]` : `${alias}.ports @> ${port}::int[]`;
};

/** Services whose parent is an object of `key` matched by `condition` (on the parent's alias). */
function servicesOf(key: string, byId: boolean): MethodFilter {
  return (args) => {
    const { values, parsed, alias, param, sql } = args;
    const parents = sql.resource(key);
    const p = sql.alias();
    const match = byId ? `${p}.id = ANY(${param(parsed)}::bigint[])` : `${p}.name = ANY(${param(values)}::text[])`;
    return `(${alias}.parent_object_type = ${param(parents.objectType)} AND ${alias}.parent_object_id IN (SELECT ${p}.id FROM ${sql.table(key)} ${p} WHERE ${match}))`;
  };
}

export const servicesOfDevice = servicesOf('dcim.devices', false);
export const servicesOfDeviceId = servicesOf('dcim.devices', true);
export const servicesOfVirtualMachine = servicesOf('virtualization.virtual-machines', false);
export const servicesOfVirtualMachineId = servicesOf('virtualization.virtual-machines', true);

export const servicesOfFhrpGroup = servicesOf('ipam.fhrp-groups', false);
export const servicesOfFhrpGroupId = servicesOf('ipam.fhrp-groups', true);
