/**
 * @module
 * The stored column of another resource's field, looked up in the registry rather than spelt out
 * (a cluster's hidden `_site`, a device's `cluster` once dcim serves it).
 */
import type { Registry } from '../../../rest/index.ts';

/** The column of `field` of the resource `key`, or null when the resource has no such stored field. */
export function columnOf(registry: Registry, key: string, field: string): string | null {
  return registry.field(registry.resource(key), field)?.column ?? null;
}

/** The column, which must exist: a definition and its rules out of step is a bug, not a request error. */
export function requiredColumn(registry: Registry, key: string, field: string): string {
  const column = columnOf(registry, key, field);
  if (!column) throw new Error(`${key} has no stored field ${field}`);
  return column;
}
