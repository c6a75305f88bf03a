/**
 * @module
 * How NetBox's ContentTypeField reads an `app.model` name written to a list of object types (a
 * permission's, a tag's): the first entry that is not `<app_label>.<model_name>` or names no
 * allowed type is reported, with DRF's messages; `checkObjectTypeList` checks a whole required list
 * field as the serializers of export templates, saved filters, event rules and custom links have it.
 */
import type { Registry, WriteItem } from '../../../rest/index.ts';

/** NetBox's error for the first bad name of `names`, or null when every one is allowed. */
export function objectTypeNameError(names: readonly string[], allowed: (name: string) => boolean): string | null {
  for (const name of names) {
    if (name.split('.').length !== 2) return "Invalid value. Specify a content type as '<app_label>.<model_name>'.";
    if (!allowed(name)) return `Invalid content type: ${name}`;
  }
  return null;
}

/**
 * A required list of object types (ContentTypeField(many=True), not empty) written to `item`: DRF's
 * `This list may not be empty.`, then the first bad name; nothing when the write leaves it as it
 * was. `allowed` defaults to every served type.
 */
export function checkObjectTypeList(item: WriteItem, registry: Registry, column: string, allowed = (name: string) => registry.byObjectType.has(name), field = 'object_types'): void {
  if (!(column in item.columns)) return;
  const types = (item.value(column) as string[] | null) ?? [];
  if (!types.length) item.error(field, 'This list may not be empty.');
  const error = objectTypeNameError(types, allowed);
  if (error) item.error(field, error);
}
