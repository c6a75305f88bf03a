/**
 * @module
 * Object type ids. NetBox numbers its content types per installation; here an object type's id is
 * a hash of its `app.model` name (FNV-1a, 31 bits), so it never changes as the catalogue grows and
 * needs no table to agree on. The generator refuses two types with one id.
 */
export function objectTypeId(objectType: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < objectType.length; i++) {
    hash ^= objectType.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // Positive and within PostgreSQL's integer, never 0.
  return (hash % 2147483646) + 1;
}
