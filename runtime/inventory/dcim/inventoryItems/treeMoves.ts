/**
 * @module
 * The words for a parent that is the node itself or one of its descendants, in the trees of
 * inventory items and their templates. NetBox's InventoryItem.clean() refuses the node itself
 * ("Cannot assign self as parent."); otherwise django-mptt's save() raises InvalidMove, which
 * NetBox's API does not catch (a 500): here a 400 with its message.
 */
import type { WriteItem } from '../../../rest/index.ts';

export const MPTT_SELF = 'A node may not be made a child of itself.';
export const MPTT_DESCENDANT = 'A node may not be made a child of any of its descendants.';

const isSelf = (item: WriteItem) => Number(item.value('parent_id')) === item.id;

/** The message for a cyclic parent, `self` saying it when the parent is the node itself. */
export const cyclicParent =
  (self: string) =>
  (item: WriteItem): string =>
    isSelf(item) ? self : MPTT_DESCENDANT;
