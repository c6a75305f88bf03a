/**
 * @module
 * The POST side of NetBox's AvailableObjectsView, shared by available-prefixes and available-vlans:
 * the body is one object (answered as one) or a list (answered as a list); each item is checked by
 * the request serializer first (a 400 listing errors per item, nothing locked); then, with the
 * parent's row locked until the transaction ends (parallel requests allocate one after another),
 * the free values are read and handed out in order, too few being NetBox's 409; the items, with
 * their allocated values, are then created as the target resource's create would (its rules, all
 * or nothing), and a refusal of the single-object form is its dict, as NetBox's serializer answers.
 */
import type { Context } from 'hono';
import type { Queryable } from '../../../db/index.ts';
import { ApiError, badRequest, conflict, expectedDictionary, readBody, type FieldErrors, type OperationArgs } from '../../../rest/index.ts';
import { parentRow } from './availability.ts';

export type Item = Record<string, unknown>;

/** NetBox's AvailableObjectsView answer when fewer values are free than requested. */
export const INSUFFICIENT = 'Insufficient resources are available to satisfy the request';

export interface Allocation {
  /** The target resource's key (`ipam.prefixes`). */
  target: string;
  /** The request serializer's errors of one item (`{}` when it is valid). */
  check(item: Item, parent: Item): FieldErrors;
  /** The bodies to create, allocated from the locked parent on `tx`; null when too little is free. */
  allocate(tx: Queryable, parent: Item, items: Item[]): Promise<Item[] | null>;
}

export async function createAvailable(c: Context, args: OperationArgs, allocation: Allocation): Promise<Response> {
  const body = await readBody(c);
  const many = Array.isArray(body);
  const requested = (many ? body : [body]) as unknown[];
  const parent = await parentRow(c, args);
  const errors = requested.map((item): FieldErrors =>
    item && typeof item === 'object' && !Array.isArray(item) ? allocation.check(item as Item, parent) : { non_field_errors: [expectedDictionary(item)] },
  );
  if (errors.some((e) => Object.keys(e).length)) throw badRequest(errors);
  try {
    const created = await args.rest.createWithin(args.rest.registry.resource(allocation.target), args.ctx, async (tx) => {
      const locked = await parentRow(c, { resource: args.resource, db: tx }, true);
      const bodies = await allocation.allocate(tx, locked, requested as Item[]);
      if (!bodies) throw conflict(INSUFFICIENT);
      return bodies;
    });
    return c.json(many ? created : created[0], 201);
  } catch (error) {
    if (!many && error instanceof ApiError && error.status === 400 && Array.isArray(error.body) && error.body.length === 1) throw badRequest(error.body[0] as FieldErrors);
    throw error;
  }
}
