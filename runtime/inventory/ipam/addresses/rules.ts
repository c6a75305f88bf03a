/**
 * @module
 * IPAddress.clean() and save(). Per address, the first failing check answers, in NetBox's order:
 * the DNS name's characters (a field validator, so alone), no /0 mask, no network ID or broadcast
 * address on an interface, no duplicate in unique space, not inside a populated range, a primary
 * IP not moved off its device, SLAAC for IPv6 only. Each check runs once for the whole request,
 * over the addresses no earlier check refused. On save the DNS name is stored lower-case.
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { valueOf } from '../shared/batchValues.ts';
import { addressError, dnsNameError, statusError } from './addressChecks.ts';
import { refuseDuplicates } from './duplicates.ts';
import { refuseInsidePopulatedRanges } from './populatedRanges.ts';
import { refusePrimaryReassignment } from './primaryReassign.ts';

/** The items of the batch that no check has refused yet. */
const pending = (batch: WriteBatch) => batch.items.filter((item) => item.errors.empty);

async function clean(batch: WriteBatch): Promise<void> {
  for (const item of pending(batch)) {
    const dnsName = dnsNameError(valueOf(batch, item, 'dns_name'));
    if (dnsName) item.error('dns_name', dnsName);
  }
  for (const item of pending(batch)) {
    const assigned = valueOf(batch, item, 'assigned_object_id') !== null;
    const error = addressError(String(valueOf(batch, item, 'address')), assigned);
    if (error) item.error(...error);
  }
  await refuseDuplicates(batch, pending(batch));
  await refuseInsidePopulatedRanges(batch, pending(batch));
  await refusePrimaryReassignment(batch, pending(batch));
  for (const item of pending(batch)) {
    const error = statusError(String(valueOf(batch, item, 'address')), valueOf(batch, item, 'status'));
    if (error) item.error(...error);
  }
}

async function beforeSave(batch: WriteBatch): Promise<void> {
  for (const item of batch.items) {
    const dnsName = item.columns.dns_name;
    if (typeof dnsName === 'string') item.columns.dns_name = dnsName.toLowerCase();
  }
}

export const ipAddressRules: ModelRules = { clean, beforeSave };
