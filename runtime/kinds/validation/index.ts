/**
 * @module
 * Request validators as zod schemas that coerce the way Django REST framework does and fail with
 * DRF's (and NetBox's) exact messages, one module per family of values. Field kinds build their
 * validators from these; required-ness is checked by the writer, which knows whether the request
 * creates or updates.
 */
export * from './field.ts';
export * from './text.ts';
export * from './numbers.ts';
export * from './scalars.ts';
export * from './network.ts';
export * from './choices.ts';
export * from './relations.ts';
