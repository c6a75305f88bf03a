/**
 * @module
 * HTTP errors with NetBox's exact bodies. Handlers throw them; the server's error handler turns
 * them into responses. Anything else that escapes becomes NetBox's 500 body.
 */

export type ErrorBody = Record<string, unknown> | unknown[];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'object' && body && 'detail' in body ? String((body as { detail: unknown }).detail) : JSON.stringify(body));
  }
}

/** A validation error: `{"field": ["message"]}` (or a list of those for bulk requests). */
export type FieldErrors = Record<string, string[]>;

export const badRequest = (body: FieldErrors | FieldErrors[] | string[] | { detail: string }) => new ApiError(400, body);
export const forbidden = (detail = 'You do not have permission to perform this action.') => new ApiError(403, { detail });
export const notFound = (model?: string) => new ApiError(404, { detail: model ? `No ${model} matches the given query.` : 'Not found.' });
export const methodNotAllowed = (method: string) => new ApiError(405, { detail: `Method "${method}" not allowed.` });
export const conflict = (detail: string) => new ApiError(409, { detail });
export const preconditionFailed = (etag: string) => new ApiError(412, { detail: 'Precondition failed.' }, { ETag: etag });

/** Collects field errors while validating one object. */
export class ErrorCollector {
  readonly errors: FieldErrors = {};
  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }
  get empty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}
