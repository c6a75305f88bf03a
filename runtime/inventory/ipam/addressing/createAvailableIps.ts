/**
 * @module
 * `POST …/prefixes/{id}/available-ips/` and `POST …/ip-ranges/{id}/available-ips/` (handlers
 * `prefix-create-available-ips`, `ip-range-create-available-ips`): creates the next free addresses
 * of the parent, one per item of the body (an object creates one and answers it, a list creates
 * as many and answers the list), as NetBox's AvailableObjectsView does. Each item may carry any
 * field of an IP address; `address` (the next free host with the parent's mask, or the item's
 * `prefix_length`) and `vrf` (the parent's) are set here. The parent's row is locked for the
 * transaction, so parallel requests never hand out one address twice. Too few free addresses is
 * a 409; an item the address rules refuse is a 400 listing the errors per item.
 */
import type { Context } from 'hono';
import type { Queryable } from '../../../db/index.ts';
import { badRequest, conflict, readBody, type FieldErrors, type OperationArgs, type OperationHandler } from '../../../rest/index.ts';
import { parentRow } from '../shared/availability.ts';
import { firstAddresses, prefixFreeAddresses, rangeFreeAddresses, type FreeAddresses } from './availableIps.ts';
import { formatAddress } from '../shared/ipSpace.ts';

type Item = Record<string, unknown>;

/** An item's `prefix_length` (AvailableIPRequestSerializer), or the parent's mask length; an error text when invalid. */
function prefixLength(item: Item, parent: FreeAddresses): number | string {
  if (item.prefix_length === undefined || item.prefix_length === null) return parent.length;
  const raw = item.prefix_length;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value)) return 'A valid integer is required.';
  const most = parent.family === 4 ? 32 : 128;
  if (value < parent.length || value > most) return `Invalid prefix length (${value}) for IPv${parent.family}`;
  return value;
}

function creating(freeOf: (args: OperationArgs, db: Queryable, parent: Item, wanted: number) => Promise<FreeAddresses>): OperationHandler {
  return async (c: Context, args: OperationArgs) => {
    const body = await readBody(c);
    const many = Array.isArray(body);
    const requested = (many ? body : [body]) as unknown[];
    const addresses = args.rest.registry.resource('ipam.ip-addresses');
    const created = await args.rest.createWithin(addresses, args.ctx, async (tx) => {
      const parent = await freeOf(args, tx, await parentRow(c, { resource: args.resource, db: tx }, true), requested.length);
      const hosts = firstAddresses(parent.free, requested.length);
      if (hosts.length < requested.length) throw conflict('Insufficient resources are available to satisfy the request');
      const items = requested.map((item) => (item && typeof item === 'object' && !Array.isArray(item) ? (item as Item) : {}));
      const lengths = items.map((item) => prefixLength(item, parent));
      if (lengths.some((l) => typeof l === 'string')) throw badRequest(lengths.map((l): FieldErrors => (typeof l === 'string' ? { prefix_length: [l] } : {})));
      return items.map(({ prefix_length: _, ...item }, i) => ({ ...item, address: `${formatAddress(parent.family, hosts[i])}/${lengths[i]}`, vrf: parent.vrfId }));
    });
    return c.json(many ? created : created[0], 201);
  };
}

export const prefixCreateAvailableIps = creating(prefixFreeAddresses);
export const ipRangeCreateAvailableIps = creating(rangeFreeAddresses);
