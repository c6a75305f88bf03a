/**
 * @module
 * Where two JSON values first differ, for a benchmark that checks its baseline answers what the
 * engine answers before timing either: a readable failure instead of two pages to compare by eye.
 */
import { isDeepStrictEqual } from 'node:util';

/** The first path where `a` and `b` differ, with both values there; '' when they are equal. */
export function firstDifference(a: unknown, b: unknown, path = '$'): string {
  if (isDeepStrictEqual(a, b)) return '';
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keysA = Object.keys(a as object);
    const keysB = Object.keys(b as object);
    if (keysA.join() !== keysB.join()) return `${path}: keys ${JSON.stringify(keysA)} vs ${JSON.stringify(keysB)}`;
    for (const key of keysA) {
      const inner = firstDifference((a as any)[key], (b as any)[key], `${path}.${key}`);
      if (inner) return inner;
    }
  }
  return `${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}
