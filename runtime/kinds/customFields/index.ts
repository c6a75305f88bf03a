/**
 * @module
 * Custom fields: definitions loaded at run time, their values' checks, rendering and filters.
 */
export * from './definition.ts';
export { checkValue, objectIds } from './values.ts';
export { unsupportedPattern, validationPattern, type ValidationPattern } from './patterns.ts';
export { customFieldsJson, customFieldsSelect, customFieldsValue } from './render.ts';
export { customFieldCondition, customFieldLookups, customFieldSearch, escapeSearch, filterable } from './filters.ts';
export { invalidFormat, invalidValue, mergeCustomFields, missingRequired, notUnique, stageCustomFields, unknownField, unknownObjects, type MergedCustomFields } from './stage.ts';
