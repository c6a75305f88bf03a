/**
 * @module
 * VLAN.clean(), which stops at its first failing check: a group scoped
 * to a site (or site group) leaves room for no other site (or only the group's sites), the VID
 * must lie in the group's ranges, and only customer VLANs sit under a service VLAN, which they
 * must. One query per related table for the whole batch.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { valueOf } from '../shared/batchValues.ts';
import { rangesText } from './vlanGroupRules.ts';

interface Group {
  id: number;
  name: string;
  scope_type: string | null;
  scope_id: number | null;
  scope_name: string | null;
  vid_ranges: [number, number][];
}

interface Site {
  id: number;
  name: string;
  group_id: number | null;
}

async function groupsAndSites(batch: WriteBatch): Promise<{ groups: Map<number, Group>; sites: Map<number, Site> }> {
  const { registry, tx } = batch;
  const ids = (field: string) => [...new Set(batch.items.map((item) => valueOf(batch, item, field)).filter((id) => id !== null).map(Number))];
  const [vlanGroups, sites, siteGroups] = ['ipam.vlan-groups', 'dcim.sites', 'dcim.site-groups'].map((key) => registry.resource(key));
  const column = (resource: typeof sites, name: string) => `"${registry.field(resource, name)!.column}"`;
  const [type, id] = [column(vlanGroups, 'scope_type'), column(vlanGroups, 'scope_id')];
  // Only a site or site group scope is named in a message.
  const scopeName =
    `CASE g.${type} WHEN '${sites.objectType}' THEN (SELECT s.name FROM "${sites.table}" s WHERE s.id = g.${id}) ` +
    `WHEN '${siteGroups.objectType}' THEN (SELECT s.name FROM "${siteGroups.table}" s WHERE s.id = g.${id}) END`;
  const groupRows = await tx.query<Group>(
    `SELECT g.id, g.name, g.${type} AS scope_type, g.${id} AS scope_id, ${scopeName} AS scope_name, g.${column(vlanGroups, 'vid_ranges')} AS vid_ranges FROM "${vlanGroups.table}" g WHERE g.id = ANY($1::int[])`,
    [ids('group')],
  );
  const siteRows = await tx.query<Site>(`SELECT s.id, s.name, s.${column(sites, 'group')} AS group_id FROM "${sites.table}" s WHERE s.id = ANY($1::int[])`, [ids('site')]);
  return { groups: new Map(groupRows.map((g) => [Number(g.id), g])), sites: new Map(siteRows.map((s) => [Number(s.id), s])) };
}

export const vlanRules: ModelRules = {
  async clean(batch) {
    const { groups, sites } = await groupsAndSites(batch);
    const { registry } = batch;
    const [siteType, siteGroupType] = ['dcim.sites', 'dcim.site-groups'].map((key) => registry.resource(key).objectType);
    for (const item of batch.items) {
      if (!item.errors.empty) continue;
      const value = (field: string) => valueOf(batch, item, field);
      const group = value('group') === null ? undefined : groups.get(Number(value('group')));
      const site = value('site') === null ? undefined : sites.get(Number(value('site')));
      const vid = Number(value('vid'));
      if (group && site && group.scope_type === siteType && Number(group.scope_id) !== site.id) {
        item.error('__all__', `VLAN is assigned to group ${group.name} (scope: ${group.scope_name}); cannot also assign to site ${site.name}.`);
      } else if (group && site && group.scope_type === siteGroupType && Number(group.scope_id) !== Number(site.group_id)) {
        item.error('__all__', `The assigned site ${site.name} is not a member of the assigned group ${group.name} (scope: ${group.scope_name}).`);
      } else if (group && !group.vid_ranges.some(([lower, upper]) => lower <= vid && vid <= upper)) {
        item.error('vid', `VID must be in ranges ${rangesText(group.vid_ranges)} for VLANs in group ${group.name}`);
      } else if (value('qinq_svlan') !== null && value('qinq_role') !== 'cvlan') {
        item.error('qinq_svlan', 'Only Q-in-Q customer VLANs maybe assigned to a service VLAN.');
      } else if (value('qinq_role') === 'cvlan' && value('qinq_svlan') === null) {
        item.error('qinq_role', 'A Q-in-Q customer VLAN must be assigned to a service VLAN.');
      }
    }
  },
};
