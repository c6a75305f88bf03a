/**
 * @module
 * drizzle-kit schema snapshots of the inventory. A snapshot is computed in memory from the same
 * table specs the schema printer uses, then stripped of drizzle-kit's random `id`/`prevId` so
 * the checked-in `snapshot.json` is byte-identical across runs.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { InventoryIR } from '../../ir/types.ts';
import { buildPgTables } from '../drizzle/pgTables.ts';
import { buildTableSpecs, type TableSpec } from '../drizzle/tables.ts';

type DrizzleKitApi = typeof import('drizzle-kit/api');
let drizzleKit: DrizzleKitApi | undefined;

/**
 * drizzle-kit's API takes about a second to load, so it is required only when a snapshot must
 * really be computed, which is when the table specs changed (see `specsFingerprint`).
 */
function generateDrizzleJson(...args: Parameters<DrizzleKitApi['generateDrizzleJson']>) {
  drizzleKit ??= createRequire(import.meta.url)('drizzle-kit/api') as DrizzleKitApi;
  return drizzleKit.generateDrizzleJson(...args);
}

/** A hash of everything a snapshot is computed from: equal fingerprints, equal snapshots. */
export function specsFingerprint(specs: readonly TableSpec[]): string {
  return createHash('sha256').update(JSON.stringify(specs)).digest('hex');
}

/** A drizzle-kit PostgreSQL snapshot without its random ids (plain JSON). */
export type Snapshot = Record<string, unknown>;

/** drizzle-kit's id for "no previous snapshot"; used for both ids when a diff needs them. */
export const ORIGIN_ID = '00000000-0000-0000-0000-000000000000';

function withoutIds(snapshot: Record<string, unknown>): Snapshot {
  const { id: _id, prevId: _prevId, ...rest } = snapshot;
  return rest;
}

/** The snapshot of the tables the IR describes. */
export function currentSnapshot(ir: InventoryIR, specs: readonly TableSpec[] = buildTableSpecs(ir)): Snapshot {
  return withoutIds(generateDrizzleJson(buildPgTables([...specs])) as unknown as Record<string, unknown>);
}

/** The snapshot of an empty database: what the first migration starts from. */
export function emptySnapshot(): Snapshot {
  return withoutIds(generateDrizzleJson({}) as unknown as Record<string, unknown>);
}

/** The snapshot with the ids drizzle-kit's validator requires put back (fixed, not random). */
export function withFixedIds(snapshot: Snapshot): Snapshot {
  return { ...snapshot, id: ORIGIN_ID, prevId: ORIGIN_ID };
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/**
 * Key-order-independent form used to decide whether the schema changed: a drizzle-kit upgrade
 * that only reorders keys must not produce an empty migration.
 */
export function canonicalSnapshot(snapshot: unknown): string {
  const rest = snapshot && typeof snapshot === 'object' ? withoutIds(snapshot as Record<string, unknown>) : snapshot;
  return JSON.stringify(sortKeys(rest));
}

/** The checked-in text of a snapshot (declaration order kept, so columns read top to bottom). */
export function serializeSnapshot(snapshot: unknown): string {
  return `${JSON.stringify(snapshot, null, 2)}\n`;
}
