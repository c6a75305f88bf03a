/**
 * @module
 * Method filters of virtual machines and their interfaces:
 * - a VM's `name`, which NetBox matches ignoring case (`lookup_expr='iexact'`), its other lookups
 *   as any text filter's;
 * - an interface's `vlan` (a VID) and `vlan_id`: interfaces with that VLAN untagged, tagged or as
 *   their Q-in-Q service VLAN. A value that is no number matches nothing (NetBox fails on it;
 *   runtime/inventory/numberCharFilter.ts reads it, as for devices' interfaces).
 */
import type { MethodFilter } from '../../../rest/index.ts';
import { numberCharFilter } from '../../numberCharFilter.ts';

const TEXT_OPS = { ic: 'icontains', isw: 'istartswith', iew: 'iendswith', ie: 'iexact', regex: 'regex', iregex: 'iregex' } as const;

export const nameIexact: MethodFilter<string | boolean> = ({ lookup, values, value, query }) => {
  if (lookup === 'empty') return query.where('name', 'empty', [true], { negate: !value });
  if (lookup === 'exact' || lookup === 'n') return query.where('name', 'iexact', values, { negate: lookup === 'n' });
  const negate = lookup.startsWith('n') && lookup.slice(1) in TEXT_OPS;
  const op = TEXT_OPS[(negate ? lookup.slice(1) : lookup) as keyof typeof TEXT_OPS];
  return op ? query.where('name', op, values, { cast: 'text', negate }) : query.error(`Unsupported lookup "${lookup}".`);
};

/** Interfaces whose untagged VLAN, service VLAN or one of whose tagged VLANs has this `attribute`. */
function vlanFilter(attribute: 'id' | 'vid'): MethodFilter {
  return ({ values, alias, param, sql }) =>
    numberCharFilter(values, (value) => {
      const [v, link] = [sql.alias(), sql.alias()];
      const vlans = sql.table('ipam.vlans');
      const tagged = sql.resource('virtualization.interfaces').fields.find((f) => f.name === 'tagged_vlans')!.link!;
      const matches = `${v}.${attribute} = ${param(value)}::int`;
      return `(EXISTS (SELECT 1 FROM ${vlans} ${v} WHERE ${v}.id IN (${alias}.untagged_vlan_id, ${alias}.qinq_svlan_id) AND ${matches}) OR EXISTS (SELECT 1 FROM "${tagged.table}" ${link} JOIN ${vlans} ${v} ON ${v}.id = ${link}."${tagged.target}" WHERE ${link}."${tagged.source}" = ${alias}.id AND ${matches}))`;
    });
}

export const vlanVid: MethodFilter = vlanFilter('vid');
export const vlanId: MethodFilter = vlanFilter('id');
