/**
 * @module
 * SQL expressions of virtual machines and clusters:
 * - a VM's `interface_count` and `virtual_disk_count` (NetBox's counter columns), computed so that
 *   they can be filtered and ordered;
 * - a cluster's allocated vCPUs, memory and disk.
 */
import type { SqlExpression } from '../../../rest/index.ts';

/** How many rows of `target` point at this VM. */
const componentsOf =
  (target: string): SqlExpression =>
  (t, sql) => {
    const a = sql.alias();
    return `(SELECT count(*) FROM ${sql.table(target)} ${a} WHERE ${a}.virtual_machine_id = ${t}.id)::int`;
  };

export const vmInterfaceCount = componentsOf('virtualization.interfaces');
export const vmVirtualDiskCount = componentsOf('virtualization.virtual-disks');

/** A cluster's sum of its VMs' `column` (NetBox's allocated_vcpus/memory/disk annotations): null when it has none. */
const allocatedBy =
  (column: 'vcpus' | 'memory' | 'disk'): SqlExpression =>
  (t, sql) => {
    const a = sql.alias();
    return `(SELECT sum(${a}.${column}) FROM ${sql.table('virtualization.virtual-machines')} ${a} WHERE ${a}.cluster_id = ${t}.id)`;
  };

export const clusterAllocatedVcpus = allocatedBy('vcpus');
export const clusterAllocatedMemory = allocatedBy('memory');
export const clusterAllocatedDisk = allocatedBy('disk');
