/**
 * @module
 * Rules of locations (NetBox's Location.clean()): a location's parent lies in the location's own
 * site. NestedGroupModel's check that the parent is not the location itself nor one of its
 * descendants comes first, from the engine (every tree).
 */
import type { ModelRules, WriteBatch } from '../../../rest/index.ts';
import { rowsById, tableOf } from '../shared/rows.ts';

async function cleanLocations(batch: WriteBatch): Promise<void> {
  const { tx, items } = batch;
  const parents = await rowsById(tx, tableOf(batch, 'dcim.locations'), items.map((i) => i.value('parent_id')), 't.site_id, t.name');
  const sites = await rowsById(tx, tableOf(batch, 'dcim.sites'), items.map((i) => i.value('site_id')), 't.name');
  for (const item of items) {
    const parent = parents.get(Number(item.value('parent_id')));
    if (!parent || Number(parent.site_id) === Number(item.value('site_id'))) continue;
    const site = sites.get(Number(item.value('site_id')));
    item.error('__all__', `Parent location (${parent.name}) must belong to the same site (${site?.name}).`);
  }
}

export const locationRules: ModelRules = { clean: cleanLocations };
