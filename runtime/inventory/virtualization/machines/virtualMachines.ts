/**
 * @module
 * VirtualMachine's rules (NetBox's VirtualMachine.clean() and save()).
 *
 * clean(), first failing check per object, after the serializer's own field check of `vcpus`
 * (its bound is `Decimal(0.01)` built from a float, so 0.01 itself is refused, with the float's
 * digits in the message) and ConfigContextModel's check of the local context data:
 * - a VM is placed at a site, in a cluster, or on a device;
 * - a cluster scoped to a site is that site;
 * - a device is at the VM's site;
 * - a device in a cluster needs that cluster named (devices have no cluster here yet: the check
 *   reads the devices' `cluster` field once it is defined);
 * - a device and a cluster go together only when the device is in that cluster;
 * - once a VM has virtual disks, its `disk` is their total: left out it becomes the total,
 *   another value is refused.
 * Primary IPs are checked once IP addresses are served.
 *
 * save(): a VM without a site takes its cluster's (scope) site, else its device's; `_name`
 * follows the name.
 */
import type { ModelRules, WriteBatch, WriteItem } from '../../../rest/index.ts';
import { naturalize } from '../../dcim/shared/naturalOrdering.ts';
import { numberOf, rowsById, tableOf, type Row } from '../../dcim/shared/rows.ts';
import { columnOf, requiredColumn } from './columns.ts';
import { checkPrimaryAddresses } from './primaryIps.ts';
import { applyTypeDefaults } from '../machineTypes/index.ts';

/** str(Decimal(0.01)): the bound NetBox's serializer prints. */
const VCPUS_BOUND = '0.01000000000000000020816681711721685132943093776702880859375';

interface Related {
  clusters: Map<number, Row>;
  devices: Map<number, Row>;
  sites: Map<number, Row>;
  /** Displays of the devices and clusters a message may quote. */
  deviceNames: Map<number, string>;
  clusterNames: Map<number, string>;
  /** Total size of each updated VM's virtual disks. */
  diskTotals: Map<number, number>;
}

async function related(batch: WriteBatch): Promise<Related> {
  const { tx, items, registry } = batch;
  const col = (c: string) => items.map((i) => i.value(c));
  const clusterSite = requiredColumn(registry, 'virtualization.clusters', '_site');
  const clusters = await rowsById(tx, tableOf(batch, 'virtualization.clusters'), col('cluster_id'), `t."${clusterSite}" AS site_id`);
  // Devices join clusters once dcim serves the field; until then no device is in a cluster.
  const deviceCluster = columnOf(registry, 'dcim.devices', 'cluster');
  const devices = await rowsById(tx, tableOf(batch, 'dcim.devices'), col('device_id'), `t.site_id, ${deviceCluster ? `t."${deviceCluster}"` : 'NULL::int'} AS cluster_id`);
  const sites = await rowsById(tx, tableOf(batch, 'dcim.sites'), [...col('site_id'), ...[...clusters.values()].map((c) => c.site_id)], 't.name');
  const deviceNames = await batch.displays('dcim.devices', [...devices.keys()]);
  const clusterNames = await batch.displays('virtualization.clusters', [...col('cluster_id'), ...[...devices.values()].map((d) => d.cluster_id)]);
  const updated = items.filter((i) => !i.creating).map((i) => i.id);
  const diskTotals = new Map<number, number>();
  if (updated.length) {
    const rows = await tx.query<{ vm: number; total: string }>(`SELECT virtual_machine_id AS vm, sum(size) AS total FROM ${tableOf(batch, 'virtualization.virtual-disks')} WHERE virtual_machine_id = ANY($1::int[]) GROUP BY virtual_machine_id`, [updated]);
    for (const row of rows) diskTotals.set(Number(row.vm), Number(row.total));
  }
  return { clusters, devices, sites, deviceNames, clusterNames, diskTotals };
}

/** Python's truthiness of a JSON value: not null, false, 0, "", [] or {}. */
const jsonTruthy = (value: unknown) => (Array.isArray(value) ? value.length > 0 : value && typeof value === 'object' ? Object.keys(value).length > 0 : !!value);

/** The first of VirtualMachine.clean()'s checks that fails: the field and NetBox's message. */
function firstError(item: WriteItem, r: Related): [string, string] | null {
  const local = item.value('local_context_data');
  if (jsonTruthy(local) && (typeof local !== 'object' || Array.isArray(local))) return ['local_context_data', 'JSON data must be in object form. Example: {"foo": 123}'];
  const [siteId, clusterId, deviceId] = ['site_id', 'cluster_id', 'device_id'].map((c) => numberOf(item.value(c)));
  if (siteId === null && clusterId === null && deviceId === null) return ['__all__', 'A virtual machine must be assigned to a site, cluster, or device.'];
  const cluster = clusterId === null ? undefined : r.clusters.get(clusterId);
  const device = deviceId === null ? undefined : r.devices.get(deviceId);
  const siteName = siteId === null ? '' : String(r.sites.get(siteId)?.name ?? '');
  const clusterName = clusterId === null ? '' : r.clusterNames.get(clusterId);
  const deviceName = deviceId === null ? '' : r.deviceNames.get(deviceId);
  if (cluster && siteId !== null && numberOf(cluster.site_id) !== null && numberOf(cluster.site_id) !== siteId) {
    return ['cluster', `The selected cluster (${clusterName}) is not assigned to this site (${siteName}).`];
  }
  if (device && siteId !== null && numberOf(device.site_id) !== siteId) return ['site', `The selected device (${deviceName}) is not assigned to this site (${siteName}).`];
  const deviceCluster = device ? numberOf(device.cluster_id) : null;
  if (device && clusterId === null && deviceCluster !== null) {
    return ['cluster', `Must specify the assigned device's cluster (${r.clusterNames.get(deviceCluster)}) when assigning host device ${deviceName}.`];
  }
  if (device && clusterId !== null && deviceCluster !== clusterId) return ['device', `The selected device (${deviceName}) is not assigned to this cluster (${clusterName}).`];
  const total = item.id === null ? 0 : (r.diskTotals.get(item.id) ?? 0);
  const disk = numberOf(item.value('disk'));
  if (total && disk === null) item.columns.disk = total;
  else if (total && disk !== total) return ['disk', `The specified disk size (${disk}) must match the aggregate size of assigned virtual disks (${total}).`];
  return null;
}

async function clean(batch: WriteBatch): Promise<void> {
  const checked = batch.items.filter((item) => {
    // DRF's field check, which answers before the model's clean().
    const vcpus = item.data.vcpus;
    if (vcpus === null || vcpus === undefined || Number(vcpus) > 0.01) return true;
    item.error('vcpus', `Ensure this value is greater than or equal to ${VCPUS_BOUND}.`);
    return false;
  });
  if (!checked.length) return;
  const r = await related(batch);
  for (const item of checked) {
    const error = firstError(item, r);
    if (error) item.error(...error);
  }
  await checkPrimaryAddresses(batch);
}

async function beforeSave(batch: WriteBatch): Promise<void> {
  const { items, registry } = batch;
  await applyTypeDefaults(batch);
  const homeless = items.filter((item) => item.value('site_id') === null || item.value('site_id') === undefined);
  if (homeless.length) {
    const clusterSite = requiredColumn(registry, 'virtualization.clusters', '_site');
    const clusters = await rowsById(batch.tx, tableOf(batch, 'virtualization.clusters'), homeless.map((i) => i.value('cluster_id')), `t."${clusterSite}" AS site_id`);
    const devices = await rowsById(batch.tx, tableOf(batch, 'dcim.devices'), homeless.map((i) => i.value('device_id')), 't.site_id');
    for (const item of homeless) {
      const site = clusters.get(Number(item.value('cluster_id')))?.site_id ?? devices.get(Number(item.value('device_id')))?.site_id ?? null;
      if (site !== null) item.columns.site_id = site;
    }
  }
  for (const item of items) if (item.creating || 'name' in item.columns) item.columns._name = naturalize(item.value('name') as string | null);
}

export const virtualMachineRules: ModelRules = { clean, beforeSave };
