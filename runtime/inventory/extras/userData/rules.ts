/**
 * @module
 * Rules of the users' own objects:
 * - saved filters: SavedFilter.clean() (`parameters` must be a dictionary) and the object types,
 *   which must be served models (NetBox's ContentTypeField over every model);
 * - table configs: the object type, likewise (TableConfig.clean()'s check of the table and its
 *   columns against NetBox's UI tables is not made: this server has no UI tables);
 * - notifications: `object_repr`, the object's string kept when the notification is saved, as
 *   Notification.save() keeps it (its display once the object is gone).
 */
import type { ModelRules } from '../../../rest/index.ts';
import { checkObjectTypeList, objectTypeNameError } from '../../core/index.ts';

export const savedFilterRules: ModelRules = {
  async clean({ items, resource, registry }) {
    const column = (name: string) => registry.field(resource, name)!.column!;
    for (const item of items) {
      checkObjectTypeList(item, registry, column('object_types'));
      const parameters = item.value(column('parameters'));
      if (parameters === null || typeof parameters !== 'object' || Array.isArray(parameters)) {
        item.error('parameters', 'Filter parameters must be stored as a dictionary of keyword arguments.');
      }
    }
  },
};

export const tableConfigRules: ModelRules = {
  async clean({ items, resource, registry }) {
    const column = registry.field(resource, 'object_type')!.column!;
    for (const item of items) {
      if (!(column in item.columns)) continue;
      const error = objectTypeNameError([String(item.value(column))], (name) => registry.byObjectType.has(name));
      if (error) item.error('object_type', error);
    }
  },
};

export const notificationRules: ModelRules = {
  async beforeSave(batch) {
    const { items, resource, registry } = batch;
    const generic = resource.fields.find((f) => f.kind === 'generic_fk')!.generic!;
    const [typeColumn, idColumn] = [generic.typeField, generic.idField].map((name) => registry.field(resource, name)!.column!);
    const reprColumn = registry.field(resource, 'object_repr')!.column!;
    const byType = new Map<string, unknown[]>();
    for (const item of items) byType.set(String(item.value(typeColumn)), [...(byType.get(String(item.value(typeColumn))) ?? []), item.value(idColumn)]);
    const displays = new Map<string, Map<number, string>>();
    for (const [type, ids] of byType) {
      const target = registry.byObjectType.get(type)?.resource;
      if (target) displays.set(type, await batch.displays(target.key, ids));
    }
    for (const item of items) {
      const display = displays.get(String(item.value(typeColumn)))?.get(Number(item.value(idColumn)));
      // The object is gone (a notification outlives it): the string it had is kept.
      if (display !== undefined) item.columns[reprColumn] = display.slice(0, 200);
      else if (item.creating) item.columns[reprColumn] = '';
    }
  },
};
