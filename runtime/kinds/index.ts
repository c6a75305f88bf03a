/**
 * @module
 * Field kinds and filter kinds, the plug-ins both the generator and the runtime are built from,
 * with the column specs and validators they use and the table's compact encoding.
 */
export * from './fields/index.ts';
export * from './filters/index.ts';
export * from './columns.ts';
export * from './table.ts';
export { jsonObjectSql, jsonObjectText } from './jsonObject.ts';
export { sqlIdentifier, sqlLiteral, sqlString } from './sqlText.ts';
export { objectTypeId } from './objectTypes.ts';
export * as v from './validation/index.ts';
export { canonicalUuid, containsNul, INT4, NULL_CHARACTERS, pythonRepr, pythonType } from './validation/index.ts';
export * from './customFields/index.ts';
