/**
 * @module
 * NetBox's REST conventions, the same for every resource: the engine (list, retrieve, writes,
 * bulk), the resource registry built from the generated tables, serialisation, request
 * validation, and NetBox-shaped errors. Other runtime folders import only this file.
 */
export { RestEngine, type RestHooks } from './engine.ts';
export { readBody, MAX_BODY_DEPTH } from './body.ts';
export { Registry } from './registry.ts';
export { Serializer } from './serialize.ts';
export { ApiError, badRequest, expectedDictionary, conflict, forbidden, methodNotAllowed, notFound, preconditionFailed, type FieldErrors } from './errors.ts';
export { apiErrorFromDatabase } from './databaseErrors.ts';
export { v, zodErrors, type ResourceSchema } from './validation/index.ts';
export type { WriteContext } from './write/writer.ts';
export type { AppIndex, ChoiceSet, Field, Filter, LinkTable, Resource, Unique } from './model.ts';
