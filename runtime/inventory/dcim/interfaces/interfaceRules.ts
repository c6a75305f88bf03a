/**
 * @module
 * Interface rules, in the order NetBox 4.6 applies them:
 * 1. InterfaceSerializer.validate(): the 802.1Q mode against the VLANs (every such error at once:
 *    a service VLAN only for Q-in-Q, no VLANs without a mode, no tagged VLANs for access or
 *    tagged-all), then each tagged VLAN given is global or in the device's site;
 * 2. the model's clean() (CabledObjectModel, BaseInterface, InterfaceValidationMixin,
 *    Interface), first failing check: no mark_connected with a cable; the primary MAC address
 *    is not another object's; not bridged to itself; no PoE on virtual types, no PoE type without
 *    a mode; wireless role and channel settings only on wireless types; a virtual type is not
 *    cabled nor marked connected; parent, bridge and LAG are not the interface itself and are on
 *    its device (or a member of its virtual chassis); only a `virtual` interface has a parent, and
 *    it has no LAG; the untagged VLAN is global or in the device's site.
 *    NetBox does not check that the LAG is of type `lag`, nor the module's device: neither is
 *    checked here.
 *    The WWN, like NetBox's WWNField, is an EUI-64 in any common spelling, kept as
 *    `AA:BB:CC:DD:EE:FF:00:11`; blank is null.
 * 3. save(): `_name` (naturalize_interface), no untagged VLAN without a mode, an update leaving
 *    mode `tagged` clears the tagged VLANs not written in the same request, and a wireless
 *    channel fills its frequency and width.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { componentDisplaySql, deviceDisplaySql } from '../shared/displays.ts';
import { rowsById, tableOf, type Row } from '../shared/rows.ts';
import { naturalizeInterface } from './naturalizeInterface.ts';
import { primaryMacError, primaryMacsOf, type PrimaryMac } from './primaryMac.ts';

/** NetBox's VIRTUAL_IFACE_TYPES and WIRELESS_IFACE_TYPES (dcim/constants.py). */
export const VIRTUAL_TYPES = new Set(['virtual', 'lag', 'bridge']);
export const WIRELESS_TYPES = new Set(['ieee802.11a', 'ieee802.11g', 'ieee802.11n', 'ieee802.11ac', 'ieee802.11ad', 'ieee802.11ax', 'ieee802.11ay', 'ieee802.11be', 'ieee802.15.1', 'ieee802.15.4', 'other-wireless', 'gsm', 'cdma', 'lte', '4g', '5g']);

interface Related {
  devices: Map<number, Row>;
  peers: Map<number, Row>;
  vlans: Map<number, Row>;
  macs: Map<number, PrimaryMac>;
  objectType: string;
  storedTagged: Map<number, number[]>;
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The tagged VLANs an item will have: those written, else (on update) those stored. */
function taggedOf(item: WriteItem, r: Related): number[] {
  if (item.links.has('tagged_vlans')) return item.links.get('tagged_vlans')!;
  return item.creating ? [] : (r.storedTagged.get(item.id!) ?? []);
}

async function related(batch: WriteBatch): Promise<Related> {
  const { tx, items, registry, resource } = batch;
  const table = (key: string) => tableOf(batch, key);
  const col = (c: string) => items.map((i) => i.value(c));
  const n = { next: 0 };
  const alias = () => `x${n.next++}`;
  const deviceSql = (t: string) => deviceDisplaySql(t, (key) => table(key), alias);
  const deviceColumns = `t.site_id, t.virtual_chassis_id, ${deviceSql('t')} AS display, vc.name AS vc_name`;
  const vcJoin = `LEFT JOIN ${table('dcim.virtual-chassis')} vc ON vc.id = t.virtual_chassis_id`;
  const devices = await rowsById(tx, table('dcim.devices'), col('device_id'), deviceColumns, vcJoin);
  const peers = await rowsById(
    tx,
    table('dcim.interfaces'),
    [...col('parent_id'), ...col('bridge_id'), ...col('lag_id')],
    `t.device_id, ${componentDisplaySql('t')} AS display, d.virtual_chassis_id, ${deviceSql('d')} AS device_display`,
    `JOIN ${table('dcim.devices')} d ON d.id = t.device_id`,
  );
  const updated = items.filter((i) => !i.creating && !i.links.has('tagged_vlans')).map((i) => i.id!);
  const link = registry.field(resource, 'tagged_vlans')!.link!;
  const storedTagged = new Map<number, number[]>();
  if (updated.length) {
    const rows = await tx.query<{ source: number; target: number }>(`SELECT "${link.source}" AS source, "${link.target}" AS target FROM "${link.table}" WHERE "${link.source}" = ANY($1::int[]) ORDER BY 1, 2`, [updated]);
    for (const row of rows) storedTagged.set(Number(row.source), [...(storedTagged.get(Number(row.source)) ?? []), Number(row.target)]);
  }
  const vlanIds = [...col('untagged_vlan_id'), ...col('qinq_svlan_id'), ...items.flatMap((i) => i.links.get('tagged_vlans') ?? [])];
  const vlans = await rowsById(tx, table('ipam.vlans'), vlanIds, `t.site_id, concat(t.name, ' (', t.vid, ')') AS display`);
  const macs = await primaryMacsOf(batch);
  return { devices, peers, vlans, macs, objectType: resource.objectType, storedTagged };
}

/** InterfaceSerializer.validate(): every mode error of an object at once, else the first tagged VLAN outside the site. */
function serializerErrors(item: WriteItem, r: Related, device: Row | undefined): [string, string][] {
  const mode = str(item.value('mode'));
  const tagged = taggedOf(item, r);
  const errors: [string, string][] = [];
  if (mode !== 'q-in-q' && item.value('qinq_svlan_id') !== null && item.value('qinq_svlan_id') !== undefined) errors.push(['qinq_svlan', 'Interface mode does not support q-in-q service vlan']);
  if (!mode) {
    if (item.value('untagged_vlan_id') !== null && item.value('untagged_vlan_id') !== undefined) errors.push(['untagged_vlan', 'Interface mode does not support untagged vlan']);
    if (tagged.length) errors.push(['tagged_vlans', 'Interface mode does not support tagged vlans']);
  } else if ((mode === 'tagged-all' || mode === 'access') && tagged.length) {
    errors.push(['tagged_vlans', 'Interface mode does not support tagged vlans']);
  }
  if (errors.length) return errors;
  for (const id of item.links.get('tagged_vlans') ?? []) {
    const vlan = r.vlans.get(id);
    if (vlan && vlan.site_id !== null && Number(vlan.site_id) !== Number(device?.site_id)) {
      return [['tagged_vlans', `VLAN ${vlan.display} must belong to the same site as the interface's parent device, or it must be global.`]];
    }
  }
  return [];
}

/** NetBox's get_channel_attr(): a channel value is `<band>-<id>-<frequency>-<width>`. */
function channelAttr(channel: string, attr: 'frequency' | 'width'): number | null {
  const parts = channel.split('-');
  const value = Number(parts[attr === 'frequency' ? 2 : 3]);
  return Number.isFinite(value) ? value : null;
}

const set = (v: unknown) => v !== null && v !== undefined && v !== '' && v !== false;

/** A relation to another interface (parent, bridge, LAG) on another device, as NetBox words it; null when allowed. */
function otherDevice(field: 'parent' | 'bridge' | 'lag', peer: Row, device: Row): string | null {
  if (Number(peer.device_id) === Number(device.id)) return null;
  const vc = device.virtual_chassis_id;
  if (vc === null || vc === undefined) {
    if (field === 'parent') return `The selected parent interface (${peer.display}) belongs to a different device (${peer.device_display})`;
    if (field === 'bridge') return `The selected bridge interface (${peer.display}) belongs to a different device (${peer.device_display}).`;
    return `The selected LAG interface (${peer.display}) belongs to a different device (${peer.device_display}).`;
  }
  if (Number(peer.virtual_chassis_id) === Number(vc)) return null;
  const label = field === 'lag' ? 'LAG' : field;
  return `The selected ${label} interface (${peer.display}) belongs to ${peer.device_display}, which is not part of virtual chassis ${device.vc_name}.`;
}

/** The first of the model's clean() checks that fails. */
function modelError(item: WriteItem, r: Related, device: Row | undefined, typeLabel: (v: string) => string): [string, string] | null {
  const v = (c: string) => item.value(c);
  const type = str(v('type'));
  const virtual = VIRTUAL_TYPES.has(type);
  const wireless = WIRELESS_TYPES.has(type);
  const mode = str(v('mode'));
  // CabledObjectModel
  if (set(v('cable_id')) && v('mark_connected') === true) return ['mark_connected', 'Cannot mark as connected with a cable attached.'];
  // BaseInterface
  if (set(v('qinq_svlan_id')) && mode !== 'q-in-q') return ['qinq_svlan', 'Only Q-in-Q interfaces may specify a service VLAN.'];
  const macError = primaryMacError(r.objectType, r.macs, item);
  if (macError) return macError;
  // InterfaceValidationMixin
  if (item.id !== null && Number(v('bridge_id')) === item.id) return ['bridge', 'An interface cannot be bridged to itself.'];
  if (set(v('poe_mode')) && virtual) return ['poe_mode', 'Virtual interfaces cannot have a PoE mode.'];
  if (set(v('poe_type')) && virtual) return ['poe_type', 'Virtual interfaces cannot have a PoE type.'];
  if (set(v('poe_type')) && !set(v('poe_mode'))) return ['poe_type', 'Must specify PoE mode when designating a PoE type.'];
  if (set(v('rf_role')) && !wireless) return ['rf_role', 'Wireless role may be set only on wireless interfaces.'];
  // Interface
  if (virtual && set(v('cable_id'))) return ['type', `${typeLabel(type)} interfaces cannot have a cable attached.`];
  if (virtual && v('mark_connected') === true) return ['mark_connected', `${typeLabel(type)} interfaces cannot be marked as connected.`];
  if (item.id !== null && Number(v('parent_id')) === item.id) return ['parent', 'An interface cannot be its own parent.'];
  // Of the virtual types only `virtual` itself: a LAG or bridge has no parent either.
  if (type !== 'virtual' && set(v('parent_id'))) return ['parent', 'Only virtual interfaces may be assigned to a parent interface.'];
  for (const field of ['parent', 'bridge'] as const) {
    const peer = r.peers.get(Number(v(`${field}_id`)));
    const message = peer && device ? otherDevice(field, peer, device) : null;
    if (message) return [field, message];
  }
  if (type === 'virtual' && set(v('lag_id'))) return ['lag', 'Virtual interfaces cannot have a parent LAG interface.'];
  if (item.id !== null && Number(v('lag_id')) === item.id) return ['lag', 'A LAG interface cannot be its own parent.'];
  const lag = r.peers.get(Number(v('lag_id')));
  const lagMessage = lag && device ? otherDevice('lag', lag, device) : null;
  if (lagMessage) return ['lag', lagMessage];
  const channel = str(v('rf_channel'));
  if (channel && !wireless) return ['rf_channel', 'Channel may be set only on wireless interfaces.'];
  for (const [column, attr, noun] of [['rf_channel_frequency', 'frequency', 'frequency'], ['rf_channel_width', 'width', 'width']] as const) {
    const value = v(column);
    if (!set(value) || Number(value) === 0) continue;
    if (!wireless) return [column, `Channel ${noun} may be set only on wireless interfaces.`];
    if (channel && Number(value) !== channelAttr(channel, attr)) return [column, `Cannot specify custom ${noun} with channel selected.`];
  }
  if (!mode && set(v('untagged_vlan_id'))) return ['untagged_vlan', 'Interface mode does not support an untagged vlan.'];
  const untagged = r.vlans.get(Number(v('untagged_vlan_id')));
  if (untagged && untagged.site_id !== null && Number(untagged.site_id) !== Number(device?.site_id)) {
    return ['untagged_vlan', `The untagged VLAN (${untagged.display}) must belong to the same site as the interface's parent device, or it must be global.`];
  }
  return null;
}

const EUI64 = /^([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})[-:.]?([0-9a-f]{2})$/i;

/** WWNField.to_python(): the WWN written, upper-case with colons; blank is null. */
function cleanWwn(item: WriteItem): void {
  if (!('wwn' in item.columns)) return;
  const value = item.columns.wwn;
  if (value === null || value === undefined || String(value).trim() === '') {
    item.columns.wwn = null;
    return;
  }
  const m = EUI64.exec(String(value).trim());
  if (m) item.columns.wwn = m.slice(1).join(':').toUpperCase();
  else item.error('wwn', `Invalid WWN format: ${value}`);
}

async function cleanInterfaces(batch: WriteBatch): Promise<void> {
  const r = await related(batch);
  const typeLabel = (value: string) => batch.registry.choiceLabel('InterfaceTypeChoices', value);
  for (const item of batch.items) {
    cleanWwn(item);
    const device = r.devices.get(Number(item.value('device_id')));
    const serializer = serializerErrors(item, r, device);
    if (serializer.length) {
      for (const [field, message] of serializer) item.error(field, message);
      continue;
    }
    const error = modelError(item, r, device, typeLabel);
    if (error) item.error(error[0], error[1]);
  }
}

function saveInterfaces(batch: WriteBatch): void {
  for (const item of batch.items) {
    if (item.creating || 'name' in item.columns) item.columns._name = naturalizeInterface(item.value('name') as string | null);
    const mode = str(item.value('mode'));
    if (!mode && set(item.value('untagged_vlan_id'))) item.columns.untagged_vlan_id = null;
    // BaseInterface.save() clears the tagged VLANs of an updated non-tagged interface; DRF then sets those written.
    if (!item.creating && mode !== 'tagged' && !item.links.has('tagged_vlans')) item.links.set('tagged_vlans', []);
    const channel = str(item.value('rf_channel'));
    if (channel) {
      if (!set(item.value('rf_channel_frequency')) || Number(item.value('rf_channel_frequency')) === 0) item.columns.rf_channel_frequency = channelAttr(channel, 'frequency');
      if (!set(item.value('rf_channel_width')) || Number(item.value('rf_channel_width')) === 0) item.columns.rf_channel_width = channelAttr(channel, 'width');
    }
  }
}

export const interfaceRules: ModelRules = {
  clean: cleanInterfaces,
  async beforeSave(batch) {
    saveInterfaces(batch);
  },
};
