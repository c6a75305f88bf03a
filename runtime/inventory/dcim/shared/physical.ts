/**
 * @module
 * Checks NetBox's physical mixins make in clean(): a weight needs its unit (WeightMixin), outer
 * dimensions and a maximum weight need theirs (RackBase). Model-level errors, under `__all__`.
 * And what their save() tidies: an outer unit without outer dimensions is dropped.
 */
import type { WriteItem } from '../../../rest/index.ts';
import { truthy } from './rows.ts';

const OUTER = ['outer_width', 'outer_height', 'outer_depth'];

/** The first unit missing (WeightMixin's check first, as its clean() runs first), or null. */
export function missingUnit(item: WriteItem, { rack = false } = {}): string | null {
  if (truthy(item.value('weight')) && !truthy(item.value('weight_unit'))) return 'Must specify a unit when setting a weight';
  if (!rack) return null;
  if (OUTER.some((c) => truthy(item.value(c))) && !truthy(item.value('outer_unit'))) return 'Must specify a unit when setting an outer dimension';
  if (truthy(item.value('max_weight')) && !truthy(item.value('weight_unit'))) return 'Must specify a unit when setting a maximum weight';
  return null;
}

/** Before a write: no outer unit without an outer dimension. */
export function dropUnusedOuterUnit(item: WriteItem): void {
  if (!OUTER.some((c) => truthy(item.value(c))) && item.value('outer_unit') !== null) item.columns.outer_unit = null;
}
