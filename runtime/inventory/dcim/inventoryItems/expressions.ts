/**
 * @module
 * Values of inventory items and their templates computed in SQL:
 * - the tree order NetBox's TreeManager lists both in (each tree after the one before it, a
 *   node before its children, siblings in the order they were added): the node's `tree_path`;
 * - the counts NetBox keeps on devices (`inventory_item_count`) and device types
 *   (`inventory_item_template_count`), computed so that they can be filtered and ordered.
 */
import type { SqlExpression } from '../../../rest/index.ts';

export const treeOrder: SqlExpression = (t) => `${t}.tree_path`;

/** How many `target` rows point at this one through `column`. */
const countOf =
  (target: string, column: string): SqlExpression =>
  (t, sql) => {
    const a = sql.alias();
    return `(SELECT count(*) FROM ${sql.table(target)} ${a} WHERE ${a}.${column} = ${t}.id)::int`;
  };

export const deviceItemCount = countOf('dcim.inventory-items', 'device_id');
export const deviceTypeTemplateCount = countOf('dcim.inventory-item-templates', 'device_type_id');
