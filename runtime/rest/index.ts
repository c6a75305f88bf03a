/**
 * @module
 * NetBox's REST conventions, the same for every resource: the engine (list, retrieve, writes,
 * bulk, deletes), the registry of the generated table, the request context, the extension points
 * that runtime/inventory fills, serialisation and NetBox-shaped errors. Other runtime folders
 * import only this file.
 */
export { parseId, RestEngine, type EngineOptions } from './engine.ts';
export { pruneChanges } from './changes/index.ts';
export { constraintSets, ConstraintError, type ConstraintSet } from './query/constraints.ts';
export { Registry } from './registry.ts';
export { Serializer } from './serialize.ts';
export { Reader } from './read.ts';
export { shownFields } from './query/shape.ts';
export { pageLinks, parsePage, type Page } from './query/pagination.ts';
export { readBody, MAX_BODY_DEPTH } from './body.ts';
export { unrestricted, type PermissionScope, type Principal, type RequestContext } from './context.ts';
export { LIST_EXPORT, noExtensions, type ChangeAction, type ChangeEvents, type CustomFieldSource, type Extensions, type MethodFilter, type MethodFilterArgs, type ModelRules, type ObjectWriter, type OperationArgs, type OperationHandler, type RestServices, type SqlExpression, type SqlScope } from './extensions.ts';
export { ApiError, badRequest, expectedDictionary, conflict, forbidden, methodNotAllowed, notFound, preconditionFailed, type FieldErrors } from './errors.ts';
export { apiErrorFromDatabase } from './databaseErrors.ts';
export { zodErrors } from './validation.ts';
export { retryingTransaction } from './transaction.ts';
export { WriteItem, type WriteBatch } from './write/batch.ts';
export type { DeletePlan } from './write/deletePlan.ts';
