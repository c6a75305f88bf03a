/**
 * @module
 * A device type's `inventory_items` filter (NetBox's DeviceTypeFilterSet._inventory_items):
 * `true` lists the types with inventory item templates, `false` those without.
 */
import { booleanValue, invalidChoice } from '../../../kinds/index.ts';
import type { MethodFilter } from '../../../rest/index.ts';

export const deviceTypeHasItems: MethodFilter = ({ values, alias, sql, query }) => {
  const value = booleanValue(values[values.length - 1]);
  if (value === null) return query.error(invalidChoice(values[values.length - 1]));
  const a = sql.alias();
  const exists = `EXISTS (SELECT 1 FROM ${sql.table('dcim.inventory-item-templates')} ${a} WHERE ${a}.device_type_id = ${alias}.id)`;
  return value ? exists : `NOT ${exists}`;
};
