/**
 * @module
 * NetBox's deepmerge (utilities/data.py) and ConfigContextModel.get_config_context(), in
 * TypeScript: what the SQL function `netbox_deepmerge` (migration 0025) computes in the page
 * statement, kept here as the reference its tests compare against (and for the bench's merge by
 * hand).
 */

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `next` merged into `original`, a new object: a key whose values are both objects (the new one
 * not empty) is merged recursively; any other key takes the new value.
 */
export function deepMerge(original: JsonObject, next: JsonObject): JsonObject {
  const merged: JsonObject = { ...original };
  for (const [key, value] of Object.entries(next)) {
    const earlier = original[key];
    merged[key] = isObject(earlier) && isObject(value) && Object.keys(value).length > 0 ? deepMerge(earlier, value) : value;
  }
  return merged;
}

/** A config context: the contexts' data in their order (weight, then name), then the local data when it is not empty. */
export function configContext(contextData: readonly JsonObject[], localContextData: unknown): JsonObject {
  let data: JsonObject = {};
  for (const context of contextData) data = deepMerge(data, context);
  if (isObject(localContextData) && Object.keys(localContextData).length) data = deepMerge(data, localContextData);
  return data;
}
