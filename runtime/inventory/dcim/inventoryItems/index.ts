/**
 * @module
 * dcim inventory items, their roles and templates: the tree order and the counts devices and
 * device types show (SQL expressions), the device types' `inventory_items` filter, and the
 * models' rules.
 */
import type { AppRules } from '../../appRules.ts';
import * as e from './expressions.ts';
import { deviceTypeHasItems } from './filters.ts';
import { inventoryItemRules } from './itemRules.ts';
import { inventoryItemTemplateRules } from './templateRules.ts';

export const inventoryItems: AppRules = {
  expressions: {
    inventory_tree_order: e.treeOrder,
    device_inventory_item_count: e.deviceItemCount,
    device_type_inventory_item_template_count: e.deviceTypeTemplateCount,
  },
  methods: {
    device_type_has_inventory_items: deviceTypeHasItems,
  },
  rules: {
    'dcim.inventory-items': inventoryItemRules,
    'dcim.inventory-item-templates': inventoryItemTemplateRules,
  },
};
