/**
 * @module
 * Device types' and module types' presence filters of their component templates (NetBox's
 * `console_ports`, `interfaces`, `pass_through_ports`… on DeviceTypeFilterSet and
 * ModuleTypeFilterSet: `true` keeps the types with at least one such template, `false` those
 * without), as method filters named `<owner>_has_<kind>_templates`.
 */
import { booleanValue, invalidChoice } from '../../../kinds/index.ts';
import type { MethodFilter } from '../../../rest/index.ts';

/** The template resources each presence filter looks at (pass-through ports: front or rear). */
const KINDS: Record<string, string[]> = {
  console_port: ['dcim.console-port-templates'],
  console_server_port: ['dcim.console-server-port-templates'],
  power_port: ['dcim.power-port-templates'],
  power_outlet: ['dcim.power-outlet-templates'],
  interface: ['dcim.interface-templates'],
  pass_through: ['dcim.front-port-templates', 'dcim.rear-port-templates'],
  device_bay: ['dcim.device-bay-templates'],
  module_bay: ['dcim.module-bay-templates'],
};

const OWNERS = { device_type: 'device_type_id', module_type: 'module_type_id' } as const;

/** Types with a template of `resources` pointing at them through `column` (or without, for `false`). */
const hasTemplates =
  (resources: string[], column: string): MethodFilter =>
  ({ values, alias, query, sql }) => {
    const value = values[values.length - 1];
    const wanted = booleanValue(value);
    if (wanted === null) return query.error(invalidChoice(value));
    const exists = resources.map((key) => {
      const a = sql.alias();
      return `EXISTS (SELECT 1 FROM ${sql.table(key)} ${a} WHERE ${a}.${column} = ${alias}.id)`;
    });
    const condition = `(${exists.join(' OR ')})`;
    return wanted ? condition : `NOT ${condition}`;
  };

/** Every presence filter, by method name (`device_type_has_interface_templates`). */
export const presenceFilters: Record<string, MethodFilter> = Object.fromEntries(
  Object.entries(OWNERS).flatMap(([owner, column]) =>
    Object.entries(KINDS)
      // Device bay templates belong to device types only.
      .filter(([kind]) => owner === 'device_type' || kind !== 'device_bay')
      .map(([kind, resources]) => [`${owner}_has_${kind}_templates`, hasTemplates(resources, column)]),
  ),
);
