/**
 * @module
 * Prefix.clean() and save(): no /0 network; no duplicate prefix in a VRF that enforces unique
 * space, nor in the global table (NetBox's ENFORCE_GLOBAL_UNIQUE, True by default); and, on save,
 * the cached region, site group, site and location of the prefix's scope (dcim/shared/cachedScope.ts).
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { columnOf, updatedIds, valueOf, vrfsOf, vrfText } from '../shared/batchValues.ts';
import { fillCachedScope } from '../../dcim/index.ts';
import { parseNetwork } from '../shared/ipSpace.ts';
import { cachedScopeObjectMissing } from '../shared/scopeMissing.ts';

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
  const [prefix, vrf] = [columnOf(batch, 'prefix'), columnOf(batch, 'vrf')];
  // PostgreSQL compares the networks, whatever their spelling; the answer names the items that collide.
  const rows = await batch.tx.query<{ i: number }>(
    `SELECT DISTINCT u.i FROM unnest($1::cidr[], $2::int[]) WITH ORDINALITY u(p, v, i) ` +
      `JOIN "${batch.resource.table}" p ON p."${prefix}" = u.p AND p."${vrf}" IS NOT DISTINCT FROM u.v WHERE NOT (p.id = ANY($3::int[]))`,
    [enforced.map((item) => valueOf(batch, item, 'prefix')), enforced.map((item) => valueOf(batch, item, 'vrf')), updatedIds(batch)],
  );
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

export const prefixRules: ModelRules = {
  async clean(batch) {
    for (const item of batch.items) {
      if (parseNetwork(String(valueOf(batch, item, 'prefix')))?.length === 0) item.error('prefix', 'Cannot create prefix with /0 mask.');
    }
    await refuseDuplicates(batch);
  },
  beforeSave: fillCachedScope,
  genericObjectMissing: cachedScopeObjectMissing,
};
