/**
 * @module
 * Prefix.clean() and save(): no /0 network; no duplicate prefix in a VRF that enforces unique
 * space, nor in the global table (NetBox's ENFORCE_GLOBAL_UNIQUE, True by default); on save, the
 * cached region, site group, site and location of the prefix's scope (dcim/shared/cachedScope.ts)
 * and the VRF order column; after a save or a delete, the stored hierarchy of the rows around the
 * prefixes written (prefixHierarchy.ts, freeSpace.ts), as NetBox's post_save and post_delete
 * signals refresh `_depth` and `_children`.
 */
import type { Queryable } from '../../../db/index.ts';
import type { DeletePlan, ModelRules, Registry, WriteBatch } from '../../../rest/index.ts';
import { columnOf, updatedIds, valueOf, vrfsOf, vrfText } from '../shared/batchValues.ts';
import { fillCachedScope } from '../../dcim/index.ts';
import { parseNetwork } from '../shared/ipSpace.ts';
import { cachedScopeObjectMissing } from '../shared/scopeMissing.ts';
import { lockContainers, maintainFreeSpace } from './freeSpace.ts';
import { batchChanges, byIndex, positionsOf, prefixColumns, type PrefixChange } from './prefixChanges.ts';
import { initialHierarchy, maintainDepthAndChildren, vrfRange } from './prefixHierarchy.ts';

/** NetBox's ENFORCE_GLOBAL_UNIQUE setting (its default): duplicates are refused in the global table. */
export const ENFORCE_GLOBAL_UNIQUE = true;

async function refuseDuplicates(batch: WriteBatch): Promise<void> {
  const vrfs = await vrfsOf(batch);
  const enforced = batch.items.filter((item) => {
    if (!item.errors.empty) return false;
    const vrf = valueOf(batch, item, 'vrf');
    return vrf === null ? ENFORCE_GLOBAL_UNIQUE : vrfs.get(Number(vrf))?.enforce_unique === true;
  });
  if (!enforced.length) return;
  // PostgreSQL compares the networks, whatever their spelling; the answer names the items that
  // collide. Each is looked up in the order index (`_vrf_order, prefix, id`) alone.
  const columns = prefixColumns(batch.registry);
  const rows = await byIndex(batch.tx, () => batch.tx.query<{ i: number }>(
    `SELECT u.i FROM unnest($1::cidr[], $2::int[]) WITH ORDINALITY u(p, v, i) WHERE EXISTS (` +
      `SELECT 1 FROM ${columns.table} p WHERE ${vrfRange(columns, 'p', 'u.v', '>=', 'u.p', 'u.p')} AND NOT (p.id = ANY($3::int[])))`,
    [enforced.map((item) => valueOf(batch, item, 'prefix')), enforced.map((item) => valueOf(batch, item, 'vrf')), updatedIds(batch)],
  ));
  const clashing = new Set(rows.map((row) => Number(row.i) - 1));
  const seen = new Set<string>();
  enforced.forEach((item, i) => {
    const [value, vrfId] = [valueOf(batch, item, 'prefix'), valueOf(batch, item, 'vrf')];
    const network = parseNetwork(String(value))!;
    const key = `${network.family}|${network.value}|${network.length}|${vrfId ?? ''}`;
    // A second prefix of the same request collides with the first.
    if (clashing.has(i) || seen.has(key)) {
      const table = vrfId === null ? 'global table' : `VRF ${vrfText(vrfs.get(Number(vrfId)))}`;
      item.error('prefix', `Duplicate prefix found in ${table}: ${value}`);
    }
    seen.add(key);
  });
}

/** The order of the global table first: the VRF's id, 0 for none (ids are positive). */
function setVrfOrder(batch: WriteBatch): void {
  const [vrf, order] = [columnOf(batch, 'vrf'), columnOf(batch, '_vrf_order')];
  for (const item of batch.items) if (item.creating || vrf in item.columns) item.columns[order] = Number(item.value(vrf) ?? 0);
}

/** Containers locked first (in id order), then depths and counts, then free space. */
async function maintainHierarchy(tx: Queryable, registry: Registry, changes: PrefixChange[]): Promise<void> {
  if (!changes.length) return;
  const columns = prefixColumns(registry);
  await byIndex(tx, async () => {
    const containers = await lockContainers(tx, columns, changes);
    await maintainDepthAndChildren(tx, columns, changes);
    await maintainFreeSpace(tx, columns, changes, containers);
  });
}

/** The prefixes a delete removes, where they stood, noted before they are gone. */
const deleted = new WeakMap<DeletePlan, PrefixChange[]>();

export const prefixRules: ModelRules = {
  async clean(batch) {
    for (const item of batch.items) {
      if (parseNetwork(String(valueOf(batch, item, 'prefix')))?.length === 0) item.error('prefix', 'Cannot create prefix with /0 mask.');
    }
    await refuseDuplicates(batch);
  },
  async beforeSave(batch) {
    await fillCachedScope(batch);
    setVrfOrder(batch);
    await byIndex(batch.tx, () => initialHierarchy(batch, prefixColumns(batch.registry)));
  },
  async afterSave(batch) {
    await maintainHierarchy(batch.tx, batch.registry, await batchChanges(batch, prefixColumns(batch.registry)));
  },
  async beforeDelete(plan, tx, _ctx, registry) {
    const ids = plan.deletes.filter((d) => d.resource.key === 'ipam.prefixes').flatMap((d) => d.ids);
    const before = await positionsOf(tx, prefixColumns(registry), ids);
    deleted.set(plan, [...before].map(([id, position]) => ({ id, before: position, after: null })));
  },
  async afterDelete(plan, tx, _ctx, registry) {
    // Once per plan, should the plan list prefixes twice.
    const changes = deleted.get(plan) ?? [];
    deleted.delete(plan);
    await maintainHierarchy(tx, registry, changes);
  },
  genericObjectMissing: cachedScopeObjectMissing,
};
