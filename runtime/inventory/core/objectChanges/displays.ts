/**
 * @module
 * `display` of a change record, as NetBox's `ObjectChange.__str__`: the changed object's type as
 * Django prints a content type (`DCIM | device`), the object's repr, the action in the past tense
 * and who made it — `DCIM | device leaf1 created by admin`.
 */
import type { SqlExpression } from '../../../rest/index.ts';
import { sqlString } from '../../../kinds/index.ts';

/** Django's app verbose names (AppConfig.verbose_name), which a content type's name starts with. */
const APP_NAMES: Record<string, string> = {
  circuits: 'Circuits', core: 'Core', dcim: 'DCIM', extras: 'Extras', ipam: 'IPAM', tenancy: 'Tenancy',
  users: 'Users', virtualization: 'Virtualization', vpn: 'VPN', wireless: 'Wireless',
};

export const objectChangeDisplay: SqlExpression = (t, sql) => {
  const changes = sql.resource('core.object-changes');
  const targets = changes.fields.find((f) => f.name === 'changed_object')!.generic!.targets.map((key) => sql.resource(key));
  const typeName = `CASE ${t}.changed_object_type ${targets.map((r) => `WHEN ${sqlString(r.objectType)} THEN ${sqlString(`${APP_NAMES[r.app] ?? r.app} | ${r.verboseName}`)}`).join(' ')} ELSE ${t}.changed_object_type END`;
  const action = `CASE ${t}.action WHEN 'create' THEN 'created' WHEN 'update' THEN 'updated' WHEN 'delete' THEN 'deleted' ELSE ${t}.action END`;
  return `concat(${typeName}, ' ', ${t}.object_repr, ' ', ${action}, ' by ', ${t}.user_name)`;
};
