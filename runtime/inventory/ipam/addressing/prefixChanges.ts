/**
 * @module
 * What a prefix write changes in the hierarchy: for each prefix created, updated or deleted, where
 * it was (its network, VRF and status before) and where it is (after), read in one query per
 * request. The stored hierarchy (prefixHierarchy.ts, freeSpace.ts) is kept from these alone, so a
 * write touches the rows around the prefixes it wrote and never the rest of the table.
 */
import type { Queryable } from '../../../db/index.ts';
import type { Registry, WriteBatch } from '../../../rest/index.ts';
import { sqlIdentifier as quote } from '../../../kinds/index.ts';

/** The prefix table and the columns the hierarchy reads and keeps, quoted for SQL. */
export interface PrefixColumns {
  table: string;
  prefix: string;
  vrf: string;
  status: string;
  depth: string;
  children: string;
  free: string;
  vrfOrder: string;
}

const PREFIXES = 'ipam.prefixes';

export function prefixColumns(registry: Registry): PrefixColumns {
  const resource = registry.resource(PREFIXES);
  const column = (name: string) => {
    const field = registry.field(resource, name);
    if (!field?.column) throw new Error(`${PREFIXES} has no stored field ${name}`);
    return quote(field.column);
  };
  return {
    table: quote(resource.table),
    prefix: column('prefix'),
    vrf: column('vrf'),
    status: column('status'),
    depth: column('_stored_depth'),
    children: column('_children'),
    free: column('_free'),
    vrfOrder: column('_vrf_order'),
  };
}

/**
 * Runs the hierarchy's statements with sequential scans off (for the transaction's while, then back
 * to the default): each reads rows by index for every network of a batch, and PostgreSQL, planning
 * for a table it last analysed nearly empty that a bulk create has just filled, would scan the
 * whole table once per network (a thousand networks: a quarter of a second).
 */
export async function byIndex<T>(tx: Queryable, fn: () => Promise<T>): Promise<T> {
  await tx.query('SET LOCAL enable_seqscan = off');
  // Reset on success only: after an error the transaction is aborted (the setting ends with it) and
  // any statement would fail, hiding the error.
  const result = await fn();
  await tx.query('SET LOCAL enable_seqscan TO DEFAULT');
  return result;
}

/** A prefix where it stands: its network as PostgreSQL prints it, its VRF and its status. */
export interface Position {
  prefix: string;
  vrf: number | null;
  status: string;
}

/** One prefix written: where it was (null: created) and where it is (null: deleted). */
export interface PrefixChange {
  id: number;
  before: Position | null;
  after: Position | null;
}

/** Whether the prefix left its place in the hierarchy: created, deleted, or its network or VRF changed. */
export const moved = (change: PrefixChange) =>
  !change.before || !change.after || change.before.prefix !== change.after.prefix || change.before.vrf !== change.after.vrf;

/** Whether what the prefix itself contains may have changed: it moved, or its status (a global container counts every VRF). */
export const rescoped = (change: PrefixChange) => moved(change) || change.before!.status !== change.after!.status;

type PositionRow = { id: number; prefix: string; vrf: number | null; status: string };

const positionOf = (row: PositionRow): Position => ({ prefix: String(row.prefix), vrf: row.vrf === null ? null : Number(row.vrf), status: String(row.status) });

/** Positions of rows by id, as stored now: one query. */
export async function positionsOf(db: Queryable, columns: PrefixColumns, ids: number[]): Promise<Map<number, Position>> {
  if (!ids.length) return new Map();
  const rows = await db.query<PositionRow>(
    `SELECT id, ${columns.prefix}::text AS prefix, ${columns.vrf} AS vrf, ${columns.status} AS status FROM ${columns.table} WHERE id = ANY($1::int[])`,
    [ids],
  );
  return new Map(rows.map((row) => [Number(row.id), positionOf(row)]));
}

/**
 * The changes of a written batch that concern the hierarchy: created prefixes, and updated ones
 * whose network, VRF or status was written (a description alone costs no query).
 */
export async function batchChanges(batch: WriteBatch, columns: PrefixColumns): Promise<PrefixChange[]> {
  const column = (name: string) => batch.registry.field(batch.resource, name)!.column!;
  const watched = ['prefix', 'vrf', 'status'].map(column);
  const items = batch.items.filter((item) => item.creating || watched.some((c) => c in item.columns));
  const after = await positionsOf(batch.tx, columns, items.map((item) => item.id!));
  const [prefix, vrf, status] = watched;
  return items
    .map((item): PrefixChange => {
      const row = item.existing;
      const before = row ? positionOf({ id: item.id!, prefix: row[prefix] as string, vrf: row[vrf] as number | null, status: row[status] as string }) : null;
      return { id: item.id!, before, after: after.get(item.id!) ?? null };
    })
    .filter((change) => change.after && (!change.before || rescoped(change)));
}
