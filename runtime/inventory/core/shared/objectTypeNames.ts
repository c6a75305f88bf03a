/**
 * @module
 * How NetBox's ContentTypeField reads an `app.model` name written to a list of object types (a
 * permission's, a tag's): the first entry that is not `<app_label>.<model_name>` or names no
 * allowed type is reported, with DRF's messages.
 */

/** NetBox's error for the first bad name of `names`, or null when every one is allowed. */
export function objectTypeNameError(names: readonly string[], allowed: (name: string) => boolean): string | null {
  for (const name of names) {
    if (name.split('.').length !== 2) return "Invalid value. Specify a content type as '<app_label>.<model_name>'.";
    if (!allowed(name)) return `Invalid content type: ${name}`;
  }
  return null;
}
