/**
 * @module
 * A device's and a virtual machine's `config_context`, computed in the statement that lists them
 * (NetBox's annotate_config_context_data() and get_config_context()): the data of the active
 * config contexts whose scopes match (scopes.ts), merged in order of weight then name by the SQL
 * aggregate `netbox_deepmerge_agg` (migration 0023, NetBox's deepmerge), then the object's local
 * context data merged last.
 */
import type { SqlExpression } from '../../../rest/index.ts';
import { scopeConditions, type ConfigContextHolder } from './scopes.ts';

const CONTEXTS = 'extras.config-contexts';

export function configContextExpression(holder: ConfigContextHolder): SqlExpression {
  return (t, sql) => {
    const c = sql.alias();
    const field = (name: string) => sql.column(CONTEXTS, name, c);
    const local = sql.column(holder.resource, 'local_context_data', t);
    return (
      `netbox_deepmerge((SELECT netbox_deepmerge_agg(${field('data')} ORDER BY ${field('weight')}, ${field('name')}) ` +
      `FROM ${sql.table(CONTEXTS)} ${c} WHERE ${field('is_active')} AND ${scopeConditions(holder, c, t, sql)}), ${local})`
    );
  };
}

export const deviceConfigContext = configContextExpression({ resource: 'dcim.devices', hasLocation: true, hasDeviceType: true });

export const virtualMachineConfigContext = configContextExpression({
  resource: 'virtualization.virtual-machines',
  hasLocation: false,
  hasDeviceType: false,
});
