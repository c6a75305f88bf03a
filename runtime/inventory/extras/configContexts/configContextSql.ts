/**
 * @module
 * A device's and a virtual machine's `config_context`, computed in the statement that lists them
 * (NetBox's annotate_config_context_data() and get_config_context()): the data of the active
 * config contexts whose scopes match (scopes.ts), merged in order of weight then name by the SQL
 * aggregate `netbox_deepmerge_agg` (migration 0025, NetBox's deepmerge), then the object's local
 * context data merged last.
 */
import type { SqlExpression } from '../../../rest/index.ts';
import { activeContexts, applies, objectValues, SCOPES, type ConfigContextHolder } from './scopes.ts';

export function configContextExpression(holder: ConfigContextHolder): SqlExpression {
  return (t, sql) => {
    const e = sql.alias();
    const v = sql.alias();
    const values = objectValues(holder, t, sql);
    const local = sql.column(holder.resource, 'local_context_data', t);
    const own = `(SELECT ${SCOPES.map((name) => `${values[name]} AS ${name}`).join(', ')}) ${v}`;
    return (
      `netbox_deepmerge((SELECT netbox_deepmerge_agg(${e}.value->'data' ORDER BY ${e}.n) ` +
      `FROM jsonb_array_elements(${activeContexts(sql)}) WITH ORDINALITY ${e}(value, n), ${own} WHERE ${applies(`${e}.value`, v)}), ${local})`
    );
  };
}

export const deviceConfigContext = configContextExpression({ resource: 'dcim.devices', hasLocation: true, hasDeviceType: true });

export const virtualMachineConfigContext = configContextExpression({ resource: 'virtualization.virtual-machines', hasLocation: false, hasDeviceType: false });
