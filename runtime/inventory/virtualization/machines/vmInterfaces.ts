/**
 * @module
 * VMInterface's rules, in the order NetBox's API applies them, each object stopping at the first
 * stage that fails (the unique (`virtual_machine`, `name`) is the definitions' constraint, checked
 * after them as Django's validate_constraints()):
 * 1. the serializer's validate(): tagged VLANs given must be global or at the VM's site (the VM
 *    being updated keeps its own, whatever the request says);
 * 2. the model's clean(), first failing check: a service VLAN only on a Q-in-Q interface, the
 *    primary MAC address not another object's (BaseInterface, dcim's primaryMac.ts); not its own parent, a parent on the same VM; not bridged to itself, a
 *    bridge on the same VM; an untagged VLAN global or at the VM's site.
 * save() (BaseInterface): an interface without a mode loses its untagged VLAN; an existing one
 * not in tagged mode loses its tagged VLANs, unless the request sets them (DRF writes them after
 * the save). `_name` follows the name (naturalize_interface).
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { primaryMacError, primaryMacsOf, type PrimaryMac } from '../../dcim/interfaces/index.ts';
import { numberOf, rowsById, tableOf, type Row } from '../../dcim/shared/rows.ts';
import { naturalizeInterface } from './interfaceNames.ts';

interface Related {
  machines: Map<number, Row>;
  interfaces: Map<number, Row>;
  vlans: Map<number, Row>;
  vlanNames: Map<number, string>;
  macs: Map<number, PrimaryMac>;
  objectType: string;
}

/** The VM whose site a tagged VLAN is checked against: the stored one on update (NetBox reads the instance's). */
const taggingMachine = (item: WriteItem) => (item.existing ? item.existing.virtual_machine_id : item.value('virtual_machine_id'));

async function related(batch: WriteBatch, items: WriteItem[]): Promise<Related> {
  const { tx } = batch;
  const interfaces = await rowsById(tx, tableOf(batch, 'virtualization.interfaces'), items.flatMap((i) => [i.value('parent_id'), i.value('bridge_id')]), 't.name, t.virtual_machine_id');
  const machineIds = [...items.flatMap((i) => [i.value('virtual_machine_id'), taggingMachine(i)]), ...[...interfaces.values()].map((i) => i.virtual_machine_id)];
  const machines = await rowsById(tx, tableOf(batch, 'virtualization.virtual-machines'), machineIds, 't.name, t.site_id');
  const vlanIds = items.flatMap((i) => [i.value('untagged_vlan_id'), ...(i.links.get('tagged_vlans') ?? [])]);
  const vlans = await rowsById(tx, tableOf(batch, 'ipam.vlans'), vlanIds, 't.site_id');
  const macs = await primaryMacsOf(batch);
  return { machines, interfaces, vlans, vlanNames: await batch.displays('ipam.vlans', [...vlans.keys()]), macs, objectType: batch.resource.objectType };
}

/** Whether a VLAN may serve an interface of the VM: a global VLAN, or one at the VM's site. */
function fits(r: Related, vlanId: number, machineId: unknown): boolean {
  const site = numberOf(r.vlans.get(vlanId)?.site_id);
  return site === null || site === numberOf(r.machines.get(Number(machineId))?.site_id);
}

/** The serializer's check of the tagged VLANs given. */
function taggedError(item: WriteItem, r: Related): string | null {
  const vlan = (item.links.get('tagged_vlans') ?? []).find((id) => !fits(r, id, taggingMachine(item)));
  return vlan === undefined ? null : `VLAN ${r.vlanNames.get(vlan)} must belong to the same site as the interface's parent virtual machine, or it must be global.`;
}

/** The first of VMInterface.clean()'s checks that fails. */
function cleanError(item: WriteItem, r: Related): [string, string] | null {
  if (item.value('qinq_svlan_id') !== null && item.value('qinq_svlan_id') !== undefined && item.value('mode') !== 'q-in-q') return ['qinq_svlan', 'Only Q-in-Q interfaces may specify a service VLAN.'];
  const macError = primaryMacError(r.objectType, r.macs, item);
  if (macError) return macError;
  const machine = numberOf(item.value('virtual_machine_id'));
  const vmName = (id: unknown) => r.machines.get(Number(id))?.name;
  for (const [field, own, other] of [
    ['parent', 'An interface cannot be its own parent.', 'parent interface'],
    ['bridge', 'An interface cannot be bridged to itself.', 'bridge interface'],
  ] as const) {
    const id = numberOf(item.value(`${field}_id`));
    if (id === null) continue;
    if (id === item.id) return [field, own];
    const target = r.interfaces.get(id);
    if (target && numberOf(target.virtual_machine_id) !== machine) {
      return [field, `The selected ${other} (${target.name}) belongs to a different virtual machine (${vmName(target.virtual_machine_id)}).`];
    }
  }
  const untagged = numberOf(item.value('untagged_vlan_id'));
  if (untagged !== null && !fits(r, untagged, machine)) {
    return ['untagged_vlan', `The untagged VLAN (${r.vlanNames.get(untagged)}) must belong to the same site as the interface's parent virtual machine, or it must be global.`];
  }
  return null;
}

async function clean(batch: WriteBatch): Promise<void> {
  const r = await related(batch, batch.items);
  for (const item of batch.items) {
    const tagged = taggedError(item, r);
    if (tagged) {
      item.error('tagged_vlans', tagged);
      continue;
    }
    const error = cleanError(item, r);
    if (error) item.error(...error);
  }
}

async function beforeSave(batch: WriteBatch): Promise<void> {
  for (const item of batch.items) {
    if (item.creating || 'name' in item.columns) item.columns._name = naturalizeInterface(String(item.value('name')));
    const mode = item.value('mode');
    if (!mode) item.columns.untagged_vlan_id = null;
    if (!item.creating && mode !== 'tagged' && !item.links.has('tagged_vlans')) item.links.set('tagged_vlans', []);
  }
}

export const vmInterfaceRules: ModelRules = { clean, beforeSave };
